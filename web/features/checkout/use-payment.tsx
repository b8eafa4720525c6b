import { useCallback, useEffect, useRef, useState } from 'react';
import { useFetcher, useRevalidator } from 'react-router';
import type { ShippingMethod } from '../../../contract/cart';
import { CART_PAID, PRICE_CHANGED, type CartPaidFacts, type CheckoutRefusal } from '../../../contract/checkout-refusals';
import type { CreateOrderResponse, PaymentSuccess } from '../../../contract/orders';
import type { Answer } from '../../lib/answer';
import { loadRazorpay } from './razorpay';
import { SimulatedCheckout } from './simulated-checkout';

/** What the buyer is told in each situation; the cart and the address screen use the spec's own wording. */
export interface PaymentMessages {
  failed: string;
  providerFailed: (description: string) => string;
  verifyFailed: string;
  dismissed: string;
  sdkFailed: string;
  initiateFailed: string;
}

export const CART_PAYMENT_MESSAGES: PaymentMessages = {
  failed: 'Payment failed. Please try again.',
  providerFailed: (description) => `Payment failed: ${description}`,
  verifyFailed: 'Payment verification failed. Please contact support.',
  dismissed: 'Payment was not completed. You can try again.',
  sdkFailed: 'Razorpay SDK failed to load. Are you online?',
  initiateFailed: 'Error initiating payment. Please try again.',
};

