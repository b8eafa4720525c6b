import { useCallback, useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import type { CreateOrderResponse, PaymentSuccess } from '../../../contract/orders';
import type { Answer } from '../../lib/answer';
import { loadRazorpay } from './razorpay';
import { SimulatedCheckout } from './simulated-checkout';

/** The action of a quote's advance and an order's balance (web/routes/quote-pay.tsx). */
export const QUOTE_PAY_ACTION = '/quote-pay';

export type QuotePayAnswer = Answer<{ payment: CreateOrderResponse | null }>;

interface QuotePayProps {
  /** An advance (of a quote) or a balance (of an order). */
  kind: 'advance' | 'balance';
  /** The quote's id for an advance, the order's for a balance. */
  id: number;
  label: string;
  /** A saved address to deliver to (an advance only). */
  addressId?: number | null;
  className?: string;
}

/**
 * The button that pays a quote's advance or an order's balance: the action has the server price and open (or
 * reuse) the provider order, the provider's window (or the simulated one) takes the payment, and the action
 * verifies it and sends the buyer to their orders. The same window as the cart's checkout.
 */
export function QuotePayButton({ kind, id, label, addressId, className = 'btn-primary' }: QuotePayProps) {
  const opener = useFetcher<QuotePayAnswer>();
  const verifier = useFetcher<QuotePayAnswer>();
  const [error, setError] = useState<string | null>(null);
  const [simulated, setSimulated] = useState<CreateOrderResponse | null>(null);
  const handled = useRef<unknown>(null);

  const verify = useCallback(
    (payment: PaymentSuccess) => {
      void verifier.submit({ intent: `verify-${kind}`, id, ...payment }, { method: 'post', action: QUOTE_PAY_ACTION });
    },
    [verifier, kind, id],
  );

  const open = useCallback(
    async (order: CreateOrderResponse) => {
      if (order.provider === 'simulated') {
        setSimulated(order);
        return;
      }
      const Razorpay = await loadRazorpay();
      if (!Razorpay) {
        setError('Razorpay SDK failed to load. Are you online?');
        return;
      }
      let settled = false;
      const checkout = new Razorpay({
        key: order.razorpay_key,
        amount: order.amount,
        currency: order.currency,
        name: order.name,
        description: order.description,
        order_id: order.order_id,
        theme: { color: '#8a5a2b' },
        handler: (payment) => {
          settled = true;
          verify(payment);
        },
        modal: {
          ondismiss: () => {
            if (!settled) setError('Payment was not completed. You can try again.');
          },
        },
      });
      checkout.on('payment.failed', (response) => setError(`Payment failed: ${response.error.description ?? 'the bank declined it'}`));
      checkout.open();
    },
    [verify],
  );

  // The action's answer: the provider's window opens on the order it made, or its sentence is shown.
  const opened = opener.data;
  useEffect(() => {
    if (!opened || handled.current === opened) return;
    handled.current = opened;
    if (opened.ok && opened.payment) void open(opened.payment);
    else if (opened.message) setError(opened.message);
  }, [opened, open]);

  const verified = verifier.data;
  useEffect(() => {
    if (!verified || verified.ok || handled.current === verified) return;
    handled.current = verified;
    setSimulated(null);
    setError(verified.message ?? 'Payment verification failed. Please contact support.');
  }, [verified]);

  const busy = opener.state !== 'idle' || verifier.state !== 'idle';
  return (
    <div>
      <opener.Form method="post" action={QUOTE_PAY_ACTION} onSubmit={() => setError(null)}>
        <input type="hidden" name="intent" value={kind} />
        <input type="hidden" name="id" value={id} />
        {addressId ? <input type="hidden" name="address_id" value={addressId} /> : null}
        <button type="submit" className={className} disabled={busy}>
          {verifier.state !== 'idle' ? 'Confirming…' : label}
        </button>
      </opener.Form>
      {error ? (
        <p role="alert" className="mt-3 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {simulated ? (
        <SimulatedCheckout
          order={simulated}
          verifying={verifier.state !== 'idle'}
          onSuccess={verify}
          onFailure={(description) => {
            setSimulated(null);
            setError(`Payment failed: ${description}`);
          }}
          onDismiss={() => {
            setSimulated(null);
            setError('Payment was not completed. You can try again.');
          }}
        />
      ) : null}
    </div>
  );
}
