import { useCallback, useRef, useState } from 'react';
import type { ShippingMethod } from '../../../contract/cart';
import type { CreateOrderResponse, PaymentSuccess } from '../../../contract/orders';
import { ApiError, api, clearCartCode, getCartCode } from '../../lib/api';
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

export interface PaymentRequest {
  /** A saved address of the buyer. */
  addressId: number;
  shippingMethod: ShippingMethod;
  /** The total the buyer was shown, in paise: the server refuses it when the cart changed meanwhile. */
  amountPaise: number;
  prefill?: { name?: string; email?: string; contact?: string };
}

interface Attempt {
  cartCode: string;
  addressId: number;
  order: CreateOrderResponse;
}

export type PaymentPhase = 'idle' | 'starting' | 'paying' | 'verifying';

interface UsePaymentOptions {
  messages: PaymentMessages;
  /** Called with our order id once the payment is verified and the cart code dropped. */
  onPaid: (orderId: number) => void | Promise<void>;
  /** The server says the cart is not what the buyer saw: show it again. */
  onCartChanged?: () => void;
}

/**
 * The payment step: our server creates (or reuses) the provider order for the cart it prices itself, then
 * the provider's checkout (or the simulated one) takes the payment, and our server verifies it.
 */
export function usePayment({ messages, onPaid, onCartChanged }: UsePaymentOptions) {
  const [phase, setPhase] = useState<PaymentPhase>('idle');
  const [error, setError] = useState<string | null>(null);
  const [simulated, setSimulated] = useState<Attempt | null>(null);
  // Razorpay calls its handlers outside React; the attempt they belong to is kept here.
  const settled = useRef(false);

  const verify = useCallback(
    async (attempt: Attempt, payment: PaymentSuccess) => {
      setPhase('verifying');
      try {
        const answer = await api<{ order_id: number }>('/api/verify_payment/', {
          method: 'POST',
          json: { cart_code: attempt.cartCode, ...payment, address: attempt.addressId },
        });
        clearCartCode();
        setSimulated(null);
        await onPaid(answer.order_id);
      } catch (err) {
        setSimulated(null);
        // A conflict is a known situation the server explains (sold out meanwhile, bank still confirming).
        setError(err instanceof ApiError && err.status === 409 ? err.detail : messages.verifyFailed);
      } finally {
        setPhase('idle');
      }
    },
    [messages, onPaid],
  );

  const cancel = useCallback(
    async (attempt: Attempt) => {
      setSimulated(null);
      setPhase('idle');
      setError(messages.dismissed);
      try {
        await api('/api/cancel_payment/', { method: 'POST', json: { cart_code: attempt.cartCode, razorpay_order_id: attempt.order.order_id } });
      } catch {
        // The order stays open on the server either way; a late payment still completes it.
      }
    },
    [messages],
  );

  const start = useCallback(
    async (request: PaymentRequest) => {
      setError(null);
      setPhase('starting');
      const cartCode = getCartCode();
      let order: CreateOrderResponse;
      try {
        order = await api<CreateOrderResponse>('/api/create_order/', {
          method: 'POST',
          json: { cart_code: cartCode, shipping_method: request.shippingMethod, amount: request.amountPaise },
        });
      } catch (err) {
        setPhase('idle');
        if (err instanceof ApiError && err.status === 409) {
          // The cart changed (another tab, a price change): the server's sentence says what to do.
          setError(err.detail);
          onCartChanged?.();
        } else {
          setError(messages.initiateFailed);
        }
        return;
      }
      const attempt: Attempt = { cartCode, addressId: request.addressId, order };
      settled.current = false;
      setPhase('paying');
      if (order.provider === 'simulated') {
        setSimulated(attempt);
        return;
      }
      const Razorpay = await loadRazorpay();
      if (!Razorpay) {
        setPhase('idle');
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
        prefill: request.prefill,
        theme: { color: '#8a5a2b' },
        handler: (payment) => {
          settled.current = true;
          void verify(attempt, payment);
        },
        modal: {
          ondismiss: () => {
            if (!settled.current) void cancel(attempt);
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
    [cancel, messages, onCartChanged, verify],
  );

  const dialog = simulated ? (
    <SimulatedCheckout
      order={simulated.order}
      verifying={phase === 'verifying'}
      onSuccess={(payment) => void verify(simulated, payment)}
      onFailure={(description) => {
        setSimulated(null);
        setPhase('idle');
        setError(messages.providerFailed(description));
      }}
      onDismiss={() => void cancel(simulated)}
    />
  ) : null;

  return { start, phase, busy: phase !== 'idle', error, clearError: () => setError(null), dialog };
}
