import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/order-status';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: 'Order Status', description: 'Follow your order from our workshop to your home.', path: '/orderstatus', publicUrl: publicUrlOf(matches) });

const HUBS = [
  ['Chennai workshop', 'Packed and handed to our delivery team', '18 Nov, 10:40'],
  ['Chennai hub', 'In transit', '18 Nov, 19:05'],
  ['Bengaluru hub', 'Arrived at destination hub', '20 Nov, 08:30'],
  ['Out for delivery', 'Expected today', '21 Nov, 09:15'],
];

export default function OrderStatus() {
  return (
    <section className="container-page max-w-3xl py-12">
      <h1 className="text-4xl text-teak-900 sm:text-5xl">Order Status</h1>
      <form className="mt-6 flex gap-2" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="tracking" className="sr-only">
          Tracking Id
        </label>
        <input id="tracking" placeholder="Tracking Id" className="min-w-0 flex-1 rounded-full border border-teak-200 bg-white px-5 py-3" />
        <button type="submit" className="btn-primary">
          Track
        </button>
      </form>
      <div className="mt-8 rounded-3xl bg-white p-6 ring-1 ring-teak-200/60">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="font-semibold text-teak-900">Order #TW-240117 (sample)</p>
          <span className="rounded-full bg-leaf/10 px-3 py-1 text-sm font-semibold text-leaf">Shipped</span>
        </div>
        <p className="mt-2 text-sm text-teak-800">Estimated delivery: 21 November</p>
        <ol className="mt-6 space-y-4 border-l-2 border-teak-200 pl-6">
          {HUBS.map(([place, status, at]) => (
            <li key={place}>
              <p className="font-semibold text-teak-900">{place}</p>
              <p className="text-sm text-teak-800">
                {status} · {at}
              </p>
            </li>
          ))}
        </ol>
        <p className="mt-6 text-sm text-teak-700">Delivery within a maximum of 12 working days of dispatch. Our team will call before arriving.</p>
      </div>
    </section>
  );
}
