import { useState, type FormEvent } from 'react';
import { youtubeId, youtubeWatchId, type HomeBanner } from '../../../contract/content';
import { api } from '../../lib/api';
import { TextField } from './crud';
import { FormStatus, ImagePicker, Panel, UploadProgress, dangerButton, dateTime, firstError, primaryButton, useRemote, useSubmitter } from './ui';

export function HomeBannerSection() {
  const banner = useRemote<HomeBanner>('/api/homebanner/', 'Error fetching banner.');
  const form = useSubmitter();
  const [files, setFiles] = useState<File[]>([]);
  const [formKey, setFormKey] = useState(0);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (
      !form.check({
        image: files.length > 0 ? undefined : 'Please choose an image to upload.',
      })
    )
      return;
    const body = new FormData();
    body.set('image', files[0]!);
    const saved = await form.run(
      (onUploadProgress) =>
        api<HomeBanner>('/api/homebanner/', {
          method: 'POST',
          form: body,
          onUploadProgress,
        }),
      {
        success: 'Home banner updated successfully',
      },
    );
    if (saved) {
      setFiles([]);
      setFormKey((k) => k + 1);
      await banner.reload();
    }
  }

  async function remove() {
    const done = await form.run(() => api('/api/homebanner/', { method: 'DELETE' }).then(() => true), {
      success: 'Home banner deleted successfully',
    });
    if (done) await banner.reload();
  }

  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      <Panel title="Home banner">
        {banner.error ? <p className="text-sm text-red-800">{banner.error}</p> : null}
        {banner.loading && !banner.data ? <p className="text-sm text-teak-700">Loading banner…</p> : null}
        {!banner.loading && !banner.error && !banner.data ? <p className="text-sm text-teak-700">No banner available</p> : null}
        {banner.data ? (
          <figure>
            <img src={banner.data.image} alt="Current home banner" className="aspect-[21/9] w-full rounded-xl object-cover ring-1 ring-teak-200" />
            <figcaption className="mt-2 flex flex-wrap items-center justify-between gap-3 text-sm text-teak-800">
              <span>Uploaded {dateTime(banner.data.uploaded_at)}</span>
              <button type="button" className={dangerButton} onClick={() => void remove()}>
                Delete banner
              </button>
            </figcaption>
          </figure>
        ) : null}
      </Panel>
      <Panel title="Replace the home banner">
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4" aria-label="Upload home banner">
          <ImagePicker
            label="Banner image"
            files={files}
            onChange={(f) => {
              setFiles(f);
              form.clearField('image');
            }}
            error={firstError(form.errors, 'image')}
            resetKey={formKey}
            required
          />
          <UploadProgress fraction={form.progress} />
          <FormStatus success={form.success} failure={form.failure} />
          <div>
            <button type="submit" className={primaryButton} disabled={form.busy}>
              {form.busy ? 'Uploading…' : 'Upload banner'}
            </button>
          </div>
        </form>
      </Panel>
    </div>
  );
}

type Video = { id: number; youtube_url: string; uploaded_at: string } | { youtube_url: null };

export function VideoSection() {
  const video = useRemote<Video>('/api/latest-video/', 'Error loading video');
  const form = useSubmitter();
  const [url, setUrl] = useState('');
  const current = video.data?.youtube_url ?? null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = url.trim();
    const ok = form.check({
      youtube_url: !trimmed
        ? 'This field is required.'
        : youtubeWatchId(trimmed)
          ? undefined
          : 'Enter a link to a YouTube video, such as https://www.youtube.com/watch?v=dQw4w9WgXcQ or https://youtu.be/dQw4w9WgXcQ.',
    });
    if (!ok) return;
    const saved = await form.run(
      () =>
        api('/api/latest-video/', {
          method: 'POST',
          json: { youtube_url: trimmed },
        }).then(() => true),
      {
        success: 'Video updated successfully',
      },
    );
    if (saved) {
      setUrl('');
      await video.reload();
    }
  }

  async function remove() {
    const done = await form.run(() => api('/api/latest-video/', { method: 'DELETE' }).then(() => true), { success: 'Video deleted successfully' });
    if (done) await video.reload();
  }

  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      <Panel title="Featured YouTube video">
        {video.error ? <p className="text-sm text-red-800">{video.error}</p> : null}
        {video.loading && !video.data ? <p className="text-sm text-teak-700">Loading video…</p> : null}
        {!video.loading && !video.error && !current ? <p className="text-sm text-teak-700">No video available</p> : null}
        {current ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="min-w-0">
              <p className="text-sm text-teak-700">Now on the home page</p>
              <a
                href={current}
                target="_blank"
                rel="noopener noreferrer"
                className="block font-semibold break-all text-teak-800 underline underline-offset-4"
                data-testid="current-video"
              >
                {current}
              </a>
              <p className="text-xs text-teak-700">Video id {youtubeId(current) ?? '—'}</p>
            </div>
            <button type="button" className={dangerButton} onClick={() => void remove()}>
              Delete video
            </button>
          </div>
        ) : null}
      </Panel>
      <Panel title="Set the video">
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4" aria-label="Set the featured video">
          <TextField
            label="YouTube URL"
            form={form}
            field="youtube_url"
            hint="Paste any YouTube link (watch, share, Shorts or embed). The new video replaces the current one."
            type="url"
            inputMode="url"
            placeholder="https://www.youtube.com/watch?v=…"
            value={url}
            onChange={setUrl}
          />
          <FormStatus success={form.success} failure={form.failure} />
          <div>
            <button type="submit" className={primaryButton} disabled={form.busy}>
              {form.busy ? 'Saving…' : 'Save video'}
            </button>
          </div>
        </form>
      </Panel>
    </div>
  );
}
