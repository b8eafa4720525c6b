import { Link } from 'react-router';
import { siteImageUrl } from '../../contract/site-images';
import { Carousel } from '../components/ui/carousel';
import { PageBanner } from '../components/ui/page-banner';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/bespoke';

/** The same for every shopper with the same facts: kept and stitched for a shopper (server/stitch.ts). */
export const handle = { shell: true };

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Bespoke Furniture',
    description: 'Furniture made to your measurements, fabric and finish by our Chennai artisans.',
    path: '/Bfurniture',
    publicUrl: publicUrlOf(matches),
  });

/** Fabric swatches, drawn with CSS so they need no pictures. */
const FABRICS = [
  {
    name: 'Floral',
    style: {
      backgroundImage:
        'radial-gradient(circle at 30% 30%, #d9a78a 0 12%, transparent 13%), radial-gradient(circle at 70% 65%, #b5654a 0 10%, transparent 11%), radial-gradient(circle at 75% 20%, #6f7f6a 0 7%, transparent 8%)',
      backgroundColor: '#f1e6d6',
      backgroundSize: '120px 120px',
    },
  },
  { name: 'Seamless Pattern', style: { backgroundImage: 'repeating-linear-gradient(45deg, #2f4a5c 0 10px, #e9dfcf 10px 20px)' } },
  { name: 'Seaters', style: { backgroundImage: 'linear-gradient(90deg, #6f7f6a 50%, #5d6b5c 50%)', backgroundSize: '24px 24px' } },
  { name: 'Luxury', style: { backgroundImage: 'linear-gradient(135deg, #8c6d8f, #4f3a52)', boxShadow: 'inset 0 0 60px rgba(255,255,255,.25)' } },
];

export default function Bespoke() {
  return (
    <>
      <PageBanner
        title="Bespoke Furniture"
        eyebrow="Made for your home, not a warehouse"
        image={siteImageUrl('workshop')}
        crumbs={[{ name: 'Home', to: '/' }]}
      >
        <Link to="/contact" className="btn-light mt-8">
          Shop Now
        </Link>
      </PageBanner>
      <section className="container-page mt-14" aria-labelledby="fabrics">
        <h2 id="fabrics" className="text-3xl text-teak-900">
          Sofa Bespoke Services
        </h2>
        <p className="mt-2 max-w-2xl text-teak-800">Choose from hundreds of upholstery fabrics; these are a few of our customers&apos; favourites.</p>
        <div className="mt-6">
          <Carousel label="Fabrics" slideClass="basis-1/2 lg:basis-1/4">
            {FABRICS.map((f) => (
              <figure key={f.name} className="overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-teak-200/60">
                <div className="aspect-square" style={f.style} role="img" aria-label={`${f.name} fabric`} />
                <figcaption className="p-4 text-center font-display text-lg text-teak-900">{f.name}</figcaption>
              </figure>
            ))}
          </Carousel>
        </div>
        {/* Centred side by side on a desktop, stacked apart on a phone. */}
        <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
          <Link to="/book-consultation" className="btn-primary">
            Speak to our expert
          </Link>
          <Link to="/request-quote?source=bespoke" className="btn-primary">
            Ask for a quote
          </Link>
        </div>
      </section>
    </>
  );
}
