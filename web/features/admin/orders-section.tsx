import { Fragment, useEffect, useState, type FormEvent } from 'react';
import { formatINR } from '../../../contract/format';
import {
  ADMIN_ORDER_VIEWS,
  ADMIN_ORDER_VIEW_LABELS,
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  SHIPMENT_MESSAGES,
  UNPAID_STATUSES,
  type AdminOrder,
  type AdminOrderCounts,
  type AdminOrderView,
  type OrderStatus,
} from '../../../contract/orders';
import { api } from '../../lib/api';
import { DataTable, SearchAndFilter, SelectField, TextField, useDebouncedSearch } from './crud';
import { FormStatus, Panel, Thumb, dateTime, primaryButton, secondaryButton, smallButton, useRemote, useSubmitter } from './ui';

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

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_TONE[status]}`}>
      {ORDER_STATUS_LABELS[status]}
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

export function OrdersSection({ openId, onOpen }: { openId: number | null; onOpen: (id: number | null) => void }) {
  const [view, setView] = useState<AdminOrderView>('paid');
  const [status, setStatus] = useState('');
  const [search, setSearch, query] = useDebouncedSearch();
  const orders = useRemote<AdminOrder[]>('/api/admin/orders/', 'Error loading orders.', {
    view,
    status: status || undefined,
    search: query || undefined,
  });
  const counts = useRemote<AdminOrderCounts>('/api/admin/orders/counts/', '', { search: query || undefined });
  const statuses = statusesOf(view);

  if (openId !== null)
    return (
      <OrderDetail
        id={openId}
        onBack={() => onOpen(null)}
        onChanged={() => {
          void orders.reload();
          void counts.reload();
        }}
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
            onClick={() => {
              setView(v);
              setStatus('');
            }}
            className={`${smallButton} ${view === v ? 'bg-teak-600 text-white ring-teak-600' : 'bg-white text-teak-800 ring-teak-300 hover:bg-teak-50'}`}
          >
            {counts.data ? `${ADMIN_ORDER_VIEW_LABELS[v]} (${counts.data[v]})` : ADMIN_ORDER_VIEW_LABELS[v]}
          </button>
        ))}
      </div>
      {view === 'paid' ? (
        <p className="mb-3 text-xs text-teak-700">Payment attempts that were never completed are under Awaiting payment and Expired.</p>
      ) : null}
      {statuses.length > 0 ? (
        <SearchAndFilter
          className="mb-4 flex flex-wrap gap-2"
          search={search}
          onSearch={setSearch}
          placeholder="Order number or e-mail"
          searchLabel="Search orders by number or e-mail"
          filter={status}
          onFilter={setStatus}
          filterLabel="Filter orders by status"
          allLabel="All statuses"
          options={statuses.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] }))}
        />
      ) : (
        <input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Order number or e-mail"
          aria-label="Search orders by number or e-mail"
          className="mb-4 w-full rounded-lg border border-teak-200 bg-white px-3 py-2 text-sm"
        />
      )}
      {orders.error ? <p className="text-sm text-red-800">{orders.error}</p> : null}
      {orders.loading && !orders.data ? <p className="text-sm text-teak-700">Loading orders…</p> : null}
      {orders.data && orders.data.length === 0 ? <p className="text-sm text-teak-700">No orders found</p> : null}
      {orders.data && orders.data.length > 0 ? (
        <DataTable
          label="Orders"
          rows={orders.data}
          rowKey={(o) => o.id}
          columns={[
            {
              header: 'Order',
              primary: true,
              cell: (o) => (
                <button
                  type="button"
                  className="font-semibold whitespace-nowrap text-teak-800 underline underline-offset-4"
                  onClick={() => onOpen(o.id)}
                  aria-label={`Open order ${o.number}`}
                >
                  {o.number}
                </button>
              ),
            },
            { header: 'Placed', className: '@2xl:whitespace-nowrap text-teak-800', cell: (o) => dateTime(o.created_at) },
            { header: 'Customer', className: 'text-teak-800 [overflow-wrap:anywhere]', cell: (o) => o.email },
            { header: 'Total', align: 'right', className: 'whitespace-nowrap tabular-nums', cell: (o) => money(o.total_amount) },
            { header: 'Status', cell: (o) => <StatusBadge status={o.status} /> },
          ]}
        />
      ) : null}
    </Panel>
  );
}

function OrderDetail({ id, onBack, onChanged }: { id: number; onBack: () => void; onChanged: () => void }) {
  const order = useRemote<AdminOrder>(`/api/admin/orders/${id}/`, 'Error loading the order.');
  const form = useSubmitter();
  const [next, setNext] = useState('');
  const [note, setNote] = useState('');
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [trackingUrl, setTrackingUrl] = useState('');
  const o = order.data;

  useEffect(() => {
    setNext(o?.next_statuses.find((s) => s !== 'cancelled') ?? '');
    setCarrier(o?.carrier ?? '');
    setTracking(o?.tracking_number ?? '');
    setTrackingUrl(o?.tracking_url ?? '');
  }, [o]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!o) return;
    const shipping = next === 'shipped';
    const ok = form.check({
      status: next ? undefined : 'Choose the next status.',
      carrier: shipping && !carrier.trim() ? SHIPMENT_MESSAGES.carrier : undefined,
      tracking_number: shipping && !tracking.trim() ? SHIPMENT_MESSAGES.tracking_number : undefined,
      tracking_url: shipping && trackingUrl.trim() && !/^https:\/\/\S+\.\S+$/i.test(trackingUrl.trim()) ? SHIPMENT_MESSAGES.tracking_url : undefined,
    });
    if (!ok) return;
    const body: { status: string; note?: string; carrier?: string; tracking_number?: string; tracking_url?: string } = {
      status: next,
    };
    if (note.trim()) body.note = note.trim();
    if (shipping) {
      body.carrier = carrier.trim();
      body.tracking_number = tracking.trim();
      if (trackingUrl.trim()) body.tracking_url = trackingUrl.trim();
    }
    const saved = await form.run(
      () =>
        api<AdminOrder>(`/api/admin/orders/${o.id}/status/`, {
          method: 'POST',
          json: body,
        }),
      {
        success: `Order moved to ${ORDER_STATUS_LABELS[next as OrderStatus]}. The buyer has been told by e-mail.`,
      },
    );
    if (saved) {
      setNote('');
      await order.reload();
      onChanged();
    }
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <button type="button" className={secondaryButton} onClick={onBack}>
          ← All orders
        </button>
      </div>
      {order.error ? <p className="text-sm text-red-800">{order.error}</p> : null}
      {order.loading && !o ? <p className="text-sm text-teak-700">Loading order…</p> : null}
      {!order.loading && !order.error && !o ? <p className="text-sm text-teak-700">Order not found</p> : null}
      {o ? (
        <>
          <Panel title={`Order ${o.number}`} actions={<StatusBadge status={o.status} />}>
            <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
              <Item term="Placed" value={dateTime(o.created_at)} />
              <Item term="Paid" value={dateTime(o.paid_at)} />
              <Item term="Customer" value={`${o.user.username} (${o.email})`} />
              <Item term="Payment" value={`${o.payment_status} · ${o.provider}`} />
              <Item term="Provider order id" value={o.razorpay_order_id} mono />
              <Item term="Payment id" value={o.razorpay_payment_id ?? '—'} mono />
              <Item term="Shipping" value={`${o.shipping_method === 'express' ? 'Express' : 'Standard'} delivery`} />
              <Item term="Carrier" value={o.carrier ?? '—'} />
              <Item term="Tracking number" value={o.tracking_number ?? '—'} mono />
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
                  <li key={`${t.status}-${t.at}-${i}`} className="mb-4 ml-4">
                    <span aria-hidden className="absolute -left-1.5 mt-1.5 h-3 w-3 rounded-full bg-teak-500" />
                    <p className="text-sm font-semibold text-teak-900">{ORDER_STATUS_LABELS[t.status]}</p>
                    <p className="text-xs text-teak-700">{dateTime(t.at)}</p>
                    {t.note ? <p className="mt-1 text-sm text-teak-800">{t.note}</p> : null}
                  </li>
                ))}
              </ol>
            </Panel>
            <Panel title="Move the order along">
              {o.next_statuses.length === 0 ? (
                <p className="text-sm text-teak-700">This order is {ORDER_STATUS_LABELS[o.status].toLowerCase()}: there is no further step.</p>
              ) : (
                <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4" aria-label="Update order status">
                  <SelectField label="New status" form={form} field="status" value={next} onChange={setNext}>
                    {o.next_statuses.map((s) => (
                      <option key={s} value={s}>
                        {ORDER_STATUS_LABELS[s]}
                      </option>
                    ))}
                  </SelectField>
                  {next === 'shipped' ? (
                    <fieldset className="grid gap-4">
                      <legend className="mb-1 text-sm text-teak-800">
                        The buyer sees the carrier and tracking number on their order and in the e-mail.
                      </legend>
                      <TextField label="Carrier" form={form} field="carrier" value={carrier} maxLength={100} list="carriers" onChange={setCarrier} />
                      <datalist id="carriers">
                        {CARRIERS.map((c) => (
                          <option key={c} value={c} />
                        ))}
                      </datalist>
                      <TextField
                        label="Tracking number"
                        form={form}
                        field="tracking_number"
                        value={tracking}
                        maxLength={100}
                        onChange={setTracking}
                      />
                      <TextField
                        label="Tracking link (optional)"
                        form={form}
                        field="tracking_url"
                        type="url"
                        inputMode="url"
                        placeholder="https://"
                        value={trackingUrl}
                        maxLength={500}
                        onChange={setTrackingUrl}
                      />
                    </fieldset>
                  ) : null}
                  <TextField
                    label="Note (optional)"
                    form={form}
                    field="note"
                    hint="Shown in the timeline and in the e-mail to the buyer."
                    rows={2}
                    maxLength={500}
                    value={note}
                    onChange={setNote}
                  />
                  <FormStatus success={form.success} failure={form.failure} />
                  <div>
                    <button type="submit" className={primaryButton} disabled={form.busy}>
                      {form.busy ? 'Updating…' : 'Update status'}
                    </button>
                  </div>
                </form>
              )}
              {o.next_statuses.length === 0 ? <FormStatus success={form.success} failure={form.failure} /> : null}
            </Panel>
          </div>
        </>
      ) : null}
    </div>
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
