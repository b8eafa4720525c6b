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
    <figure className="quote-card">
      <div className="quote-head">
        <Picture src={t.image} alt="" variant={320} className="avatar" />
        <div>
          <figcaption className="quote-name">{t.name}</figcaption>
          {t.title ? <p className="text-sm text-teak-700">{t.title}</p> : null}
          <Stars rating={t.rating} className="mt-1" />
        </div>
      </div>
      <blockquote className="quote-text">
        <p>{open || !cut.truncated ? t.text : `${cut.text}…`}</p>
      </blockquote>
      {cut.truncated ? (
        <button type="button" onClick={() => setOpen((o) => !o)} aria-expanded={open} className="quote-more">
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
    <section className="below-fold band" aria-labelledby="testimonials">
      <p className="eyebrow">Kind words</p>
      <h2 id="testimonials" className="section-title">
        What our customers say
      </h2>
      <div className="mt-6">
        <Carousel label="Testimonials" perView={{ 0: 1, 768: 2 }} autoplay={3000}>
          {items.map((t) => (
            <TestimonialCard key={t.id} t={t} />
          ))}
        </Carousel>
      </div>
    </section>
  );
}
