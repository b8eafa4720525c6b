import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/faq';

/** The same for every shopper with the same facts: kept and stitched for a shopper (server/stitch.ts). */
export const handle = { shell: true };

const QUESTIONS: [string, string][] = [
  [
    'What does bespoke mean?',
    'Bespoke furniture is made for you: to your measurements, in your choice of wood shade, fabric and detail, rather than picked from a warehouse.',
  ],
  [
    'Can I see samples before ordering?',
    'Yes. We send finish and fabric samples free of charge anywhere in India, and you are welcome at our Chennai experience centre.',
  ],
  [
    'Do you work with architects and interior designers?',
    'Often. We build from your drawings, share shop drawings for approval and coordinate delivery with your site schedule.',
  ],
  ['Why teak?', 'Teak is dense, stable and naturally oily: it resists termites and humidity and lasts for generations with little care.'],
  [
    'Do you deliver across India?',
    'Yes, to every serviceable pincode in India with our own team or trusted partners. We do not ship internationally.',
  ],
  [
    'How long does a bespoke piece take?',
    'Typical production is 6 to 10 weeks after you approve the drawings. Ready to Ship pieces arrive in 7 to 10 days.',
  ],
  ['Can I modify an existing design?', 'Every design in the shop can be changed: size, finish, fabric, handles or carving. Ask our design team.'],
  ['Is there a consultation fee?', 'No. The first consultation, at your home in Chennai or by video call, is free.'],
  [
    'How do I maintain teak furniture?',
    'Dust with a soft dry cloth, wipe spills at once, and oil once a year with the care kit we send with every order.',
  ],
];

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Frequently asked questions',
    description: 'Bespoke furniture, samples, teak, delivery across India, lead times, consultation and care.',
    path: '/faq',
    publicUrl: publicUrlOf(matches),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: QUESTIONS.map(([q, a]) => ({ '@type': 'Question', name: q, acceptedAnswer: { '@type': 'Answer', text: a } })),
      },
    ],
  });

export default function Faq() {
  return (
    <section className="container-page max-w-3xl py-12">
      <h1 className="text-4xl text-teak-900 sm:text-5xl">Frequently asked questions</h1>
      <div className="mt-8 divide-y divide-teak-200 rounded-3xl bg-white ring-1 ring-teak-200/60">
        {QUESTIONS.map(([q, a]) => (
          <details key={q} className="group p-5">
            <summary className="cursor-pointer list-none font-semibold text-teak-900 marker:hidden">
              <span className="flex items-center justify-between gap-4">
                {q}
                <span aria-hidden className="text-teak-600 transition group-open:rotate-45">
                  +
                </span>
              </span>
            </summary>
            <p className="mt-3 leading-relaxed text-teak-800">{a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
