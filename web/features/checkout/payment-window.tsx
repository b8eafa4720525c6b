import { useCallback, useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import type { CreateOrderResponse, PaymentSuccess } from '../../../contract/orders';
import type { Answer } from '../../lib/answer';
import { loadRazorpay, type RazorpayOptions } from './razorpay';
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

/** A quote's advance and an order's balance: the cart's sentences, but a decline without a reason says so. */
export const QUOTE_PAYMENT_MESSAGES: PaymentMessages = {
  ...CART_PAYMENT_MESSAGES,
  failed: 'Payment failed: the bank declined it',
};

/** What an action answers a verification it refused: its sentence, and for the checkout its status. */
export type VerifyRefusal = Answer<{ status?: number }>;

interface PaymentWindowOptions<Attempt> {
  /** The page action that verifies a payment (and sends the buyer on when it succeeds). */
  action: string;
  messages: PaymentMessages;
  /** The fields the action verifies a payment of this attempt with. */
  verifyFields: (attempt: Attempt, payment: PaymentSuccess) => Record<string, string | number>;
  /** The sentence shown when the action refused the verification. */
  verifyRefused: (answer: VerifyRefusal) => string;
  /** The buyer closed the window without paying (told so already); the checkout tells its server too. */
  onDismiss?: (attempt: Attempt) => void;
}

/**
 * The payment window the cart's checkout and a quote's advance or balance share: the provider's checkout (or
 * the simulated one) opens on the provider order an action made, takes the payment in the browser, and the
 * action verifies it. `Attempt` is what the caller needs to verify a payment and to cancel an attempt.
 */
export function usePaymentWindow<Attempt>({ action, messages, verifyFields, verifyRefused, onDismiss }: PaymentWindowOptions<Attempt>) {
  const verifier = useFetcher<VerifyRefusal>();
  const [error, setError] = useState<string | null>(null);
  const [simulated, setSimulated] = useState<{ order: CreateOrderResponse; attempt: Attempt } | null>(null);
  const [paying, setPaying] = useState(false);
  // Razorpay calls its handlers outside React; whether the open window's payment went through is kept here.
  const settled = useRef(false);
  const handled = useRef<unknown>(null);

  const verify = useCallback(
    (attempt: Attempt, payment: PaymentSuccess) => {
      void verifier.submit(verifyFields(attempt, payment), { method: 'post', action });
    },
    [verifier, verifyFields, action],
  );

  /** The window closed on a failure: its sentence is shown and the buyer may try again. */
  const fail = useCallback((message: string) => {
    setSimulated(null);
    setPaying(false);
    setError(message);
  }, []);

  const dismiss = useCallback(
    (attempt: Attempt) => {
      fail(messages.dismissed);
      onDismiss?.(attempt);
    },
    [fail, messages, onDismiss],
  );

  const open = useCallback(
    async (order: CreateOrderResponse, attempt: Attempt, prefill?: RazorpayOptions['prefill']) => {
      settled.current = false;
      setPaying(true);
      if (order.provider === 'simulated') {
        setSimulated({ order, attempt });
        return;
      }
      const Razorpay = await loadRazorpay();
      if (!Razorpay) {
        setPaying(false);
        setError(messages.sdkFailed);
        return;
      }
      const checkout = new Razorpay({
        key: order.razorpay_key,
        amount: order.amount,
        currency: order.currency,
        name: order.name,
        description: order.description,
        order_id: order.order_id,
        prefill,
        theme: { color: '#8a5a2b' },
        handler: (payment) => {
          settled.current = true;
          setPaying(false);
          verify(attempt, payment);
        },
        modal: {
          ondismiss: () => {
            if (!settled.current) dismiss(attempt);
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
    [dismiss, messages, verify],
  );

  // The action refused the payment's verification (success moves the buyer on).
  const verified = verifier.data;
  useEffect(() => {
    if (!verified || verified.ok || handled.current === verified) return;
    handled.current = verified;
    fail(verifyRefused(verified));
  }, [verified, fail, verifyRefused]);

  const verifying = verifier.state !== 'idle';
  const dialog = simulated ? (
    <SimulatedCheckout
      order={simulated.order}
      verifying={verifying}
      onSuccess={(payment) => verify(simulated.attempt, payment)}
      onFailure={(description) => fail(messages.providerFailed(description))}
      onDismiss={() => dismiss(simulated.attempt)}
    />
  ) : null;

  return {
    /** Opens the window on the provider order an action made for this attempt. */
    open,
    /** The window is open (or opening): its payment not made yet. */
    paying,
    /** Our server is confirming the payment. */
    verifying,
    error,
    setError,
    /** The simulated window, when the shop runs without the provider's keys. */
    dialog,
  };
}
