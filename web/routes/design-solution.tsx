import { Link } from 'react-router';
import { siteImageUrl } from '../../contract/site-images';
import { PageBanner } from '../components/ui/page-banner';
import { Picture } from '../components/ui/picture';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/design-solution';

/** The same for every shopper with the same facts: kept and stitched for a shopper (server/stitch.ts). */
export const handle = { shell: true };

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Design Solution',
    description: 'A personal design expert, complete customisation and seamless execution, from the first sketch to white-glove installation.',
    path: '/design_solution',
    publicUrl: publicUrlOf(matches),
  });

const ADVANTAGES = [
  {
    title: 'Personal Design Expert',
    text: 'One expert listens, measures and draws, and stays with you until installation.',
    image: 'roomStudy' as const,
  },
  {
    title: 'Complete Customisation',
    text: 'Size, wood shade, upholstery, carving and hardware: every detail is yours to choose.',
    image: 'workshop2' as const,
  },
  {
    title: 'Seamless Execution',
    text: 'A fixed quote, photographs from the workshop, delivery and fitting by our own team.',
    image: 'roomDining' as const,
  },
];

const STEPS = [
  ['Book an appointment', 'Choose a time for a home visit in Chennai or a video call from anywhere in India.'],
  ['Meet Your Design Expert', 'We measure your space, talk through how you live, and share ideas and finish samples.'],
  ['Customise Every Detail', 'Approve drawings and a fixed quote; change sizes, wood shade and fabric until it is right.'],
  ['Track Your Piece in Progress', 'See photographs from the bench at every stage, or visit the workshop.'],
  ['Delivery & White-Glove Installation', 'Our team delivers, assembles, places and cleans up: typically 6 to 10 weeks after approval.'],
];

export default function DesignSolution() {
  return (
    <>
      <PageBanner
        title="Design Solution"
        eyebrow="Bespoke furniture, designed with you"
        image={siteImageUrl('hero3')}
        crumbs={[{ name: 'Home', to: '/' }]}
      >
        {/* One row on a desktop, stacked with the same left edge on a phone: a flex row, not inline links with a margin. */}
        <div className="mt-8 flex flex-wrap items-center gap-3">
          <Link to="/book-consultation" className="btn-light">
            BOOK A CONSULTATION
          </Link>
          <Link to="/request-quote?source=design_solution" className="btn-light">
            ASK FOR A QUOTE
          </Link>
        </div>
      </PageBanner>
      <section className="container-page mt-14" aria-labelledby="advantages">
        <h2 id="advantages" className="text-3xl text-teak-900">
          Why design with us
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {ADVANTAGES.map((a) => (
            <li key={a.title} className="overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-teak-200/60">
              <Picture src={siteImageUrl(a.image)} alt="" sizes="(min-width: 768px) 33vw, 100vw" className="aspect-[16/10] w-full object-cover" />
              <div className="p-6">
                <h3 className="font-display text-xl text-teak-900">{a.title}</h3>
                <p className="mt-2 text-teak-800">{a.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section className="container-page mt-16" aria-labelledby="steps">
        <h2 id="steps" className="text-3xl text-teak-900">
          How it works
        </h2>
        <ol className="mt-6 grid gap-4 md:grid-cols-5">
          {STEPS.map(([title, text], i) => (
            <li key={title} className="rounded-3xl bg-teak-100 p-6">
              <span className="font-display text-4xl text-teak-600">{i + 1}</span>
              <h3 className="mt-2 font-display text-lg text-teak-900">{title}</h3>
              <p className="mt-2 text-sm text-teak-800">{text}</p>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
