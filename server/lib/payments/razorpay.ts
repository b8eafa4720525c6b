import { AppError } from '../errors';
import { hmacHex, paymentSignature, signatureMatches, type PaymentGateway, type ProviderOrder, type ProviderPayment } from './gateway';

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret?: string;
  apiBase: string;
  /** Milliseconds before a call to the provider is given up (503); RAZORPAY_TIMEOUT_MS. */
  timeoutMs: number;
}

type Json = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : Number.NaN);

function toOrder(body: Json): ProviderOrder {
  return { id: str(body.id), amount: num(body.amount), currency: str(body.currency), status: str(body.status) };
}

export function toProviderPayment(body: Json): ProviderPayment {
  return {
    id: str(body.id),
    orderId: typeof body.order_id === 'string' ? body.order_id : null,
    amount: num(body.amount),
    currency: str(body.currency),
    status: str(body.status),
    errorDescription: typeof body.error_description === 'string' ? body.error_description : null,
  };
}

/**
 * Razorpay's REST API through our own small client: the official SDK hard-codes its host (tests need a
 * fake one) and surfaces network failures as TypeErrors. Every failure becomes a clear AppError.
 */
export function createRazorpayGateway(options: RazorpayOptions): PaymentGateway {
  const auth = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
  const gateway = {
    provider: 'razorpay' as const,
    keyId: options.keyId,

    async call(method: 'GET' | 'POST', path: string, body?: Json): Promise<Json> {
      let response: Response;
      try {
        response = await fetch(`${options.apiBase}${path}`, {
          method,
          headers: { authorization: auth, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch {
        throw new AppError('upstream_unavailable', 'The payment provider is not answering. Please try again in a few minutes.');
      }
      let parsed: unknown;
      try {
        parsed = await response.json();
      } catch {
        // A body cut off by the timeout is the provider being unavailable, not answering wrongly.
        throw response.ok
          ? new AppError('upstream_error', 'The payment provider sent an answer we could not read. Please try again.')
          : new AppError('upstream_unavailable', 'The payment provider is not answering. Please try again in a few minutes.');
      }
      if (!response.ok || typeof parsed !== 'object' || parsed === null) {
        if (response.status === 429 || response.status >= 500)
          throw new AppError('upstream_unavailable', 'The payment provider is not answering. Please try again in a few minutes.');
        const description = str(((parsed as Json | null)?.error as Json | undefined)?.description);
        throw new AppError('upstream_error', `The payment provider refused the request${description ? `: ${description}` : '.'}`);
      }
      return parsed as Json;
    },

    async createOrder(input: { amount: number; currency: 'INR'; receipt: string; notes?: Record<string, string> }) {
      const order = toOrder(await gateway.call('POST', '/v1/orders', { ...input, notes: input.notes ?? {} }));
      if (!order.id || order.amount !== input.amount)
        throw new AppError('upstream_error', 'The payment provider created an order we could not use. Please try again.');
      return order;
    },
    async fetchOrder(orderId: string) {
      return toOrder(await gateway.call('GET', `/v1/orders/${encodeURIComponent(orderId)}`));
    },
    async fetchPayment(paymentId: string) {
      return toProviderPayment(await gateway.call('GET', `/v1/payments/${encodeURIComponent(paymentId)}`));
    },
    async fetchOrderPayments(orderId: string) {
      const body = await gateway.call('GET', `/v1/orders/${encodeURIComponent(orderId)}/payments`);
      const items = Array.isArray(body.items) ? (body.items as Json[]) : [];
      return items.map(toProviderPayment);
    },
    verifyPaymentSignature(orderId: string, paymentId: string, signature: string) {
      return signatureMatches(paymentSignature(options.keySecret, orderId, paymentId), signature);
    },
    verifyWebhookSignature(rawBody: Buffer, signature: string) {
      if (!options.webhookSecret) return false;
      return signatureMatches(hmacHex(options.webhookSecret, rawBody), signature);
    },
  };
  return gateway;
}
