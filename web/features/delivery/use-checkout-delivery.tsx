import { useFetcher } from 'react-router';
import type { ShippingMethod } from '../../../contract/cart-values';
import { toPaise } from '../../../contract/format';
import type { DeliveryEstimate } from '../../../contract/delivery';
import { FLAT_PRICES } from '../../../contract/delivery-text';
import { DeliveryNote, deliverySentence, pricesOf, refusalSentence } from './delivery-note';
import type { PincodeAnswer } from '../../lib/pincode-answer';

/** What the checkout pages' loaders read (web/lib/delivery.server.ts checkoutDelivery). */
export interface CheckoutDelivery {
  pincode: string | null;
  quotes: Record<string, DeliveryEstimate>;
}

/**
 * The delivery at the cart and the address step: the known pincode's charges for the summary and its window,
 * each saved address's total and window (an unserved one says why), and the pincode typed in the address form
 * checked by the page's action (which remembers it, so the loader prices the cart to it).
 */
export function useCheckoutDelivery({
  delivery,
  subtotal,
  shipping,
  action,
  noScriptAnswer,
}: {
  delivery: CheckoutDelivery;
  subtotal: number;
  shipping: ShippingMethod;
  action: string;
  /** The page action's answer to a pincode check posted without scripts. */
  noScriptAnswer?: PincodeAnswer;
}) {
  const checker = useFetcher<PincodeAnswer>({ key: `pincode-check-${action}` });
  const known = delivery.pincode ? (delivery.quotes[delivery.pincode] ?? null) : null;
  const prices = pricesOf(known);
  const deliveryTo = (pincode: string) => {
    const quote = delivery.quotes[pincode];
    if (!quote) return null;
    const price = quote.serviceable ? (quote.methods.find((m) => m.code === shipping)?.price ?? FLAT_PRICES[shipping]) : FLAT_PRICES[shipping];
    return { served: quote.serviceable, sentence: deliverySentence(quote, shipping), amountPaise: toPaise(subtotal) + toPaise(price) };
  };
  const onPincode = (pincode: string) => {
    if (pincode === delivery.pincode || checker.state !== 'idle') return;
    void checker.submit({ intent: 'pincode', pincode }, { method: 'post', action });
  };
  return {
    prices,
    unavailable: known !== null && !known.serviceable,
    /** Why the known pincode cannot be delivered to ("We do not deliver to 682001 yet."), null when it can. */
    refusal: refusalSentence(known),
    note: <DeliveryNote estimate={known} method={shipping} action={action} noScriptAnswer={noScriptAnswer} />,
    deliveryTo,
    onPincode,
  };
}
