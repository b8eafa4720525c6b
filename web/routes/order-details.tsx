import { Form, Link, useActionData, useSearchParams } from 'react-router';
import { cancelOrderSchema, RETURN_PHOTOS_MAX, returnReportSchema } from '../../contract/after-sale';
import { AfterSalePanel, type AfterSaleView } from '../features/after-sale/after-sale-panel';
import { dispatch, done, failed, refusal, type IntentArgs, type UploadField } from '../lib/form.server';
import { ORDER_STAGE_LABELS, type Order } from '../../contract/orders';
import { useSession } from '../lib/session';
import { requireUser } from '../lib/guards.server';
import { OrderItems } from '../features/orders/order-items';
import { orderDate, orderMoney, papersToList, promisedWindow, trackingPath } from '../features/orders/order-format';
import { InvoiceLink } from '../components/ui/invoice-link';
import { OrderStatusBadge } from '../features/orders/order-status-badge';
import { OrderTimeline } from '../features/orders/order-timeline';
import { PaymentMethodNote } from '../features/orders/payment-method';
import { PageLoadError } from '../components/ui/load-error';
import { QuotePayButton } from '../features/checkout/quote-payment';
import { formatPaise } from '../../contract/format';
import { FINANCIAL_STATUS_LABELS, rupeesToPaise } from '../../contract/money';
import { loadOr404 } from '../lib/load.server';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/order-details';

/** The signed-in customer's orders, newest first (a visitor logs in first). A failure is logged and shown plainly. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const orders = await loadOr404(context, 'the order history', () => context.services.orders.listForUser(user.id));
  // What each order offers after the sale: cancelling, reporting a problem, its refund lines (decision 0038).
  const afterSale: Record<number, AfterSaleView> = {};
  for (const order of orders) afterSale[order.id] = await context.services.afterSale.buyerView(user.id, order.id);
  return { orders, afterSale };
}

/** Up to five photos of a problem, 8 MB in all (the host's cap on a page's multipart form). */
const PHOTOS: UploadField = {
  intent: 'report',
  field: 'photos',
  maxBytes: Math.floor((8 * 1024 * 1024 - 128 * 1024) / RETURN_PHOTOS_MAX),
  maxFiles: RETURN_PHOTOS_MAX,
  tooLarge: 'The photos are too large together: please send smaller or fewer photos (8 MB in all).',
};

/** The order cards' forms: "cancel" and "report" (multipart, with photos through the shop's image checks). */
export async function action(args: Route.ActionArgs) {
  requireUser(args.request, args.context);
  return dispatch(args, { cancel, report }, { upload: PHOTOS });
}

const orderIdOf = (formData: FormData) => Number(formData.get('orderId'));
const fieldsOf = (error: { issues: { path: PropertyKey[]; message: string }[] }) => {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) (out[String(issue.path[0] ?? '')] ??= []).push(issue.message);
  return out;
};

async function cancel({ request, context, formData }: IntentArgs<Route.ActionArgs>) {
  const user = requireUser(request, context);
  const orderId = orderIdOf(formData);
  const parsed = cancelOrderSchema.safeParse({ reason: formData.get('reason') || undefined, note: formData.get('note') });
  if (!parsed.success)
    return failed(
      'cancel',
      400,
      'Choose a reason (and tell us why for Other).',
      {},
      { orderId, result: { status: 'error' as const, error: fieldsOf(parsed.error) } },
    );
  try {
    const made = await context.services.afterSale.cancel(user.id, orderId, parsed.data);
    return done(
      'cancel',
      { message: made.immediate ? 'Your order is cancelled; the refund is on its way.' : 'Your request to cancel was sent to the studio.' },
      { orderId },
    );
  } catch (err) {
    return refusal('cancel', err, {}, { orderId });
  }
}

