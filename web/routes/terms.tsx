import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/terms';

/** The same for every shopper with the same facts: kept and stitched for a shopper (server/stitch.ts). */
export const handle = { shell: true };

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Terms and Conditions',
    description: 'Terms of sale of Teakwood Studio: variance, returns, cancellation, refunds and payments.',
    path: '/terms',
    publicUrl: publicUrlOf(matches),
  });

const TERMS: [string, string][] = [
  [
    'Natural materials',
    'Teak is natural: grain and shade vary from piece to piece. Fabric pattern alignment may vary by up to 3%, and sizes by plus or minus 1 to 2 inches.',
  ],
  ['Returns', 'We accept returns only for fulfilment mistakes (a wrong or damaged item), reported within 7 days of delivery.'],
  [
    'Cancellation',
    'Non-furniture items on orders under ₹5,000 that have not shipped may be cancelled for a fee of ₹500 or the payment gateway charges, whichever is higher.',
  ],
  ['Refunds', 'Approved refunds are made within 15 days to the original payment method.'],
  [
    'Holding',
    'If delivery is postponed at your request, we hold your order free for 2 weeks; after that, a holding cost of 5% of the order value applies.',
  ],
  ['Payments', 'Cash deposits are limited to ₹10,00,000, and a PAN is required for payments above ₹2,00,000.'],
  ['Dispatch', 'Ready to Ship orders are dispatched within 48 hours and delivered in 7 to 10 days.'],
  ['Disputes', 'Any dispute is subject to the jurisdiction of the courts of Chennai.'],
];

export default function Terms() {
  return (
    <article className="container-page max-w-3xl py-12 leading-relaxed text-teak-900">
      <h1 className="text-4xl sm:text-5xl">Terms and Conditions</h1>
      <dl className="mt-8 space-y-6">
        {TERMS.map(([title, text]) => (
          <div key={title}>
            <dt className="font-display text-xl">{title}</dt>
            <dd className="mt-1">{text}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
