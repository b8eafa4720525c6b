import { InvoiceLink } from '../../components/ui/invoice-link';
import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Fragment, useState } from 'react';
import { Form, Link, useLocation, useNavigation } from 'react-router';
import { formatDay, formatINR } from '../../../contract/format';
import { FINANCIAL_STATUS_LABELS } from '../../../contract/money';
import {
  ADMIN_ORDER_VIEWS,
  ADMIN_ORDER_VIEW_LABELS,
  ORDER_STAGE_LABELS,
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  STAGE_PHOTOS_MAX,
  UNPAID_STATUSES,
  expectedDeliveryUpdateSchema,
  orderStatusUpdateSchema,
  type AdminOrder,
  type AdminOrderCounts,
  type AdminOrderView,
  type OrderStage,
  type OrderStatus,
} from '../../../contract/orders';
import { useListParams, useAnswerToast, useUploadForm } from './forms';
import type { Answer } from '../../lib/answer';
import {
  DataTable,
  FormAlert,
  ImagePicker,
  Panel,
  SelectField,
  TextField,
  Thumb,
  UploadProgress,
  dateTime,
  inputClass,
  primaryButton,
  secondaryButton,
  smallButton,
} from './ui';

const STATUS_TONE: Record<OrderStatus, string> = {
  pending: 'bg-teak-100 text-teak-800',
  paid: 'bg-amber-100 text-amber-900',
  in_production: 'bg-sky-100 text-sky-900',
  ready_to_dispatch: 'bg-indigo-100 text-indigo-900',
  shipped: 'bg-violet-100 text-violet-900',
  delivered: 'bg-leaf/15 text-leaf',
  cancelled: 'bg-red-100 text-red-800',
  expired: 'bg-stone-100 text-stone-700',
};

