import { useId } from 'react';
import { useFetcher } from 'react-router';
import type { ShippingMethod } from '../../../contract/cart-values';
import type { DeliveryEstimate } from '../../../contract/delivery';
import { deliveryMessage, notDeliveredMessage } from '../../../contract/delivery-text';
import type { PincodeAnswer } from '../../lib/pincode-answer';

/** The window of one method to the estimate's pincode, or the sentence saying why it is not served; null without one. */
export function deliverySentence(estimate: DeliveryEstimate | null, method: ShippingMethod): string | null {
  if (!estimate) return null;
  if (!estimate.serviceable) return estimate.message;
  const m = estimate.methods.find((x) => x.code === method);
  return m ? deliveryMessage(estimate.pincode, estimate.city ?? estimate.pincode, m.date_from, m.date_to) : estimate.message;
}

/**
 * Why an estimate does not serve its pincode, in the words of a page with no address to change (the product
 * page, the cart's summary): "We do not deliver to 682001 yet."; a pincode India Post does not list keeps its
 * own sentence. Null for a served one.
 */
export function refusalSentence(estimate: DeliveryEstimate | null): string | null {
  if (!estimate || estimate.serviceable) return null;
  return estimate.city === null ? estimate.message : notDeliveredMessage(estimate.pincode);
}

/** Each method's charge (rupees) in an estimate that serves its pincode; undefined otherwise (the flat rates apply). */
export function pricesOf(estimate: DeliveryEstimate | null): Partial<Record<ShippingMethod, number>> | undefined {
  if (!estimate?.serviceable) return undefined;
  return Object.fromEntries(estimate.methods.map((m) => [m.code, m.price]));
}

/**
 * Under the cart's delivery charge: the window to the known pincode (or why it is not served), and a small
 * form to check another pincode, posted to the page's action (a fetcher; a plain POST without scripts).
 */
export function DeliveryNote({
  estimate,
  method,
  action,
  noScriptAnswer,
}: {
  estimate: DeliveryEstimate | null;
  method: ShippingMethod;
  action: string;
  /** The action's answer when the form was posted without scripts. */
  noScriptAnswer?: PincodeAnswer;
}) {
  const id = useId();
  const fetcher = useFetcher<PincodeAnswer>({ key: `pincode-check-${action}` });
  const answer = fetcher.data ?? noScriptAnswer;
  const problem = answer && !answer.ok ? answer.message : null;
  const sentence = refusalSentence(estimate) ?? deliverySentence(estimate, method);
  return (
    <div className="rounded-xl bg-sand px-3 py-2.5">
      <p role="status" className={problem || (estimate && !estimate.serviceable) ? 'text-red-800' : 'text-teak-900'}>
        {problem ?? sentence ?? 'Enter your pincode for the charge and the delivery dates to it.'}
      </p>
      <fetcher.Form method="post" action={action} className="mt-2 flex gap-2" aria-label="Check delivery to a pincode">
        <input type="hidden" name="intent" value="pincode" />
        <label htmlFor={`${id}-pincode`} className="sr-only">
          Pincode
        </label>
        <input
          key={estimate?.pincode ?? ''}
          id={`${id}-pincode`}
          name="pincode"
          defaultValue={estimate?.pincode ?? ''}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={7}
          placeholder="Pincode"
          className="w-28 min-w-0 flex-1 rounded-lg border border-teak-200 bg-white px-3 py-2 text-ink focus:border-teak-500 focus:outline-none"
        />
        <button
          type="submit"
          className="rounded-lg px-3 py-2 font-semibold text-teak-800 ring-1 ring-teak-300 hover:bg-white"
          aria-busy={fetcher.state !== 'idle'}
        >
          {estimate ? 'Change' : 'Check'}
        </button>
      </fetcher.Form>
    </div>
  );
}