async function report({ request, context, formData }: IntentArgs<Route.ActionArgs>) {
  const user = requireUser(request, context);
  const orderId = orderIdOf(formData);
  const parsed = returnReportSchema.safeParse({
    reason: formData.get('reason') || undefined,
    description: formData.get('description'),
    items: formData.getAll('items'),
  });
  if (!parsed.success)
    return failed('report', 400, 'Please complete the report.', {}, { orderId, result: { status: 'error' as const, error: fieldsOf(parsed.error) } });
  const photos = formData.getAll('photos').filter((f): f is File => f instanceof File && f.size > 0);
  try {
    await context.services.reportReturn(
      user.id,
      orderId,
      parsed.data,
      await Promise.all(photos.map(async (f) => Buffer.from(await f.arrayBuffer()))),
    );
    return done('report', { message: 'Your report was sent to the studio. We will answer soon.' }, { orderId });
  } catch (err) {
    return refusal(
      'report',
      err,
      {},
      { orderId, result: { status: 'error' as const, error: isPhotoError(err) ? { photos: [errDetail(err)] } : {} } },
    );
  }
}

const errDetail = (err: unknown) => (err instanceof Error && 'detail' in err ? String((err as { detail: unknown }).detail) : '');
const isPhotoError = (err: unknown) =>
  err instanceof Error && 'status' in err && ((err as { status: number }).status === 415 || (err as { status: number }).status === 413);

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'My Order Details',
    description: 'Your Teakwood Studio orders.',
    path: '/orderdetails',
    publicUrl: publicUrlOf(matches),
    noindex: true,
  });

export default function OrderDetailsRoute({ loaderData }: Route.ComponentProps) {
  return <OrderDetails orders={loaderData.orders} afterSale={loaderData.afterSale} />;
}

/** The spec's 'Error: {message}', with a sentence of ours: the error itself stays in the server's log. */
export function ErrorBoundary() {
  return <PageLoadError title="My Order Details" message="Error: We could not load your orders. Please try again in a moment." />;
}

const FILTERS = [
  { id: 'all', label: 'All orders' },
  { id: 'delivered', label: 'Delivered' },
] as const;

/** The spec's history lists delivered orders only (status compared case-insensitively); that is the Delivered filter. */
function isDelivered(order: Order): boolean {
  return order.status.toLowerCase() === 'delivered';
}