export const ADDRESS_SCREEN_PAYMENT_MESSAGES: PaymentMessages = {
  failed: 'Something went wrong. Please try again.',
  providerFailed: () => 'Something went wrong. Please try again.',
  verifyFailed: 'Payment verification failed.',
  dismissed: 'Payment was cancelled.',
  sdkFailed: 'Razorpay SDK failed to load. Are you online?',
  initiateFailed: 'Something went wrong. Please try again.',
};

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
  const verifier = useFetcher<CheckoutAnswer>();
  const canceller = useFetcher<CheckoutAnswer>();
  const revalidator = useRevalidator();
  const [error, setError] = useState<string | null>(null);
  // The price changed since it was shown: said (not as a failure) while the page reads the new total.
  const [priceNotice, setPriceNotice] = useState<string | null>(null);
  // The cart was paid meanwhile (another tab): its order, and no payment is offered again.
  const [paidIn, setPaidIn] = useState<CartPaidFacts | null>(null);
  const [simulated, setSimulated] = useState<Attempt | null>(null);
  const [paying, setPaying] = useState(false);
  // Razorpay calls its handlers outside React; the attempt they belong to is kept here.
  const settled = useRef(false);
  const handled = useRef<unknown>(null);
  const prefill = useRef<PaymentRequest['prefill']>(undefined);

  const verify = useCallback(
    (attempt: Attempt, payment: PaymentSuccess) => {
      void verifier.submit(
        { intent: 'verify', cart_code: attempt.cartCode, address_id: attempt.addressId, ...payment },
        { method: 'post', action: CHECKOUT_ACTION },
      );
    },
    [verifier],
  );

  const cancel = useCallback(
    (attempt: Attempt) => {
      setSimulated(null);
      setPaying(false);
      setError(messages.dismissed);
      // The order stays open on the server either way; a late payment still completes it.
      void canceller.submit(
        { intent: 'cancel', cart_code: attempt.cartCode, razorpay_order_id: attempt.order.order_id },
        { method: 'post', action: CHECKOUT_ACTION },
      );
    },
    [canceller, messages],
  );

  const open = useCallback(
    async (attempt: Attempt) => {
      settled.current = false;
      setPaying(true);
      if (attempt.order.provider === 'simulated') {
        setSimulated(attempt);
        return;
      }
      const Razorpay = await loadRazorpay();
      if (!Razorpay) {
        setPaying(false);
        setError(messages.sdkFailed);
        return;
      }
      const { order } = attempt;
      const checkout = new Razorpay({
        key: order.razorpay_key,
        amount: order.amount,
        currency: order.currency,
        name: order.name,
        description: order.description,
        order_id: order.order_id,
        prefill: prefill.current,
        theme: { color: '#8a5a2b' },
        handler: (payment) => {
          settled.current = true;
          setPaying(false);
          verify(attempt, payment);
        },
        modal: {
          ondismiss: () => {
            if (!settled.current) cancel(attempt);
          },
        },
      });
      checkout.on('payment.failed', (response) => {
        // The provider's window stays open for another try; the buyer learns why this one failed.
        const description = response.error.description;
        setError(description ? messages.providerFailed(description) : messages.failed);
      });
      checkout.open();
    },
    [cancel, messages, verify],
  );

  // The action's answer to Save and pay / Deliver here: the provider's window opens on the order it made.
  // (Opening a window is the one thing done here; the data came from the action.)
  const opened = opener.data;
  useEffect(() => {
    if (!opened || handled.current === opened) return;
    handled.current = opened;
    if (opened.ok && opened.payment) {
      void open(opened.payment);
    } else if (opened.refusal?.code === CART_PAID) {
      setPaidIn({ order_number: opened.refusal.order_number, order_id: opened.refusal.order_id });
      setError(null);
      void revalidator.revalidate();
    } else if (opened.refusal?.code === PRICE_CHANGED) {
      // Not a failure: the page reads the new prices and the buyer is asked again, at the new total.
      setPriceNotice(`${opened.message} Check the new total and press Deliver here to pay it.`);
      setError(null);
      void revalidator.revalidate();
    } else if (opened.message !== null) {
      // A conflict is a known situation the server explains (the cart changed, sold out meanwhile).
      setError(opened.status === 409 ? opened.message : messages.initiateFailed);
      if (opened.status === 409) void revalidator.revalidate();
    }
  }, [opened, open, messages, revalidator]);

  // The confirmation failed (success moves on to the order's confirmation page).
  const verified = verifier.data;
  useEffect(() => {
    if (!verified || verified.ok || handled.current === verified) return;
    handled.current = verified;
    setSimulated(null);
    setPaying(false);
    setError(verified.status === 409 && verified.message ? verified.message : messages.verifyFailed);
  }, [verified, messages]);

  /** The fields every payment step sends: the shipping choice, the total the buyer saw and the cart shown. */
  const fields = { shipping_method: totals.shippingMethod, amount: String(totals.amountPaise), cart_code: totals.cartCode ?? '' };

  const start = (request: PaymentRequest) => {
    if (paidIn) return;
    setError(null);
    setPriceNotice(null);
    prefill.current = request.prefill;
    const amount = request.amountPaise === undefined ? fields.amount : String(request.amountPaise);
    const { cart_code, ...rest } = fields;
    void opener.submit(
      { intent: 'pay', address_id: request.addressId, ...rest, ...(cart_code ? { cart_code } : {}), amount },
      { method: 'post', action: CHECKOUT_ACTION },
    );
  };

  const phase: PaymentPhase = opener.state !== 'idle' ? 'starting' : verifier.state !== 'idle' ? 'verifying' : paying ? 'paying' : 'idle';

  const dialog = simulated ? (
    <SimulatedCheckout
      order={simulated.order}
      verifying={verifier.state !== 'idle'}
      onSuccess={(payment) => verify(simulated, payment)}
      onFailure={(description) => {
        setSimulated(null);
        setPaying(false);
        setError(messages.providerFailed(description));
      }}
      onDismiss={() => cancel(simulated)}
    />
  ) : null;

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
    error,
    /** The price changed since it was shown: the sentence with the new total (the page shows the new prices). */
    priceNotice,
    /** The cart was paid meanwhile, in this order: nothing more to pay here. */
    paidIn,
    clearError: () => setError(null),
    dialog,
  };
}
