import { useState } from 'react';
import type { Testimonial } from '../../../contract/content';
import { Carousel } from '../../components/ui/carousel';
import { Picture } from '../../components/ui/picture';
import { Stars } from '../../components/ui/card-marks';
import { firstWords } from './text';

const WORDS = 40;

function TestimonialCard({ t }: { t: Testimonial }) {
  const [open, setOpen] = useState(false);
  const cut = firstWords(t.text, WORDS);
  return (
    // Its parts are styled by their place in the card (`quote-card` in app.css).
    <figure className="quote-card">
      <div>
        <Picture src={t.image} alt="" variant={320} className="avatar" />
        <div>
          <figcaption>{t.name}</figcaption>
          {t.title ? <p>{t.title}</p> : null}
          <Stars rating={t.rating} className="mt-1" />
        </div>
      </div>
      <blockquote>
        <p>{open || !cut.truncated ? t.text : `${cut.text}…`}</p>
      </blockquote>
      {cut.truncated ? (
        <button type="button" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
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
    <section className="band" aria-labelledby="testimonials">
      <p className="eyebrow">Kind words</p>
      <h2 id="testimonials" className="section-title">
        What our customers say
      </h2>
      <Carousel className="mt-6" label="Testimonials" perView={{ 0: 1, 768: 2 }} autoplay={3000}>
        {items.map((t) => (
          <TestimonialCard key={t.id} t={t} />
        ))}
      </Carousel>
    </section>
  );
}
