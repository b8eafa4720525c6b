import { useFetcher } from 'react-router';
import type { z } from 'zod';
import {
  adminRefundSchema,
  cancellationDecisionSchema,
  returnDecisionSchema,
  type CancellationRequest,
  type ReturnCase,
} from '../../contract/after-sale';
import { formatDay, formatRupees } from '../../contract/format';
import { istDate } from '../../contract/india';
import { compactInputClass } from '../components/ui/field';
import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad, idOf, missingItem, outcome } from '../features/admin/admin.server';
import { useAnswerToast } from '../features/admin/forms';
import { Panel } from '../features/admin/ui';
import type { Answer } from '../lib/answer';
import { dispatch, failed, type IntentArgs } from '../lib/form.server';
import { requireSuperuser } from '../lib/guards.server';
import type { Route } from './+types/dashboard.returns';

export const handle: SectionHandle = { title: 'Returns and cancellations' };

/** The owner's after-sale queues (decision 0038): cancellation requests to answer, returns to work through. */
export function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(request, context, 'returns', async () => {
    const { afterSale } = context.services;
    const [requests, returns, closed, counts] = await Promise.all([
      afterSale.cancellationRequests(),
      afterSale.returnsQueue(),
      afterSale.returnsQueue('closed'),
      afterSale.counts(),
    ]);
    return { requests, returns, closed, counts, today: istDate(new Date()) };
  });
}

/** Every change is the superuser's, checked again here and by the contract's schemas (the API's); the buyer is e-mailed. */
export async function action(args: Route.ActionArgs) {
  requireSuperuser(args.request, args.context);
  return dispatch(args, { cancellation, decision, received, refund, replace });
}

const NOT_FIELDS = ['intent', 'id', 'order_id', 'key'];
const fields = (formData: FormData) => Object.fromEntries([...formData].filter(([k, v]) => !NOT_FIELDS.includes(k) && v !== ''));
const firstError = (intent: string, error: z.ZodError) => failed(intent, 400, error.issues[0]?.message ?? 'Please check the form.');

async function cancellation({ context, formData }: IntentArgs<Route.ActionArgs>) {
  const id = idOf(formData);
  if (!id) return missingItem('cancellation');
  const parsed = cancellationDecisionSchema.safeParse(fields(formData));
  if (!parsed.success) return firstError('cancellation', parsed.error);
  return outcome(
    'cancellation',
    () => context.services.afterSale.decideCancellation(id, parsed.data),
    parsed.data.decision === 'accept' ? 'Cancellation accepted; the refund is on its way.' : 'Cancellation declined; the buyer is told.',
  );
}

async function decision({ context, formData }: IntentArgs<Route.ActionArgs>) {
  const id = idOf(formData);
  if (!id) return missingItem('decision');
  const parsed = returnDecisionSchema.safeParse(fields(formData));
  if (!parsed.success) return firstError('decision', parsed.error);
  return outcome(
    'decision',
    () => context.services.afterSale.decideReturn(id, parsed.data),
    parsed.data.decision === 'accept' ? 'Return accepted; the buyer sees the pickup date.' : 'Return declined; the buyer is told.',
  );
}

async function received({ context, formData }: IntentArgs<Route.ActionArgs>) {
  const id = idOf(formData);
  if (!id) return missingItem('received');
  return outcome('received', () => context.services.afterSale.returnReceived(id, {}), 'Marked received.');
}

async function replace({ context, formData }: IntentArgs<Route.ActionArgs>) {
  const id = idOf(formData);
  if (!id) return missingItem('replace');
  const note = formData.get('note');
  return outcome(
    'replace',
    () => context.services.afterSale.replaceReturn(id, { note: typeof note === 'string' && note ? note : undefined }),
    'Replacement order made; it is in the orders list.',
  );
}

