import { useEffect, useRef, type ReactNode } from 'react';
import { useFetcher } from 'react-router';
import type { CreateOrderResponse } from '../../../contract/orders';
import type { Answer } from '../../lib/answer';
import { QUOTE_PAYMENT_MESSAGES, usePaymentWindow } from './payment-window';

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
  /** More fields sent with the button (a business's GSTIN with the address chosen). */
  children?: ReactNode;
}

/**
 * The button that pays a quote's advance or an order's balance: the action has the server price and open (or
 * reuse) the provider order, the payment window the cart's checkout uses takes the payment, and the action
 * verifies it and sends the buyer to their orders.
 */
export function QuotePayButton({ kind, id, label, addressId, className = 'btn-primary', children }: QuotePayProps) {
  const opener = useFetcher<QuotePayAnswer>();
  const handled = useRef<unknown>(null);
  const { open, error, setError, verifying, dialog } = usePaymentWindow<null>({
    action: QUOTE_PAY_ACTION,
    messages: QUOTE_PAYMENT_MESSAGES,
    verifyFields: (_attempt, payment) => ({ intent: `verify-${kind}`, id, ...payment }),
    verifyRefused: (answer) => answer.message ?? QUOTE_PAYMENT_MESSAGES.verifyFailed,
  });

  // The action's answer: the provider's window opens on the order it made, or its sentence is shown.
  const opened = opener.data;
  useEffect(() => {
    if (!opened || handled.current === opened) return;
    handled.current = opened;
    if (opened.ok && opened.payment) void open(opened.payment, null);
    else if (opened.message) setError(opened.message);
  }, [opened, open, setError]);

  const busy = opener.state !== 'idle' || verifying;
  return (
    <div>
      <opener.Form method="post" action={QUOTE_PAY_ACTION} onSubmit={() => setError(null)}>
        <input type="hidden" name="intent" value={kind} />
        <input type="hidden" name="id" value={id} />
        {addressId ? <input type="hidden" name="address_id" value={addressId} /> : null}
        {children}
        <button type="submit" className={className} disabled={busy}>
          {verifying ? 'Confirming…' : label}
        </button>
      </opener.Form>
      {error ? (
        <p role="alert" className="mt-3 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {dialog}
    </div>
  );
}