/** An order's status; with `stage`, the stage's own words (a workshop stage, installed) in the status's colour. */
export function StatusBadge({ status, stage }: { status: OrderStatus; stage?: OrderStage }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_TONE[status]}`}>
      {stage ? ORDER_STAGE_LABELS[stage] : ORDER_STATUS_LABELS[status]}
    </span>
  );
}

const money = (amount: string) => formatINR(Number(amount));

/** The statuses the status filter offers in a view of the list. */
function statusesOf(view: AdminOrderView): OrderStatus[] {
  if (view === 'all') return [...ORDER_STATUSES];
  if (view === 'paid') return ORDER_STATUSES.filter((s) => !UNPAID_STATUSES.includes(s));
  return [];
}

/** The orders of one view (paid, awaiting payment, expired, all), filtered and searched through the page's address. */
export function OrdersSection({ orders, counts, view }: { orders: AdminOrder[]; counts: AdminOrderCounts; view: AdminOrderView }) {
  const [params, setParams] = useListParams();
  const { search } = useLocation();
  const statuses = statusesOf(view);
  const searchBox = (
    <input
      type="search"
      defaultValue={params.get('search') ?? ''}
      onChange={(e) => setParams({ search: e.target.value.trim() }, { debounce: true })}
      placeholder="Order number or e-mail"
      aria-label="Search orders by number or e-mail"
      className="min-w-48 flex-1 rounded-lg border border-teak-200 bg-white px-3 py-2 text-sm"
    />
  );
  return (
    <Panel title="Orders">
      <div role="group" aria-label="Show orders" className="mb-3 flex flex-wrap gap-2">
        {ADMIN_ORDER_VIEWS.map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={view === v}
            onClick={() => setParams({ view: v === 'paid' ? null : v, status: null })}
            className={`${smallButton} ${view === v ? 'bg-teak-600 text-white ring-teak-600' : 'bg-white text-teak-800 ring-teak-300 hover:bg-teak-50'}`}
          >
            {`${ADMIN_ORDER_VIEW_LABELS[v]} (${counts[v]})`}
          </button>
        ))}
      </div>
      {view === 'paid' ? (
        <p className="mb-3 text-xs text-teak-700">Payment attempts that were never completed are under Awaiting payment and Expired.</p>
      ) : null}
      <div className="mb-4 flex flex-wrap gap-2">
        {searchBox}
        {statuses.length > 0 ? (
          <select
            value={params.get('status') ?? ''}
            onChange={(e) => setParams({ status: e.target.value })}
            aria-label="Filter orders by status"
            className="rounded-lg border border-teak-200 bg-white px-2 py-2 text-sm"
          >
            <option value="">All statuses</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {ORDER_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        ) : null}
      </div>
      {orders.length === 0 ? <p className="text-sm text-teak-700">No orders found</p> : null}
      {orders.length > 0 ? (
        <DataTable
          label="Orders"
          rows={orders}
          rowKey={(o) => o.id}
          columns={[
            {
              header: 'Order',
              primary: true,
              cell: (o) => (
                <Link
                  to={`/dashboard/orders/${o.id}${search}`}
                  className="font-semibold whitespace-nowrap text-teak-800 underline underline-offset-4"
                  aria-label={`Open order ${o.number}`}
                >
                  {o.number}
                </Link>
              ),
            },
            { header: 'Placed', className: '@2xl:whitespace-nowrap text-teak-800', cell: (o) => dateTime(o.created_at) },
            { header: 'Customer', className: 'text-teak-800 break-all', cell: (o) => o.email },
            { header: 'Total', align: 'right', className: 'whitespace-nowrap tabular-nums', cell: (o) => money(o.total_amount) },
            {
              header: 'Status',
              cell: (o) => (
                <span className="inline-flex flex-wrap gap-1">
                  <StatusBadge status={o.status} />
                  {o.financial_status !== 'paid' && o.financial_status !== 'pending' && o.financial_status !== 'voided' ? (
                    <span className="inline-block rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900">
                      {FINANCIAL_STATUS_LABELS[o.financial_status]}
                    </span>
                  ) : null}
                </span>
              ),
            },
            { header: 'Delivery', className: 'text-teak-800', cell: (o) => <DeliveryCell order={o} /> },
          ]}
        />
      ) : null}
    </Panel>
  );
}

const shortDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const shortDayYear = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A window of India dates, short for the list: "8 Jan – 8 Feb 2027". */
function windowText(from: string, to: string): string {
  const a = new Date(`${from}T00:00:00Z`);
  const b = new Date(`${to}T00:00:00Z`);
  if (from === to) return shortDayYear.format(b);
  return `${(a.getUTCFullYear() === b.getUTCFullYear() ? shortDay : shortDayYear).format(a)} – ${shortDayYear.format(b)}`;
}

/** The window promised (or as revised since), and a Late mark once it has passed without a delivery. */
function DeliveryCell({ order }: { order: AdminOrder }) {
  const window = order.expected_delivery ?? order.delivery_window;
  if (!window) return <span className="text-teak-600">—</span>;
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <span className="@2xl:whitespace-nowrap">{windowText(window.from, window.to)}</span>
      {order.late ? (
        <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800" aria-label={`Order ${order.number} is late`}>
          Late
        </span>
      ) : null}
    </span>
  );
}

/** One order: what was bought, where it goes, its timeline, and the form that moves it along. */
export function OrderDetail({ order: o, answer }: { order: AdminOrder; answer: Answer | undefined }) {
  const { search } = useLocation();
  useAnswerToast(answer);
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <Link to={`/dashboard/orders${search}`} className={secondaryButton}>
          ← All orders
        </Link>
      </div>
      <Panel
        title={`Order ${o.number}`}
        actions={
          <div className="flex items-center gap-4 text-sm">
            <InvoiceLink order={o} />
            <StatusBadge status={o.status} stage={o.stage} />
          </div>
        }
      >
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
          <Item term="Placed" value={dateTime(o.created_at)} />
          <Item term="Paid" value={dateTime(o.paid_at)} />
          <Item term="Customer" value={`${o.user.username} (${o.email})`} />
          <Item
            term="Payment"
            value={
              o.provider
                ? `${FINANCIAL_STATUS_LABELS[o.financial_status]} · ${o.provider}`
                : `${FINANCIAL_STATUS_LABELS[o.financial_status]} · a replacement at no charge`
            }
          />
          <Item
            term="Received"
            value={`${formatINR(o.amount_paid + o.amount_refunded)}${o.amount_refunded > 0 ? `, refunded ${formatINR(o.amount_refunded)}` : ''}`}
          />
          <Item term="Due" value={o.balance_due > 0 ? formatINR(o.balance_due) : 'Nothing due'} />
          <Item term="Provider order id" value={o.razorpay_order_id ?? '—'} mono />
          <Item term="Payment id" value={o.razorpay_payment_id ?? '—'} mono />
          <Item term="Shipping" value={`${o.shipping_method === 'express' ? 'Express' : 'Standard'} delivery`} />
          <Item term="Carrier" value={o.carrier ?? '—'} />
          <Item term="Tracking number" value={o.tracking_number ?? '—'} mono />
          {o.eway_bill_number ? <Item term="E-way bill" value={o.eway_bill_number} mono /> : null}
          {o.tracking_url ? (
            <div>
              <dt className="text-xs tracking-wide text-teak-700 uppercase">Tracking page</dt>
              <dd className="break-all">
                <a href={o.tracking_url} target="_blank" rel="noopener noreferrer" className="text-teak-800 underline underline-offset-4">
                  {o.tracking_url}
                </a>
              </dd>
            </div>
          ) : null}
        </dl>
      </Panel>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
        <Panel title="Items">
          <ul className="divide-y divide-teak-100">
            {o.items.map((item, i) => (
              <li key={`${item.product.slug}-${item.finish}-${i}`} className="flex flex-wrap items-center gap-3 py-3">
                <Thumb src={item.product.images[0]?.image} />
                <div className="min-w-0 flex-1 basis-32">
                  <p className="font-semibold break-words text-teak-900">{item.product.name}</p>
                  <p className="text-xs text-teak-700">
                    {item.finish ? `${item.finish} · ` : ''}
                    {item.quantity} × {money(item.unit_price)}
                  </p>
                </div>
                <span className="tabular-nums">{money(item.total)}</span>
              </li>
            ))}
          </ul>
          <dl className="mt-3 grid grid-cols-[1fr_auto] gap-1 border-t border-teak-200 pt-3 text-sm">
            <dt>Subtotal</dt>
            <dd className="text-right tabular-nums">{money(o.subtotal_amount)}</dd>
            <dt>Shipping</dt>
            <dd className="text-right tabular-nums">{money(o.shipping_amount)}</dd>
            <dt className="font-semibold">Total</dt>
            <dd className="text-right font-semibold tabular-nums">{money(o.total_amount)}</dd>
            {o.payment_method ? (
              <>
                <dt>Paid with</dt>
                <dd className="text-right">{o.payment_method.label}</dd>
              </>
            ) : null}
            {o.refunds.map((r) => (
              <Fragment key={`${r.provider_refund_id ?? 'pending'}-${r.created_at}`}>
                <dt className="text-red-800">
                  {r.status === 'processed'
                    ? `Refunded (${r.provider_refund_id ?? ''})`
                    : r.status === 'failed'
                      ? 'Refund failed'
                      : 'Refund being made by the provider'}
                </dt>
                <dd className="text-right text-red-800 tabular-nums">−{money(r.amount)}</dd>
                {r.status === 'failed' && r.error ? <dd className="col-span-2 text-xs break-words text-red-800">Why it failed: {r.error}</dd> : null}
              </Fragment>
            ))}
          </dl>
        </Panel>
        <Panel title="Delivery address">
          {o.address ? (
            <address className="text-sm leading-relaxed text-teak-900 not-italic">
              {o.address.first_name} {o.address.last_name}
              <br />
              {o.address.address_line1}
              {o.address.address_line2 ? (
                <>
                  <br />
                  {o.address.address_line2}
                </>
              ) : null}
              <br />
              {o.address.city}, {o.address.state} {o.address.postal_code}
              <br />
              {o.address.country}
              <br />
              {o.address.phone} · {o.address.email}
            </address>
          ) : (
            <p className="text-sm text-teak-700">No address yet: the order has not been paid.</p>
          )}
        </Panel>
      </div>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <Panel title="Timeline">
          <ol className="relative ml-2 border-l border-teak-200">
            {o.timeline.map((t, i) => (
              <li key={`${t.stage}-${t.at}-${i}`} className="mb-4 ml-4">
                <span aria-hidden className="absolute -left-1.5 mt-1.5 h-3 w-3 rounded-full bg-teak-500" />
                <p className="text-sm font-semibold text-teak-900">{ORDER_STAGE_LABELS[t.stage]}</p>
                <p className="text-xs text-teak-700">{dateTime(t.at)}</p>
                {t.note ? <p className="mt-1 text-sm break-words text-teak-800">{t.note}</p> : null}
                {t.photos.length > 0 ? (
                  <ul className="mt-2 flex flex-wrap gap-2" aria-label={`Photos: ${ORDER_STAGE_LABELS[t.stage]}`}>
                    {t.photos.map((photo, n) => (
                      <li key={photo}>
                        <a href={photo} target="_blank" rel="noopener">
                          <Thumb src={photo} alt={`${ORDER_STAGE_LABELS[t.stage]}: photo ${n + 1}`} />
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
        </Panel>
        <div className="grid content-start gap-6">
          <Panel title="Move the order along">
            {o.next_stages.length === 0 ? (
              <p className="text-sm text-teak-700">This order is {ORDER_STAGE_LABELS[o.stage].toLowerCase()}: there is no further step.</p>
            ) : (
              <StageForm key={`${o.stage}-${o.timeline.length}`} order={o} />
            )}
          </Panel>
          {ACTIVE_STATUSES.includes(o.status) ? (
            <Panel title="Expected delivery">
              <ExpectedDeliveryForm key={o.expected_revision?.at ?? 'none'} order={o} lastResult={answer?.result} />
            </Panel>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** Orders whose delivery is still ahead: their expected date can be revised. */
const ACTIVE_STATUSES: readonly OrderStatus[] = ['paid', 'in_production', 'ready_to_dispatch', 'shipped'];

// The form also carries the photos (files): the contract's schema checks the fields it knows and lets those through.
const stageSchema = orderStatusUpdateSchema.loose();

/**
 * Moves the order to its next stage (the state machine offers only that one, or cancelling), with a note and
 * photos for the buyer; sent to the admin API with its upload's progress. Shipped asks for the carrier and the
 * tracking number (the server's rule).
 */
function StageForm({ order: o }: { order: AdminOrder }) {
  const [next, setNext] = useState<OrderStage | ''>(o.next_stages.find((s) => s !== 'cancelled') ?? '');
  const label = next === '' ? '' : ORDER_STAGE_LABELS[next];
  const { form, errorsOf, progress, busy } = useUploadForm({
    schema: stageSchema,
    path: `/api/admin/orders/${o.id}/status/`,
    method: 'POST',
    success: `Order moved to ${label}. The buyer has been told by e-mail.`,
  });
  return (
    <form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-4" aria-label="Update order status">
      <SelectField
        label="Next stage"
        name="stage"
        errors={errorsOf('stage')}
        value={next}
        onChange={(e) => setNext(o.next_stages.find((s) => s === e.target.value) ?? '')}
      >
        {o.next_stages.map((s) => (
          <option key={s} value={s}>
            {ORDER_STAGE_LABELS[s]}
          </option>
        ))}
      </SelectField>
      {next === 'shipped' ? (
        <fieldset className="grid gap-4">
          <legend className="mb-1 text-sm text-teak-800">The buyer sees the carrier and tracking number on their order and in the e-mail.</legend>
          <TextField label="Carrier" name="carrier" errors={errorsOf('carrier')} defaultValue={o.carrier ?? ''} maxLength={100} list="carriers" />
          <datalist id="carriers">
            {CARRIERS.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
          <TextField
            label="Tracking number"
            name="tracking_number"
            errors={errorsOf('tracking_number')}
            defaultValue={o.tracking_number ?? ''}
            maxLength={100}
          />
          <TextField
            label="Tracking link (optional)"
            name="tracking_url"
            errors={errorsOf('tracking_url')}
            defaultValue={o.tracking_url ?? ''}
            type="url"
            inputMode="url"
            placeholder="https://"
            maxLength={500}
          />
          <TextField
            label="E-way bill number (12 digits; required above the e-way bill threshold, ₹50,000 unless set otherwise)"
            name="eway_bill_number"
            errors={errorsOf('eway_bill_number')}
            defaultValue={o.eway_bill_number ?? ''}
            inputMode="numeric"
            maxLength={14}
          />
        </fieldset>
      ) : null}
      <TextField
        label="Note (optional)"
        name="note"
        errors={errorsOf('note')}
        hint="Shown in the timeline and in the e-mail to the buyer."
        rows={2}
        maxLength={500}
        className={inputClass}
      />
      {next !== 'cancelled' ? (
        <ImagePicker label={`Photos (optional, at most ${STAGE_PHOTOS_MAX})`} name="photos" errors={errorsOf('photos')} multiple />
      ) : null}
      <UploadProgress fraction={progress} />
      <FormAlert messages={form.errors} />
      <div>
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? 'Updating…' : 'Update status'}
        </button>
      </div>
    </form>
  );
}

/** Revises when the piece is expected at the buyer's door; the reason is required (the buyer is told it). */
function ExpectedDeliveryForm({ order: o, lastResult }: { order: AdminOrder; lastResult: Answer['result'] | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: expectedDeliveryUpdateSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  });
  const current = o.expected_delivery;
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4" aria-label="Revise the expected delivery">
      <p className="text-sm text-teak-800">
        {current
          ? `Now expected ${current.from === current.to ? `on ${formatDay(current.from)}` : `between ${formatDay(current.from)} and ${formatDay(current.to)}`}.`
          : 'No date given yet.'}
        {o.expected_revision ? ` Last revised ${dateTime(o.expected_revision.at)}: ${o.expected_revision.reason}` : ''}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="From" type="date" name={fields.from.name} errors={fields.from.errors} defaultValue={current?.from ?? ''} />
        <TextField label="To" type="date" name={fields.to.name} errors={fields.to.errors} defaultValue={current?.to ?? ''} />
      </div>
      <TextField
        label="Reason"
        name={fields.reason.name}
        errors={fields.reason.errors}
        hint="Told to the buyer by e-mail."
        rows={2}
        maxLength={500}
        className={inputClass}
      />
      <FormAlert messages={form.errors} />
      <div>
        <button type="submit" className={secondaryButton} disabled={busy}>
          {busy ? 'Saving…' : 'Revise the date'}
        </button>
      </div>
    </Form>
  );
}

/** Carriers the workshop uses, offered as suggestions; any other name can be typed. */
const CARRIERS = ['Blue Dart', 'Delhivery', 'DTDC', 'India Post', 'Ecom Express', 'Our own delivery team'];

function Item({ term, value, mono = false }: { term: string; value: string; mono?: boolean }) {
  return (
    <div>
      <dt className="text-xs tracking-wide text-teak-700 uppercase">{term}</dt>
      <dd className={`break-all text-teak-900 ${mono ? 'font-mono text-xs' : ''}`}>{value}</dd>
    </div>
  );
}
