import { useState } from 'react';
import { siteImageUrl } from '../../../contract/site-images';
import { Picture } from '../../components/ui/picture';

/**
 * The latest video as a privacy-friendly facade: a local picture and a play button; YouTube's
 * (no-cookie) player is loaded only when the visitor asks for it. Hidden without a valid video id (the
 * loader takes it from the URL's `v` parameter).
 */
export function VideoSection({
  videoId: id,
  failed,
  className = 'container-page mt-10',
}: {
  videoId: string | null;
  failed: boolean;
  className?: string;
}) {
  const [playing, setPlaying] = useState(false);
  if (failed) return <p className={`${className} text-teak-800`}>Error loading video</p>;
  if (!id) return null;
  return (
    <section className={className} aria-labelledby="latest-video">
      <h2 id="latest-video" className="sr-only">
        Inside our workshop
      </h2>
      <div className="relative aspect-video overflow-hidden rounded-3xl bg-teak-900 shadow-sm lg:aspect-[21/9]">
        {playing ? (
          <iframe
            className="absolute inset-0 h-full w-full"
            src={`https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`}
            title="Inside our workshop (YouTube video)"
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
          />
        ) : (
          <button
            type="button"
            onClick={() => setPlaying(true)}
            className="group absolute inset-0 block w-full"
            aria-label="Play the video: Inside our workshop"
          >
            <Picture
              src={siteImageUrl('workshop2')}
              alt=""
              priority="low"
              sizes="(min-width: 1280px) 1216px, 100vw"
              className="h-full w-full object-cover opacity-80 transition group-hover:opacity-90"
            />
            <span className="absolute inset-0 grid place-items-center">
              <span className="grid h-20 w-20 place-items-center rounded-full bg-white/95 shadow-xl transition group-hover:scale-105">
                <svg aria-hidden viewBox="0 0 24 24" className="ml-1 h-9 w-9 text-teak-700" fill="currentColor">
                  <path d="M8 5v14l11-7z" />
                </svg>
              </span>
            </span>
            <span className="absolute bottom-5 left-6 text-left text-white">
              <span className="block text-xs font-semibold tracking-[0.25em] uppercase">Watch</span>
              <span className="font-display text-2xl">Inside our workshop</span>
            </span>
          </button>
        )}
      </div>
    </section>
  );
}