async function refund({ context, formData }: IntentArgs<Route.ActionArgs>) {
  const orderId = Number(formData.get('order_id'));
  if (!Number.isInteger(orderId) || orderId <= 0) return missingItem('refund');
  const parsed = adminRefundSchema.safeParse(fields(formData));
  if (!parsed.success) return firstError('refund', parsed.error);
  // The form's own key: a double click, or a retried post, is one refund.
  const key = formData.get('key');
  return outcome(
    'refund',
    () => context.services.afterSale.refund(orderId, parsed.data, typeof key === 'string' && key ? key : undefined),
    'Refund made.',
  );
}

const card = 'rounded-2xl bg-white p-4 ring-1 ring-teak-200/60';
const smallButton = 'rounded-lg px-3 py-1.5 text-sm font-semibold ring-1 ring-teak-300 hover:bg-teak-50 disabled:opacity-50';

function OwnerForm({ intent, id, children, label }: { intent: string; id: number; children: React.ReactNode; label: string }) {
  const fetcher = useFetcher<Answer>();
  useAnswerToast(fetcher.data);
  return (
    <fetcher.Form method="post" aria-label={label} className="mt-3 grid gap-2">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <fieldset disabled={fetcher.state !== 'idle'} className="contents">
        {children}
      </fieldset>
      {fetcher.data && !fetcher.data.ok && fetcher.data.message ? (
        <p role="alert" className="text-sm text-red-800">
          {fetcher.data.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

function Labelled({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <label className="grid gap-1 text-sm font-semibold text-teak-900">
      {label}
      {children}
    </label>
  );
}

function RequestCard({ request }: { request: CancellationRequest }) {
  return (
    <li className={card}>
      <p className="font-semibold text-teak-900">
        Order {request.order_number} · {request.email}
      </p>
      <p className="text-sm text-teak-800">
        {request.reason_label}
        {request.note ? `: ${request.note}` : ''} · asked {formatDay(request.created_at)} · {formatRupees(request.refundable)} left to refund
        {request.fee > 0 ? ` · policy fee ${formatRupees(request.fee)}` : ''}
      </p>
      <OwnerForm intent="cancellation" id={request.id} label={`Answer the cancellation of order ${request.order_number}`}>
        <Labelled label="Decision">
          <select name="decision" className={compactInputClass} defaultValue="accept">
            <option value="accept">Accept and refund</option>
            <option value="decline">Decline</option>
          </select>
        </Labelled>
        <Labelled label="Amount to refund (₹)">
          <input
            name="refund_amount"
            inputMode="decimal"
            className={compactInputClass}
            defaultValue={formatRupees(Math.max(0, request.refundable - request.fee)).slice(1)}
          />
        </Labelled>
        <Labelled label="Note for the buyer (required)">
          <textarea name="note" required rows={2} className={compactInputClass} />
        </Labelled>
        <button type="submit" className={smallButton}>
          Send answer
        </button>
      </OwnerForm>
    </li>
  );
}

function ReturnCard({ item, today }: { item: ReturnCase; today: string }) {
  return (
    <li className={card}>
      <p className="font-semibold text-teak-900">
        Order {item.order_number} · {item.email} · {item.status}
      </p>
      <p className="text-sm text-teak-800">
        {item.reason_label}: {item.description}
      </p>
      <p className="text-sm text-teak-700">
        Pieces: {item.items.map((i) => `${i.name}${i.finish ? ` (${i.finish})` : ''} × ${i.quantity}`).join(', ')}
        {item.pickup_date ? ` · pickup on ${formatDay(item.pickup_date)}` : ''}
        {item.piece === 'keep' ? ' · the buyer keeps the piece' : ''}
        {` · pieces worth ${formatRupees(item.worth)}`}
        {item.refunded > 0 ? `, ${formatRupees(item.refunded)} refunded` : ''}
        {item.refund_due_on ? ` · refund due by ${formatDay(item.refund_due_on)}` : ''}
      </p>
      {item.photos.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Photos">
          {item.photos.map((src, i) => (
            <li key={src}>
              <a href={src} target="_blank" rel="noreferrer">
                <img src={src} alt={`Photo ${i + 1} of the problem`} className="h-20 w-20 rounded-lg object-cover" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {item.status === 'reported' ? (
        <OwnerForm intent="decision" id={item.id} label={`Answer the return of order ${item.order_number}`}>
          <Labelled label="Decision">
            <select name="decision" className={compactInputClass} defaultValue="accept">
              <option value="accept">Accept</option>
              <option value="decline">Decline</option>
            </select>
          </Labelled>
          <Labelled label="The piece">
            <select name="piece" className={compactInputClass} defaultValue="collect">
              <option value="collect">Collect it on the pickup date</option>
              <option value="keep">The buyer keeps it (nothing collected)</option>
            </select>
          </Labelled>
          <Labelled label="Pickup date (when collecting)">
            <input type="date" name="pickup_date" min={today} className={compactInputClass} />
          </Labelled>
          <Labelled label="Note for the buyer (required)">
            <textarea name="note" required rows={2} className={compactInputClass} />
          </Labelled>
          <button type="submit" className={smallButton}>
            Send answer
          </button>
        </OwnerForm>
      ) : null}
      {item.status === 'accepted' && item.piece === 'collect' ? (
        <OwnerForm intent="received" id={item.id} label={`Mark the return of order ${item.order_number} received`}>
          <button type="submit" className={smallButton}>
            Mark received
          </button>
        </OwnerForm>
      ) : null}
      {item.status === 'accepted' || item.status === 'received' ? (
        <OwnerForm intent="refund" id={item.id} label={`Refund the return of order ${item.order_number}`}>
          <input type="hidden" name="order_id" value={item.order_id} />
          <input type="hidden" name="return_id" value={item.id} />
          <input type="hidden" name="key" value={`return-${item.id}-${item.refundable}`} />
          <Labelled label={`Amount to refund (₹, up to ${formatRupees(item.refundable)})`}>
            <input name="amount" inputMode="decimal" required className={compactInputClass} />
          </Labelled>
          <Labelled label="Note for the buyer (required)">
            <textarea name="note" required rows={2} className={compactInputClass} />
          </Labelled>
          <button type="submit" className={smallButton}>
            Refund
          </button>
        </OwnerForm>
      ) : null}
      {item.status === 'accepted' || item.status === 'received' ? (
        <OwnerForm intent="replace" id={item.id} label={`Send a replacement for order ${item.order_number}`}>
          <Labelled label="Note for the buyer (optional)">
            <input name="note" className={compactInputClass} />
          </Labelled>
          <button type="submit" className={smallButton}>
            Send a replacement at no charge
          </button>
        </OwnerForm>
      ) : null}
    </li>
  );
}

export default function ReturnsRoute({ loaderData }: Route.ComponentProps) {
  const { requests, returns, closed, counts, today } = loaderData;
  return (
    <div className="grid gap-6">
      <p className="text-sm text-teak-800">
        Refunds due within their 15 days: {counts.refunds_due} · overdue: {counts.refunds_overdue}
      </p>
      <Panel title={`Cancellation requests (${requests.length})`}>
        {requests.length === 0 ? (
          <p className="text-sm text-teak-700">No cancellation request is waiting.</p>
        ) : (
          <ul className="grid gap-3">
            {requests.map((r) => (
              <RequestCard key={r.id} request={r} />
            ))}
          </ul>
        )}
      </Panel>
      <Panel title={`Returns (${returns.length})`}>
        {returns.length === 0 ? (
          <p className="text-sm text-teak-700">No return is open.</p>
        ) : (
          <ul className="grid gap-3">
            {returns.map((r) => (
              <ReturnCard key={r.id} item={r} today={today} />
            ))}
          </ul>
        )}
      </Panel>
      <Panel title={`Closed (${closed.length})`}>
        {closed.length === 0 ? (
          <p className="text-sm text-teak-700">No return is closed yet.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Closed returns">
            {closed.map((r) => (
              <ReturnCard key={r.id} item={r} today={today} />
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <SectionError message="Error loading the returns and cancellations." />;
}
