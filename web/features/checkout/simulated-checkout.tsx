import { useEffect, useId, useRef, useState } from 'react';
import type { CreateOrderResponse, PaymentSuccess } from '../../../contract/orders';
import { formatPaise } from '../../../contract/format';
import { api } from '../../lib/api';

export const SIMULATED_PAY_PATH = '/api/payments/simulated/pay/';
export const SIMULATED_FAIL_PATH = '/api/payments/simulated/fail/';
const DECLINED = 'The bank declined this test payment.';

interface SimulatedCheckoutProps {
  order: CreateOrderResponse;
  /** True while our server confirms the payment; the buttons wait. */
  verifying: boolean;
  onSuccess: (payment: PaymentSuccess) => void;
  onFailure: (description: string) => void;
  onDismiss: () => void;
}

/**
 * Stands in for the provider's checkout window when the shop runs without payment keys (development,
 * tests, offline demos). The server signs the simulated payment exactly as the provider would, so the
 * rest of the purchase (verification, stock, e-mails) runs for real.
 */
export function SimulatedCheckout({ order, verifying, onSuccess, onFailure, onDismiss }: SimulatedCheckoutProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const payButton = useRef<HTMLButtonElement>(null);
  const [pending, setPending] = useState<'pay' | 'fail' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = pending !== null || verifying;

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    payButton.current?.focus();
    return () => previous?.focus();
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !busy) {
        e.preventDefault();
        onDismiss();
      }
      if (e.key === 'Tab' && dialog.current) {
        // Keep keyboard focus inside the window, as a modal checkout does.
        const focusable = [...dialog.current.querySelectorAll<HTMLElement>('button:not([disabled])')];
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (!first || !last) return;
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [busy, onDismiss]);

  async function pay() {
    setPending('pay');
    setProblem(null);
    try {
      const payment = await api<PaymentSuccess>(SIMULATED_PAY_PATH, { method: 'POST', json: { razorpay_order_id: order.order_id } });
      onSuccess(payment);
    } catch {
      setProblem('The test payment could not be made. Please try again.');
    } finally {
      setPending(null);
    }
  }

  async function fail() {
    setPending('fail');
    let description = DECLINED;
    try {
      const answer = await api<{ error?: { description?: string } } | undefined>(SIMULATED_FAIL_PATH, {
        method: 'POST',
        json: { razorpay_order_id: order.order_id },
      });
      description = answer?.error?.description ?? DECLINED;
    } catch {
      // Recording the decline is a courtesy to the order's history; the buyer still sees the failure.
    } finally {
      setPending(null);
    }
    onFailure(description);
  }

  return (
    <div className="fixed inset-0 z-[70] flex items-end justify-center bg-ink/50 p-0 backdrop-blur-sm sm:items-center sm:p-4">
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="w-full max-w-md rounded-t-3xl bg-white p-6 shadow-2xl sm:rounded-3xl sm:p-8"
      >
        <div className="flex items-start justify-between gap-4">
          <div>
            <p className="text-xs font-semibold tracking-[0.2em] text-teak-600 uppercase">Test payment</p>
            <h2 id={titleId} className="mt-1 text-2xl text-teak-900">
              {order.name}
            </h2>
          </div>
          <button
            type="button"
            onClick={onDismiss}
            disabled={busy}
            className="rounded-full p-2 text-teak-700 hover:bg-teak-100 disabled:opacity-40"
            aria-label="Close"
          >
            <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <p className="mt-2 text-sm text-teak-800">{order.description}</p>
        <dl className="mt-6 rounded-2xl bg-sand p-4">
          <div className="flex items-baseline justify-between">
            <dt className="text-sm text-teak-800">Amount to pay</dt>
            <dd className="text-2xl font-semibold text-ink">{formatPaise(order.amount, { decimals: 'always' })}</dd>
          </div>
        </dl>
        <p className="mt-4 text-sm text-teak-700">
          No payment keys are set up, so this shop takes simulated payments. No money moves and no card is needed.
        </p>
        {problem ? (
          <p role="alert" className="mt-4 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
            {problem}
          </p>
        ) : null}
        {verifying ? (
          <p role="status" className="mt-4 text-sm font-medium text-teak-800">
            Confirming your payment…
          </p>
        ) : null}
        <div className="mt-6 grid grid-cols-2 gap-3">
          <button
            type="button"
            className="btn border border-teak-300 bg-white text-teak-800 hover:bg-teak-50"
            onClick={() => void fail()}
            disabled={busy}
          >
            {pending === 'fail' ? 'Declining…' : 'Fail'}
          </button>
          <button ref={payButton} type="button" className="btn-primary" onClick={() => void pay()} disabled={busy}>
            {pending === 'pay' ? 'Paying…' : 'Pay'}
          </button>
        </div>
      </div>
    </div>
  );
}
