import { useEffect, useRef, useState } from 'react';
import { useFetcher, useRevalidator } from 'react-router';
import type { ShippingMethod } from '../../../contract/cart';
import { CART_PAID, METHOD_NOT_OFFERED, PRICE_CHANGED, type CartPaidFacts, type CheckoutRefusal } from '../../../contract/checkout-refusals';
import type { CreateOrderResponse, PaymentSuccess } from '../../../contract/orders';
import type { Answer } from '../../lib/answer';
import { usePaymentWindow, type PaymentMessages } from './payment-window';

/** The checkout's action (web/routes/checkout.tsx): the address form, Deliver here and the payment steps post to it. */
export const CHECKOUT_ACTION = '/checkout';

/**
 * What the checkout's action answers: the answer's own status too (a 409 is told as it is), and the payment to
 * open when one was opened.
 */
export type CheckoutAnswer = Answer<{ status: number; payment: Attempt | null; refusal?: CheckoutRefusal | null }>;

export interface PaymentRequest {
  /** A saved address of the buyer. */
  addressId: number;
  prefill?: { name?: string; email?: string; contact?: string };
  /** The total shown for this address (its pincode prices the delivery), when it differs from the page's. */
  amountPaise?: number;
  /** The method shown for this address (the one offered there), when it differs from the page's. */
  shippingMethod?: ShippingMethod;
}

/** The shipping choice and the total the buyer was shown (paise), sent with every payment step, and the cart shown. */
export interface PaymentTotals {
  shippingMethod: ShippingMethod;
  amountPaise: number;
  /** The cart the page shows: paid meanwhile in another tab, the answer names its order. */
  cartCode?: string;
}

interface Attempt {
  cartCode: string;
  addressId: number;
  order: CreateOrderResponse;
}

export type PaymentPhase = 'idle' | 'starting' | 'paying' | 'verifying';

interface UsePaymentOptions {
  messages: PaymentMessages;
  totals: PaymentTotals;
}

/**
 * The payment step: the checkout action has our server create (or reuse) the provider order for the cart it
 * prices itself, then the provider's checkout (or the simulated one) takes the payment in the browser, and the
 * action verifies it and sends the buyer on to the order's confirmation.
 */
export function usePayment({ messages, totals }: UsePaymentOptions) {
  const opener = useFetcher<CheckoutAnswer>();
  const canceller = useFetcher<CheckoutAnswer>();
  const revalidator = useRevalidator();
  // The price changed since it was shown: said (not as a failure) while the page reads the new total.
  const [priceNotice, setPriceNotice] = useState<string | null>(null);
  // The cart was paid meanwhile (another tab): its order, and no payment is offered again.
  const [paidIn, setPaidIn] = useState<CartPaidFacts | null>(null);
  const handled = useRef<unknown>(null);
  const prefill = useRef<PaymentRequest['prefill']>(undefined);

  const paymentWindow = usePaymentWindow<Attempt>({
    action: CHECKOUT_ACTION,
    messages,
    verifyFields: (attempt: Attempt, payment: PaymentSuccess) => ({
      intent: 'verify',
      cart_code: attempt.cartCode,
      address_id: attempt.addressId,
      ...payment,
    }),
    // A conflict is a known situation the server explains; anything else is the sentence for a failed check.
    verifyRefused: (answer) => (answer.status === 409 && answer.message ? answer.message : messages.verifyFailed),
    // The order stays open on the server either way; a late payment still completes it.
    onDismiss: (attempt) =>
      void canceller.submit(
        { intent: 'cancel', cart_code: attempt.cartCode, razorpay_order_id: attempt.order.order_id },
        { method: 'post', action: CHECKOUT_ACTION },
      ),
  });
  const { open, setError } = paymentWindow;

  // The action's answer to Save and pay / Deliver here: the provider's window opens on the order it made.
  // (Opening a window is the one thing done here; the data came from the action.)
  const opened = opener.data;
  useEffect(() => {
    if (!opened || handled.current === opened) return;
    handled.current = opened;
    if (opened.ok && opened.payment) {
      void open(opened.payment.order, opened.payment, prefill.current);
    } else if (opened.refusal?.code === CART_PAID) {
      setPaidIn({ order_number: opened.refusal.order_number, order_id: opened.refusal.order_id });
      setError(null);
      void revalidator.revalidate();
    } else if (opened.refusal?.code === PRICE_CHANGED || opened.refusal?.code === METHOD_NOT_OFFERED) {
      // Not a failure: the page reads the new prices and the buyer is asked again, at the new total.
      setPriceNotice(`${opened.message} Check the new total and press Deliver here to pay it.`);
      setError(null);
      void revalidator.revalidate();
    } else if (opened.message !== null) {
      // A conflict is a known situation the server explains (the cart changed, sold out meanwhile).
      setError(opened.status === 409 ? opened.message : messages.initiateFailed);
      if (opened.status === 409) void revalidator.revalidate();
    }
  }, [opened, open, setError, messages, revalidator]);

  /** The fields every payment step sends: the shipping choice, the total the buyer saw and the cart shown. */
  const fields = { shipping_method: totals.shippingMethod, amount: String(totals.amountPaise), cart_code: totals.cartCode ?? '' };

  const start = (request: PaymentRequest) => {
    if (paidIn) return;
    setError(null);
    setPriceNotice(null);
    prefill.current = request.prefill;
    const amount = request.amountPaise === undefined ? fields.amount : String(request.amountPaise);
    const { cart_code, ...rest } = fields;
    const shipping_method = request.shippingMethod ?? fields.shipping_method;
    void opener.submit(
      { intent: 'pay', address_id: request.addressId, ...rest, ...(cart_code ? { cart_code } : {}), amount, shipping_method },
      { method: 'post', action: CHECKOUT_ACTION },
    );
  };

  const phase: PaymentPhase = opener.state !== 'idle' ? 'starting' : paymentWindow.verifying ? 'verifying' : paymentWindow.paying ? 'paying' : 'idle';

  return {
    start,
    /** The fetcher the address form posts through (Save and pay opens the payment like Deliver here). */
    opener,
    /** Hidden fields of a form that starts a payment. */
    fields,
    /** Called before the address form is sent: the buyer's name and contact for the provider's window. */
    setPrefill: (value: PaymentRequest['prefill']) => {
      setError(null);
      setPriceNotice(null);
      prefill.current = value;
    },
    phase,
    busy: phase !== 'idle',
    error: paymentWindow.error,
    /** The price changed since it was shown: the sentence with the new total (the page shows the new prices). */
    priceNotice,
    /** The cart was paid meanwhile, in this order: nothing more to pay here. */
    paidIn,
    clearError: () => setError(null),
    dialog: paymentWindow.dialog,
  };
}
