import { Form, useNavigation } from 'react-router';
import {
  CANCEL_REASONS,
  RETURN_PHOTOS_MAX,
  RETURN_REASONS,
  cancelledStory,
  indiaDay,
  refundLine,
  returnStory,
  rupeesText,
  type CancellationRequest,
  type Refund,
  type ReturnCase,
} from '../../../contract/after-sale';
import type { Order } from '../../../contract/orders';
import { Button } from '../../components/ui/button';
import { FormAlert, SelectField, TextAreaField } from '../../components/ui/field';

/** What the order page offers after the sale (the service's `buyerView`). */
export interface AfterSaleView {
  cancel: { immediate: boolean; fee: number; refund: number } | null;
  /** A cancelled order's money: paid, refunded, the policy's fee and the studio's note (rupees). */
  cancelled: { paid: number; refunded: number; fee: number; note: string | null } | null;
  cancellation_request: CancellationRequest | null;
  report_until: string | null;
  returns: ReturnCase[];
  refunds: Refund[];
}

/** The answer of the order page's after-sale forms, for the card of the order it was about. */
export type AfterSaleAnswer = {
  intent: string;
  ok: boolean;
  message: string | null;
  orderId?: number;
  result?: { error?: Record<string, string[] | null> };
};

const errorsOf = (answer: AfterSaleAnswer | undefined, field: string) => answer?.result?.error?.[field] ?? [];

/**
 * The order's after-the-sale part (decision 0038): its refund lines ("Refund of Rs.X initiated on …, reference …"),
 * a cancellation request's state, its returns, and the two forms: "Cancel order" (what happens stated before the
 * buyer confirms) and, within 7 days of delivery, "Report a problem". Plain forms: they work without scripts.
 */
export function AfterSalePanel({
  order,
  view,
  answer,
  action,
}: {
  order: Order;
  view: AfterSaleView | undefined;
  answer: AfterSaleAnswer | undefined;
  /** Where the forms post: the order page's action (the confirmation page sends its forms there). */
  action?: string;
}) {
  const navigation = useNavigation();
  const busy = (intent: string) =>
    navigation.state === 'submitting' && navigation.formData?.get('intent') === intent && navigation.formData.get('orderId') === String(order.id);
  if (!view) return null;
  const mine = answer && answer.orderId === order.id ? answer : undefined;
  const request = view.cancellation_request;
  return (
    <div
      className="space-y-3 border-b border-teak-200/70 py-4 text-sm text-teak-900"
      aria-label={`After the sale, order ${order.number}`}
      role="group"
    >
      {view.refunds.length > 0 ? (
        <ul className="space-y-1" aria-label={`Refunds of order ${order.number}`}>
          {view.refunds.map((r) => (
            <li key={r.id}>
              {refundLine(r)}
              {r.credit_note_url ? (
                <>
                  {' '}
                  <a href={r.credit_note_url} className="font-semibold text-teak-700 underline-offset-4 hover:underline">
                    Credit note
                  </a>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {request ? (
        <p>
          {request.status === 'requested'
            ? `You asked to cancel this order (${request.reason_label}). The studio will answer soon.`
            : `Your request to cancel was declined. ${request.decision_note ?? ''}`}
        </p>
      ) : null}
      {view.cancelled ? <p>{cancelledStory(view.cancelled)}</p> : null}
      {view.returns.map((r) => (
        <p key={r.id}>{returnStory(r)}</p>
      ))}
      {mine?.message ? <FormAlert message={mine.message} tone={mine.ok ? 'success' : 'error'} /> : null}
      {view.cancel ? (
        <details className="rounded-2xl bg-teak-50 px-4 py-3" open={mine?.intent === 'cancel' && !mine.ok}>
          <summary className="cursor-pointer font-semibold text-teak-800">
            Cancel order<span className="sr-only"> {order.number}</span>
          </summary>
          <Form method="post" action={action} className="mt-3 space-y-3">
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="orderId" value={order.id} />
            <p>
              {view.cancel.immediate
                ? `The order is cancelled at once and ${rupeesText(Math.round(view.cancel.refund * 100))} is refunded to the account you paid from.`
                : 'The workshop has started on your piece: this sends a request the studio answers, usually within two working days.'}
              {view.cancel.fee > 0 ? ` As our policy states, a cancellation fee of ${rupeesText(Math.round(view.cancel.fee * 100))} is kept.` : ''}
            </p>
            <SelectField
              label="Why are you cancelling?"
              name="reason"
              required
              errors={errorsOf(mine, 'reason')}
              options={[{ value: '', label: 'Choose a reason' }, ...Object.entries(CANCEL_REASONS).map(([value, label]) => ({ value, label }))]}
            />
            <TextAreaField label="Anything else? (required for Other)" name="note" rows={2} maxLength={1000} errors={errorsOf(mine, 'note')} />
            <Button type="submit" variant="secondary" pending={busy('cancel')} pendingLabel="Cancelling…">
              {view.cancel.immediate ? 'Confirm cancellation' : 'Send cancellation request'}
            </Button>
          </Form>
        </details>
      ) : null}
      {view.report_until ? (
        <details className="rounded-2xl bg-teak-50 px-4 py-3" open={mine?.intent === 'report' && !mine.ok}>
          <summary className="cursor-pointer font-semibold text-teak-800">
            Report a problem<span className="sr-only"> with order {order.number}</span>
          </summary>
          <Form method="post" action={action} encType="multipart/form-data" className="mt-3 space-y-3">
            <input type="hidden" name="intent" value="report" />
            <input type="hidden" name="orderId" value={order.id} />
            <p>Until {indiaDay(view.report_until)}, a piece delivered with a fulfilment mistake can be returned.</p>
            <fieldset>
              <legend className="font-semibold">Which pieces?</legend>
              {order.items.map((item) =>
                item.id === undefined ? null : (
                  <label key={item.id} className="mt-1 flex items-center gap-2">
                    <input type="checkbox" name="items" value={item.id} defaultChecked={order.items.length === 1} />
                    {item.product.name}
                    {item.finish ? ` (${item.finish})` : ''}
                  </label>
                ),
              )}
              {errorsOf(mine, 'items').map((e) => (
                <p key={e} className="text-red-800">
                  {e}
                </p>
              ))}
            </fieldset>
            <SelectField
              label="What went wrong?"
              name="reason"
              required
              errors={errorsOf(mine, 'reason')}
              options={[{ value: '', label: 'Choose a reason' }, ...Object.entries(RETURN_REASONS).map(([value, label]) => ({ value, label }))]}
            />
            <TextAreaField
              label="Describe the problem"
              name="description"
              rows={3}
              required
              maxLength={2000}
              errors={errorsOf(mine, 'description')}
            />
            <label className="block">
              <span className="font-semibold">Photos (up to {RETURN_PHOTOS_MAX}, JPEG, PNG or WebP, 8 MB in all)</span>
              <input type="file" name="photos" accept="image/jpeg,image/png,image/webp" multiple className="mt-1 block w-full" />
            </label>
            {errorsOf(mine, 'photos').map((e) => (
              <p key={e} className="text-red-800">
                {e}
              </p>
            ))}
            <Button type="submit" variant="secondary" pending={busy('report')} pendingLabel="Sending…">
              Send report
            </Button>
          </Form>
        </details>
      ) : null}
    </div>
  );
}
