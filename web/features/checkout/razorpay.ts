import type { PaymentSuccess } from '../../../contract/orders';

export const RAZORPAY_CHECKOUT_URL = 'https://checkout.razorpay.com/v1/checkout.js';
const LOAD_TIMEOUT_MS = 15_000;

/** The parts of Razorpay's checkout.js we use (https://razorpay.com/docs/payments/payment-gateway/web-integration/standard/). */
export interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  handler: (response: PaymentSuccess) => void;
  prefill?: { name?: string; email?: string; contact?: string };
  theme?: { color?: string };
  modal?: { ondismiss?: () => void; escape?: boolean; confirm_close?: boolean };
}
export interface RazorpayFailure {
  error: { code?: string; description?: string; reason?: string; metadata?: { order_id?: string; payment_id?: string } };
}
export interface RazorpayCheckout {
  open(): void;
  close(): void;
  on(event: 'payment.failed', listener: (response: RazorpayFailure) => void): void;
}
type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayCheckout;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let loading: Promise<RazorpayConstructor | null> | null = null;

/**
 * Loads the provider's checkout script on the payment step only (never on other pages), once per tab.
 * Resolves to null when it cannot load (offline, blocked), so the caller can say so; a later try starts over.
 */
export function loadRazorpay(): Promise<RazorpayConstructor | null> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayConstructor | null>((resolve) => {
    const script = document.createElement('script');
    script.src = RAZORPAY_CHECKOUT_URL;
    script.async = true;
    // The page's Content-Security-Policy admits scripts carrying its nonce; the browser exposes it only as a property.
    const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
    if (nonce) script.nonce = nonce;
    const finish = (ok: boolean) => {
      window.clearTimeout(timer);
      if (!ok) {
        script.remove();
        loading = null;
      }
      resolve(ok ? (window.Razorpay ?? null) : null);
    };
    const timer = window.setTimeout(() => finish(false), LOAD_TIMEOUT_MS);
    script.onload = () => finish(Boolean(window.Razorpay));
    script.onerror = () => finish(false);
    document.head.appendChild(script);
  });
  return loading;
}
