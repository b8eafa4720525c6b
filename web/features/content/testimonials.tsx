import { useState } from 'react';
import type { Testimonial } from '../../../contract/content';
import { Carousel } from '../../components/ui/carousel';
import { Picture } from '../../components/ui/picture';
import { Stars } from '../../components/ui/stars';
import { firstWords } from './text';

const WORDS = 40;

function TestimonialCard({ t }: { t: Testimonial }) {
  const [open, setOpen] = useState(false);
  const cut = firstWords(t.text, WORDS);
  return (
    <figure className="card flex h-full flex-col p-6">
      <div className="flex items-center gap-4">
        <Picture src={t.image} alt="" variant={320} className="h-16 w-16 rounded-full object-cover" />
        <div>
          <figcaption className="font-display text-lg text-teak-900">{t.name}</figcaption>
          {t.title ? <p className="text-sm text-teak-700">{t.title}</p> : null}
          <Stars rating={t.rating} className="mt-1" />
        </div>
      </div>
      <blockquote className="mt-4 leading-relaxed text-teak-900">
        <p>{open || !cut.truncated ? t.text : `${cut.text}…`}</p>
      </blockquote>
      {cut.truncated ? (
        <button
          type="button"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          className="mt-3 self-start text-sm font-semibold text-teak-700 underline-offset-4 hover:underline"
        >
          {open ? 'Show Less' : 'Read More'}
        </button>
      ) : null}
    </figure>
  );
}

/** Testimonials carousel; hidden when there are none or they failed to load. */
export function Testimonials({ items }: { items: Testimonial[] | null }) {
  if (!items || items.length === 0) return null;
  return (
    <section className="below-fold container-page mt-16" aria-labelledby="testimonials">
      <p className="text-xs font-semibold tracking-[0.25em] text-teak-700 uppercase">Kind words</p>
      <h2 id="testimonials" className="mt-2 text-3xl sm:text-4xl">
        What our customers say
      </h2>
      <div className="mt-6">
        <Carousel label="Testimonials" slideClass="basis-full md:basis-1/2" autoplay={3000}>
          {items.map((t) => (
            <TestimonialCard key={t.id} t={t} />
          ))}
        </Carousel>
      </div>
    </section>
  );
}
