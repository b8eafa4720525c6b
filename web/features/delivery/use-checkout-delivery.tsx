import { useState } from 'react';
import { useFetcher } from 'react-router';
import type { ShippingMethod } from '../../../contract/cart-values';
import { toPaise } from '../../../contract/format';
import type { DeliveryEstimate } from '../../../contract/delivery';
import { FLAT_PRICES } from '../../../contract/delivery-text';
import { DeliveryChoices } from './delivery-choices';
import { DeliveryNote, deliverySentence, pricesOf, refusalSentence } from './delivery-note';
import type { PincodeAnswer } from '../../lib/pincode-answer';

/** What the checkout pages' loaders read (web/lib/delivery.server.ts checkoutDelivery). */
export interface CheckoutDelivery {
  pincode: string | null;
  quotes: Record<string, DeliveryEstimate>;
}

/**
 * The delivery at the cart and the address step: the summary's charges and window, each saved address's
 * charge, total and window (an unserved one says why), and the pincode typed in the address form checked by the
 * page's action (which remembers it, so the loader prices the cart to it).
 *
 * The summary is priced to the address the buyer chose (Deliver here chooses it as it opens the payment), else
 * to the remembered pincode (unless the shop does not serve it and serves a saved address), else to the first
 * saved address the shop serves; a pincode typed or checked takes over again.
 */
export function useCheckoutDelivery({
  delivery,
  subtotal,
  shipping,
  action,
  noScriptAnswer,
  addressPincodes = [],
}: {
  delivery: CheckoutDelivery;
  subtotal: number;
  shipping: ShippingMethod;
  action: string;
  /** The page action's answer to a pincode check posted without scripts. */
  noScriptAnswer?: PincodeAnswer;
  /** The pincodes of the buyer's saved addresses (when the page lists them). */
  addressPincodes?: string[];
}) {
  const checker = useFetcher<PincodeAnswer>({ key: `pincode-check-${action}` });
  const [chosen, setChosen] = useState<string | null>(null);
  // A pincode checked in the summary (or typed in the form) since: the summary follows it instead.
  const [checked, setChecked] = useState(checker.data);
  if (checker.data !== checked) {
    setChecked(checker.data);
    setChosen(null);
  }
  const served = (p: string | null) => p !== null && delivery.quotes[p]?.serviceable === true;
  const first = addressPincodes.find(served) ?? addressPincodes.find((p) => delivery.quotes[p]) ?? null;
  // A remembered pincode the shop does not serve gives way to a saved address it serves.
  const remembered = delivery.pincode !== null && !served(delivery.pincode) && served(first) ? null : delivery.pincode;
  const summaryPincode = (chosen && delivery.quotes[chosen] ? chosen : null) ?? remembered ?? first;
  const known = summaryPincode ? (delivery.quotes[summaryPincode] ?? null) : null;
  const prices = pricesOf(known);
  // The methods the server offers at a pincode (decision 0046): the buyer's choice where it is offered there,
  // else Standard. Each address is priced by its own answer, never by the summary's pincode.
  const methodAt = (estimate: DeliveryEstimate | null): ShippingMethod =>
    estimate?.serviceable && estimate.methods.find((m) => m.code === shipping)?.offered === false ? 'standard' : shipping;
  const offered = !(known?.serviceable && known.methods.find((m) => m.code === 'express')?.offered === false);
  const method = methodAt(known);
  const deliveryTo = (pincode: string) => {
    const quote = delivery.quotes[pincode];
    if (!quote) return null;
    const at = methodAt(quote);
    const price = quote.serviceable ? (quote.methods.find((m) => m.code === at)?.price ?? FLAT_PRICES[at]) : FLAT_PRICES[at];
    return {
      served: quote.serviceable,
      sentence: deliverySentence(quote, at),
      method: at,
      /** The buyer chose a method not offered here: this address is priced by the one that is, and says so. */
      fellBack: at !== shipping,
      shippingPaise: toPaise(price),
      amountPaise: toPaise(subtotal) + toPaise(price),
    };
  };
  const onPincode = (pincode: string) => {
    setChosen(null);
    if (pincode === delivery.pincode || checker.state !== 'idle') return;
    void checker.submit({ intent: 'pincode', pincode }, { method: 'post', action });
  };
  return {
    prices,
    /** The method paid for: the buyer's choice, Standard where Express is not offered. */
    method,
    expressOffered: offered,
    /** The pincode the summary is priced to, null for the flat rates. */
    pincode: known ? summaryPincode : null,
    unavailable: known !== null && !known.serviceable,
    /** Why the known pincode cannot be delivered to ("We do not deliver to 682001 yet."), null when it can. */
    refusal: refusalSentence(known),
    note: (
      <>
        {known?.serviceable ? (
          <div className="mb-3">
            <DeliveryChoices estimate={known} compact />
          </div>
        ) : null}
        <DeliveryNote estimate={known} method={method} action={action} noScriptAnswer={noScriptAnswer} />
      </>
    ),
    deliveryTo,
    /** The address about to be paid for: the summary follows its pincode. */
    choose: (pincode: string) => setChosen(pincode),
    onPincode,
  };
}
