import { data, isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { DISPATCH_TEXT } from '../../contract/lead-time';
import { WORKSHOP_STAGES, type Order } from '../../contract/orders';
import { useSession } from '../lib/session';
import { OrderItems } from '../features/orders/order-items';
import { AfterSalePanel } from '../features/after-sale/after-sale-panel';
import {
  missingAddressNote,
  orderDate,
  orderMoney,
  deliveryWindow,
  promisedWindow,
  shippingLabel,
  trackingPath,
} from '../features/orders/order-format';
import { InvoiceLink } from '../components/ui/invoice-link';
import { OrderStatusBadge } from '../features/orders/order-status-badge';
import { requireUser } from '../lib/guards.server';
import { LOAD_FAILURE } from '../lib/load-failure';
import { loadOr404 } from '../lib/load.server';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/order-confirmation';

/**
 * One order of the signed-in customer (a visitor logs in first): by its id, or without one the newest order,
 * the one just placed. Another customer's order, a missing one or a malformed id is the page's 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const { orders } = context.services;
  if (params.orderId !== undefined) {
    const id = Number(params.orderId);
    if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
    const order = await loadOr404(context, 'an order', () => orders.getPlacedForUser(user.id, id));
    return { order, afterSale: await context.services.afterSale.buyerView(user.id, order.id) };
  }
  const [newest] = await loadOr404(context, 'the orders', () => orders.listForUser(user.id));
  if (!newest) throw data(null, { status: 404 });
  // Cancelling (or reporting a problem) from here posts to the order page, which answers it (decision 0038).
  return { order: newest, afterSale: await context.services.afterSale.buyerView(user.id, newest.id) };
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  seo({
    title: 'Order confirmed',
    description: 'Your Teakwood Studio order.',
    path: `/order-confirmation${params.orderId ? `/${params.orderId}` : ''}`,
    publicUrl: publicUrlOf(matches),
    noindex: true,
  });

export default function OrderConfirmationRoute({ loaderData }: Route.ComponentProps) {
  return <OrderConfirmation order={loaderData.order} afterSale={loaderData.afterSale} />;
}

/** The spec's 'Order not found' for an order that is not this customer's; any other failure says so plainly. */
export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="container-page max-w-xl py-24 text-center">
      <h1 className="text-4xl text-teak-900">{missing ? 'Order not found' : 'Something went wrong'}</h1>
      <p className="mt-4 text-teak-800">{missing ? 'We could not find this order in your account.' : LOAD_FAILURE.page}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/orderdetails" className="btn border border-teak-300 bg-white text-teak-800 hover:bg-teak-50">
          My orders
        </Link>
        <Link to="/" className="btn-primary">
          Continue Shopping
        </Link>
      </div>
    </section>
  );
}

/** Where the order is, in a sentence: a piece made to order waits for the workshop, a ready one for dispatch. */
function whereItIs(order: Order): string {
  switch (order.stage) {
    case 'ready_to_dispatch':
      return 'Your order is ready to dispatch.';
    case 'shipped':
      return 'Your order is on its way to you.';
    case 'delivered':
    case 'installed':
      return 'Your order has been delivered.';
    case 'cancelled':
      return 'This order was cancelled.';
  }
  if ((WORKSHOP_STAGES as readonly string[]).includes(order.stage)) return 'Your order is being made in our workshop.';
  return order.made_to_order ? 'Your order is in our workshop’s queue.' : `Your order is ready on our shelves and will be ${DISPATCH_TEXT}.`;
}

