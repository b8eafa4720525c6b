import { Link } from 'react-router';
import type { HomeBanner, PromoBanner } from '../../../contract/content';
import { promoPriceText } from '../../../contract/promo';
import { Picture } from '../../components/ui/picture';

export type Loaded<T> = { ok: true; data: T | null } | { ok: false };

export function HomeBannerSection({ banner, className = 'container-page mt-10' }: { banner: Loaded<Pick<HomeBanner, 'image'>>; className?: string }) {
  return (
    <section className={className} aria-label="Home banner">
      {!banner.ok ? (
        <p className="text-teak-800">Error fetching banner.</p>
      ) : !banner.data ? (
        <p className="text-teak-800">No banner available</p>
      ) : (
        <div className="relative overflow-hidden rounded-3xl">
          <Picture
            src={banner.data.image}
            alt="Teak furniture in a bright living room"
            priority="low"
            sizes="(min-width: 1280px) 1216px, 100vw"
            className="aspect-[16/7] w-full object-cover"
          />
          <Link to="/shop" className="btn-light absolute bottom-3 left-3 px-4 py-2 shadow-lg sm:bottom-6 sm:left-6 sm:px-6 sm:py-3">
            Shop Now
          </Link>
        </div>
      )}
    </section>
  );
}

/** What the promo banner shows. */
export type PromoCard = Pick<PromoBanner, 'title' | 'description' | 'price_text' | 'image_left' | 'image_right'>;

export function PromoBannerSection({ banner }: { banner: Loaded<PromoCard> }) {
  if (!banner.ok) return <p className="container-page mt-16 text-teak-800">Error fetching banner.</p>;
  if (!banner.data) return null;
  const b = banner.data;
  return (
    <section className="below-fold container-page mt-16" aria-labelledby="promo-title">
      <div className="grid items-center gap-6 overflow-hidden rounded-3xl bg-teak-100 p-6 md:grid-cols-[1fr_1.2fr_1fr] md:p-8">
        {/* One width (the banner's own, 900 px): a phone draws it across its width, a laptop at a third. */}
        <Picture src={b.image_left} alt="" variant={900} className="aspect-square w-full rounded-2xl object-cover" />
        <div className="text-center">
          <p className="text-xs font-semibold tracking-[0.3em] text-teak-700 uppercase">Limited offer</p>
          <h2 id="promo-title" className="mt-3 text-3xl text-teak-900 sm:text-4xl">
            {b.title}
          </h2>
          <p className="mt-3 text-teak-800">{b.description}</p>
          <p className="mt-4 font-display text-2xl text-teak-700">{promoPriceText(b.price_text)}</p>
          <Link to="/Category/wall-panels" className="btn-primary mt-6">
            Shop Now
          </Link>
        </div>
        <Picture src={b.image_right} alt="" variant={900} className="hidden aspect-square w-full rounded-2xl object-cover md:block" />
      </div>
    </section>
  );
}