function OrderCard({ order, email, afterSale }: { order: Order; email: string; afterSale?: AfterSaleView }) {
  const answer = useActionData<typeof action>();
  const shippedTo = order.address ? `${order.address.first_name} ${order.address.last_name}` : '-';
  const promised = isDelivered(order) || order.status === 'cancelled' ? null : promisedWindow(order);
  return (
    <article
      id={`order-${order.number}`}
      aria-label={`Order ${order.number}`}
      className="overflow-hidden rounded-3xl bg-white ring-1 ring-teak-200/60"
    >
      <dl className="grid grid-cols-2 gap-4 bg-teak-50 px-5 py-4 text-sm sm:grid-cols-4 sm:px-6">
        <div>
          <dt className="text-xs font-semibold tracking-wide text-teak-600 uppercase">Order Placed</dt>
          <dd className="mt-1 text-teak-900">{orderDate(order.created_at)}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold tracking-wide text-teak-600 uppercase">Total Value</dt>
          <dd className="mt-1 font-semibold text-teak-900">{orderMoney(order.total_amount)}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold tracking-wide text-teak-600 uppercase">Shipped to</dt>
          <dd className="mt-1 truncate text-teak-900">{shippedTo}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold tracking-wide text-teak-600 uppercase">Order Id</dt>
          <dd className="mt-1 font-medium text-teak-900 tabular-nums">{order.number}</dd>
        </div>
        {order.eway_bill_number ? (
          <div>
            <dt className="text-xs font-semibold tracking-wide text-teak-600 uppercase">E-way bill</dt>
            <dd className="mt-1 font-medium text-teak-900 tabular-nums">{order.eway_bill_number}</dd>
          </div>
        ) : null}
      </dl>
      <div className="px-5 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-teak-200/70 py-4">
          <div className="flex items-center gap-3">
            <span className="text-sm text-teak-700">Status</span>
            <OrderStatusBadge status={order.status} stage={order.stage} />
          </div>
          <div className="flex flex-wrap gap-4 text-sm font-semibold">
            <Link to={`/order-confirmation/${order.id}`} className="text-teak-700 underline-offset-4 hover:underline">
              View details<span className="sr-only"> of order {order.number}</span>
            </Link>
            <Link to={trackingPath(order, order.address?.email ?? email)} className="text-teak-700 underline-offset-4 hover:underline">
              Track order<span className="sr-only"> {order.number}</span>
            </Link>
            {/* An order made from a quote lists its papers (its tax invoice among them) with its money below. */}
            {order.documents.some((d) => d.kind === 'receipt_voucher') ? null : <InvoiceLink order={order} />}
          </div>
        </div>
        {promised ? <p className="border-b border-teak-200/70 py-3 text-sm text-teak-900">{promised}</p> : null}
        <OrderMoney order={order} papers={papersToList(order.documents, afterSale?.refunds)} />
        <AfterSalePanel order={order} view={afterSale} answer={answer} />
        <OrderProgress order={order} />
        <OrderItems
          items={order.items}
          after={() => (
            <>
              <p className="mt-1 text-sm font-semibold text-teak-900">{isDelivered(order) ? 'Delivered' : ORDER_STAGE_LABELS[order.stage]}</p>
              <PaymentMethodNote payment={order.payment_method} />
            </>
          )}
        />
      </div>
    </article>
  );
}

const rupees = (n: number) => formatPaise(rupeesToPaise(n), { decimals: 'always' });
const DOCUMENT_NAMES = {
  receipt_voucher: 'Receipt voucher',
  invoice: 'Tax invoice',
  credit_note: 'Credit note',
  refund_voucher: 'Refund voucher',
} as const;

/**
 * What an order made from a quote was paid and still owes (decision 0039), the "Pay balance" button once the piece
 * is ready to dispatch, and the papers of its money (receipt voucher, tax invoice, credit note) as PDFs.
 */
