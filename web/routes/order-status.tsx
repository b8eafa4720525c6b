import { Form, useNavigation } from 'react-router';
import { type TrackedOrder, trackOrderQuerySchema } from '../../contract/orders';
import { TrackedOrderCard } from '../features/orders/tracked-order-card';
import { isNotFound } from '../lib/load.server';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/order-status';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Order Status',
    description: 'Follow your order from our workshop to your home.',
    path: '/orderstatus',
    publicUrl: publicUrlOf(matches),
  });

// An order's progress is the buyer's business: never kept by a shared cache.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

type Lookup =
  { kind: 'none' } | { kind: 'invalid'; errors: { number?: string; email?: string } } | { kind: 'missing' } | { kind: 'found'; order: TrackedOrder };

/** Finds an order by its number and the buyer's e-mail (both needed, so a number alone reveals nothing). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const number = params.get('number') ?? '';
  const email = params.get('email') ?? '';
  let lookup: Lookup = { kind: 'none' };
  if (params.has('number') || params.has('email')) {
    const parsed = trackOrderQuerySchema.safeParse({ number, email });
    if (!parsed.success) {
      const errors: { number?: string; email?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'number' || field === 'email') && !errors[field]) errors[field] = issue.message;
      }
      lookup = { kind: 'invalid', errors };
    } else {
      try {
        lookup = { kind: 'found', order: await context.services.orders.track(parsed.data.number, parsed.data.email) };
      } catch (err) {
        if (!isNotFound(err)) {
          context.log.error({ err }, 'an order could not be tracked');
          throw err;
        }
        lookup = { kind: 'missing' };
      }
    }
  }
  return { number, email, lookup };
}

export default function OrderStatus({ loaderData }: Route.ComponentProps) {
  const { number, email, lookup } = loaderData;
  const navigation = useNavigation();
  const searching = navigation.state !== 'idle' && navigation.location?.pathname.toLowerCase() === '/orderstatus';
  const errors = lookup.kind === 'invalid' ? lookup.errors : {};
  return (
    <section className="container-page max-w-3xl py-12">
      <h1 className="text-4xl text-teak-900 sm:text-5xl">Order Status</h1>
      <p className="mt-3 text-teak-800">
        Enter your order number and the e-mail address you ordered with to follow your furniture from our workshop to your home.
      </p>
      {/* The key resets the fields to the searched values after each search. */}
      <Form key={`${number}|${email}`} method="get" className="mt-6 grid gap-3 sm:grid-cols-[1fr_1fr_auto]" aria-label="Track an order">
        <div>
          <label htmlFor="number" className="sr-only">
            Order number
          </label>
          <input
            id="number"
            name="number"
            defaultValue={number}
            placeholder="Order number (e.g. TW-261122-ABC234)"
            autoComplete="off"
            required
            aria-invalid={errors.number ? true : undefined}
            aria-describedby={errors.number ? 'number-error' : undefined}
            className="w-full min-w-0 rounded-full border border-teak-200 bg-white px-5 py-3"
          />
          {errors.number ? (
            <p id="number-error" className="mt-1 px-5 text-sm text-red-700">
              {errors.number}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor="email" className="sr-only">
            E-mail
          </label>
          <input
            id="email"
            name="email"
            type="email"
            defaultValue={email}
            placeholder="E-mail used for the order"
            autoComplete="email"
            required
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? 'email-error' : undefined}
            className="w-full min-w-0 rounded-full border border-teak-200 bg-white px-5 py-3"
          />
          {errors.email ? (
            <p id="email-error" className="mt-1 px-5 text-sm text-red-700">
              {errors.email}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn-primary h-12" disabled={searching}>
          {searching ? 'Tracking…' : 'Track'}
        </button>
      </Form>

      {lookup.kind === 'missing' ? (
        <div role="alert" className="mt-8 rounded-3xl bg-white p-6 ring-1 ring-teak-200/60">
          <p className="font-semibold text-teak-900">We could not find an order with this number and e-mail.</p>
          <p className="mt-2 text-sm text-teak-800">Check both against your order confirmation e-mail, or contact us and we will help.</p>
        </div>
      ) : null}
      {lookup.kind === 'found' ? <TrackedOrderCard order={lookup.order} /> : null}
      {lookup.kind === 'none' ? (
        <div className="mt-8 rounded-3xl bg-white p-6 ring-1 ring-teak-200/60">
          <h2 className="font-sans text-base font-semibold text-teak-900">How your order travels</h2>
          <ol className="mt-4 space-y-4 border-l-2 border-teak-200 pl-6">
            {[
              ['Paid', 'Your order is confirmed and queued in our Chennai workshop.'],
              [
                'In the workshop',
                'A piece made to order goes through design sign-off, timber selection, joinery, finishing and polish and a quality check; we write to you at each stage, often with photos.',
              ],
              ['Ready to dispatch', 'Inspected, polished and packed for the journey. Ready-to-ship pieces come straight here.'],
              ['Shipped', 'On its way with our delivery partner; you get a tracking number.'],
              ['Delivered and installed', 'Our team delivers and installs it in your home.'],
            ].map(([step, text]) => (
              <li key={step}>
                <p className="font-semibold text-teak-900">{step}</p>
                <p className="text-sm text-teak-800">{text}</p>
              </li>
            ))}
          </ol>
          <p className="mt-6 text-sm text-teak-700">Delivery within a maximum of 12 working days of dispatch. Our team will call before arriving.</p>
        </div>
      ) : null}
    </section>
  );
}