function OrderConfirmation({ order, afterSale }: { order: Order; afterSale: Parameters<typeof AfterSalePanel>[0]['view'] }) {
  const { user } = useSession();
  const email = order.address?.email ?? user?.email ?? '';
  const promised = promisedWindow(order);
  return (
    <div className="container-page max-w-5xl py-10 sm:py-14">
      <header className="rounded-3xl bg-white px-6 py-10 text-center ring-1 ring-teak-200/60 sm:px-10">
        <span aria-hidden className="mx-auto grid h-16 w-16 place-items-center rounded-full bg-leaf text-3xl text-white">
          ✓
        </span>
        <h1 className="mt-5 text-4xl text-teak-900 sm:text-5xl">Order confirmed!</h1>
        <p className="mx-auto mt-3 max-w-xl text-teak-800">
          Thank you{order.address ? `, ${order.address.first_name}` : ''}. {whereItIs(order)}
          {email ? (
            <>
              {' '}
              A confirmation is on its way to <span className="font-semibold text-teak-900">{email}</span>.
            </>
          ) : null}
        </p>
        {promised ? (
          <p className="mx-auto mt-4 max-w-xl rounded-2xl bg-sand px-4 py-3 font-semibold text-teak-900" data-testid="promised-window">
            {promised}
          </p>
        ) : null}
        <div className="mt-7 flex flex-wrap justify-center gap-3">
          <Link to="/" className="btn border border-teak-300 bg-white text-teak-800 hover:bg-teak-50">
            Continue Shopping
          </Link>
          <Link to={trackingPath(order, email)} className="btn-primary">
            Track order
          </Link>
        </div>
      </header>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_340px] lg:items-start">
        <section aria-labelledby="items-title" className="rounded-3xl bg-white px-6 py-6 ring-1 ring-teak-200/60">
          <h2 id="items-title" className="text-2xl text-teak-900">
            Items
          </h2>
          <AfterSalePanel order={order} view={afterSale} answer={undefined} action="/orderdetails" />
          <OrderItems items={order.items} />
          <dl className="mt-2 space-y-2 border-t border-teak-200/70 pt-4 text-sm" aria-label="Totals">
            <div className="flex justify-between">
              <dt className="text-teak-800">Subtotal</dt>
              <dd className="font-medium text-ink">{orderMoney(order.subtotal_amount)}</dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-teak-800">Shipping ({shippingLabel(order.shipping_method)})</dt>
              <dd className="font-medium text-ink">{orderMoney(order.shipping_amount)}</dd>
            </div>
            <div className="flex items-baseline justify-between border-t border-teak-200/70 pt-3">
              <dt className="text-base font-semibold text-teak-900">Total</dt>
              <dd className="text-2xl font-semibold text-ink">{orderMoney(order.total_amount)}</dd>
            </div>
          </dl>
        </section>

        <div className="space-y-6">
          <section aria-labelledby="details-title" className="rounded-3xl bg-white p-6 ring-1 ring-teak-200/60">
            <h2 id="details-title" className="text-2xl text-teak-900">
              Order details
            </h2>
            <dl className="mt-4 space-y-3 text-sm">
              <div className="flex justify-between gap-4">
                <dt className="text-teak-700">Order number</dt>
                <dd className="font-semibold text-teak-900 tabular-nums" data-testid="order-number">
                  {order.number}
                </dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-teak-700">Placed on</dt>
                <dd className="text-teak-900">{orderDate(order.created_at)}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-teak-700">Status</dt>
                <dd>
                  <OrderStatusBadge status={order.status} />
                </dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-teak-700">Delivery</dt>
                <dd className="text-teak-900">{shippingLabel(order.shipping_method)}</dd>
              </div>
              {order.delivery_window ? (
                <div className="flex justify-between gap-4">
                  <dt className="text-teak-700">Arrives</dt>
                  <dd className="text-right text-teak-900">{deliveryWindow(order.delivery_window)}</dd>
                </div>
              ) : null}
            </dl>
            <p className="mt-5 text-sm">
              <InvoiceLink order={order} />
            </p>
          </section>
          <section aria-labelledby="address-title" className="rounded-3xl bg-white p-6 ring-1 ring-teak-200/60">
            <h2 id="address-title" className="text-2xl text-teak-900">
              Delivery address
            </h2>
            {order.address ? (
              <address className="mt-4 text-sm leading-relaxed text-teak-800 not-italic">
                <span className="block font-semibold text-teak-900">
                  {order.address.first_name} {order.address.last_name}
                </span>
                {order.address.address_line1}
                {order.address.address_line2 ? <>, {order.address.address_line2}</> : null}
                <br />
                {order.address.city}, {order.address.state} {order.address.postal_code}
                <br />
                {order.address.country}
                <br />
                {order.address.phone} · {order.address.email}
              </address>
            ) : (
              <p className="mt-4 text-sm text-teak-800">{missingAddressNote(order)}</p>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