function OrderMoney({ order, papers }: { order: Order; papers: Order['documents'] }) {
  const fromQuote = order.documents.some((d) => d.kind === 'receipt_voucher');
  if (!fromQuote && order.balance_due === 0 && order.amount_refunded === 0) return null;
  return (
    <div className="space-y-3 border-b border-teak-200/70 py-4 text-sm text-teak-900">
      <span className="inline-flex rounded-full bg-amber-50 px-3 py-1 text-xs font-semibold tracking-wide text-amber-900">
        {FINANCIAL_STATUS_LABELS[order.financial_status]}
      </span>
      <p>
        Paid {rupees(order.amount_paid + order.amount_refunded)}
        {order.amount_refunded > 0 ? `; refunded ${rupees(order.amount_refunded)}` : ''}
        {order.balance_due > 0 ? `; balance due before dispatch: ${rupees(order.balance_due)}` : ''}
      </p>
      {order.balance_due > 0 && order.stage === 'ready_to_dispatch' ? (
        <QuotePayButton kind="balance" id={order.id} label={`Pay balance ${rupees(order.balance_due)}`} />
      ) : null}
      {/* A quote order's papers; another order's credit notes are beside its refund lines (after the sale). */}
      {fromQuote ? (
        <ul className="flex flex-wrap gap-4" aria-label={`Documents of order ${order.number}`}>
          {papers.map((d) => (
            <li key={d.number}>
              <a href={d.url} download className="font-semibold text-teak-700 underline-offset-4 hover:underline">
                {DOCUMENT_NAMES[d.kind]} {d.number}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * The order's road with the workshop's notes and photos: open while the piece is on its way, folded away once
 * it has arrived (or the order was cancelled).
 */
function OrderProgress({ order }: { order: Order }) {
  const active = !['delivered', 'cancelled'].includes(order.status);
  return (
    <details open={active} className="group border-b border-teak-200/70 py-4">
      <summary className="cursor-pointer text-sm font-semibold text-teak-800 marker:text-teak-500">
        Progress<span className="sr-only"> of order {order.number}</span>: {ORDER_STAGE_LABELS[order.stage]}
      </summary>
      <div className="mt-5">
        <OrderTimeline
          status={order.status}
          stage={order.stage}
          madeToOrder={order.made_to_order}
          expected={order.expected_delivery}
          timeline={order.timeline}
          shipment={{ carrier: order.carrier, trackingNumber: order.tracking_number, trackingUrl: order.tracking_url }}
        />
      </div>
    </details>
  );
}

/** What the buyer just paid for an order made from a quote (the Pay buttons come back here), in a sentence. */
function paidNotice(params: URLSearchParams, orders: Order[]): string | null {
  const kind = params.get('paid');
  const order = orders.find((o) => String(o.id) === params.get('order'));
  if (!order || (kind !== 'advance' && kind !== 'balance')) return null;
  if (kind === 'advance')
    return order.balance_due > 0
      ? `Thank you: your advance of ${rupees(order.amount_paid)} is paid and order ${order.number} is placed. The balance of ${rupees(order.balance_due)} is due before dispatch.`
      : `Thank you: ${rupees(order.amount_paid)} is paid and order ${order.number} is placed.`;
  return `Thank you: the balance of order ${order.number} is paid. You have paid ${rupees(order.amount_paid)} in all; we will write when it leaves our workshop.`;
}

function OrderDetails({ orders, afterSale }: { orders: Order[]; afterSale: Record<number, AfterSaleView> }) {
  const { user } = useSession();
  const [params] = useSearchParams();
  const filter = params.get('filter') === 'delivered' ? 'delivered' : 'all';
  const shown = orders.filter((o) => filter === 'all' || isDelivered(o));
  const paid = paidNotice(params, orders);

  return (
    <div className="container-page max-w-5xl py-10 sm:py-14">
      <p className="text-xs font-semibold tracking-[0.2em] text-teak-600 uppercase">Your account</p>
      <h1 className="mt-2 text-4xl text-teak-900 sm:text-5xl">My Order Details</h1>
      {paid ? (
        <p role="status" className="mt-6 rounded-2xl bg-sand px-5 py-4 font-semibold text-teak-900">
          {paid}
        </p>
      ) : null}
      {/* A GET form: the filter is part of the address and works without scripts. */}
      <Form
        method="get"
        replace
        preventScrollReset
        role="group"
        aria-label="Show orders"
        className="mt-6 inline-flex rounded-full bg-white p-1 ring-1 ring-teak-200/70"
      >
        {FILTERS.map((f) => (
          <button
            key={f.id}
            type="submit"
            name="filter"
            value={f.id === 'all' ? '' : f.id}
            aria-pressed={filter === f.id}
            className={`rounded-full px-5 py-2 text-sm font-semibold transition ${filter === f.id ? 'bg-teak-600 text-white' : 'text-teak-800 hover:bg-teak-50'}`}
          >
            {f.label}
          </button>
        ))}
      </Form>
      <div className="mt-8">
        {shown.length === 0 ? (
          <div className="rounded-3xl bg-white px-6 py-14 text-center ring-1 ring-teak-200/60">
            <p className="font-display text-2xl text-teak-900">No orders found</p>
            <Link to="/shop" className="btn-primary mt-6">
              Browse the shop
            </Link>
          </div>
        ) : (
          <ul className="space-y-6" aria-label="Orders">
            {shown.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} email={user?.email ?? ''} afterSale={afterSale[order.id]} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
