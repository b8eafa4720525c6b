import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/shipping';

/** The same for every shopper with the same facts: kept and stitched for a shopper (server/stitch.ts). */
export const handle = { shell: true };

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Shipping and Delivery',
    description: 'We ship across India only, delivering within at most 12 working days.',
    path: '/shipping-delivery',
    publicUrl: publicUrlOf(matches),
  });

export default function Shipping() {
  return (
    <article className="container-page max-w-3xl py-12 leading-relaxed text-teak-900">
      <h1 className="text-4xl sm:text-5xl">Shipping and Delivery</h1>
      <ul className="mt-8 list-disc space-y-3 pl-6">
        <li>We ship across India only. We do not ship internationally.</li>
        <li>Orders are dispatched within 1 to 6 days of confirmation and delivered within a maximum of 12 working days.</li>
        <li>The shipping charge depends on the weight of your order and the destination pincode; it is shown before you pay.</li>
        <li>Tracking details are sent to you by e-mail after you order.</li>
        <li>You may cancel before delivery by telling us the reason; we confirm the cancellation by e-mail.</li>
      </ul>
    </article>
  );
}
