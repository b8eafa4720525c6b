import { useId } from 'react';
import { DeliveryChoices } from './delivery-choices';
import { Link, useFetcher } from 'react-router';
import type { DeliveryEstimate } from '../../../contract/delivery';
import type { PincodeAnswer } from '../../lib/pincode-answer';
import { refusalSentence } from './delivery-note';

interface PincodeCheckProps {
  /** The page whose action checks the pincode (and remembers it). */
  action: string;
  /** The estimate for the pincode the visitor checked before (the page's loader read it from the cookie). */
  remembered: DeliveryEstimate | null;
  /** The action's answer when the page was posted without scripts. */
  noScriptAnswer?: PincodeAnswer;
}

/**
 * "Can it reach me, and when?": a pincode checked by the page's action, as a fetcher (or a plain POST without
 * scripts), answered per delivery method with its price and window, or with the sentence saying why not.
 */
export function PincodeCheck({ action, remembered, noScriptAnswer }: PincodeCheckProps) {
  const id = useId();
  const fetcher = useFetcher<PincodeAnswer>({ key: `pincode-check-${action}` });
  const checking = fetcher.state !== 'idle';
  const answer = fetcher.data ?? noScriptAnswer;
  const estimate = answer ? answer.estimate : remembered;
  const problem = answer && !answer.ok ? answer.message : null;
  const typed = answer && !answer.ok ? answer.pincode : (estimate?.pincode ?? '');

  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 rounded-2xl bg-white p-4 ring-1 ring-teak-200/60 sm:p-5">
      <h2 id={`${id}-title`} className="font-sans text-sm font-semibold tracking-wide text-teak-900 uppercase">
        Delivery
      </h2>
      <fetcher.Form method="post" action={action} className="mt-3 flex items-end gap-2" aria-label="Check delivery to a pincode">
        <input type="hidden" name="intent" value="pincode" />
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-pincode`} className="text-sm text-teak-800">
            Pincode
          </label>
          <input
            key={typed}
            id={`${id}-pincode`}
            name="pincode"
            defaultValue={typed}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            placeholder="560001"
            aria-invalid={problem !== null}
            aria-describedby={`${id}-answer`}
            className="mt-1 w-full rounded-xl border border-teak-200 bg-white h-12 px-4 text-base text-ink focus:border-teak-500 focus:ring-2 focus:ring-teak-300 focus:outline-none aria-[invalid=true]:border-red-700"
          />
        </div>
        <button type="submit" className="btn h-12 border border-teak-300 bg-white px-5 py-0 text-teak-800 hover:bg-teak-50" aria-busy={checking}>
          {checking ? 'Checking…' : 'Check'}
        </button>
      </fetcher.Form>
      <div id={`${id}-answer`} role="status" className="mt-3 text-sm">
        {problem ? (
          <p className="text-red-800">{problem}</p>
        ) : estimate ? (
          <EstimateAnswer estimate={estimate} />
        ) : (
          <p className="text-teak-700">Enter your pincode to see the delivery charge and when the piece reaches you.</p>
        )}
      </div>
    </section>
  );
}

/** The methods with their price and window, or the sentence of a pincode the shop does not serve. */
export function EstimateAnswer({ estimate }: { estimate: DeliveryEstimate }) {
  if (!estimate.serviceable) {
    return (
      <p className="text-red-800">
        {refusalSentence(estimate)}{' '}
        {estimate.city !== null ? (
          <Link to="/contact" className="font-semibold underline underline-offset-4">
            Write to us
          </Link>
        ) : null}
      </p>
    );
  }
  return <DeliveryChoices estimate={estimate} />;
}
