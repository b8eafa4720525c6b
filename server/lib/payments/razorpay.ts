import { AppError } from '../errors';
import type { CircuitBreaker } from './breaker';
import {
  hmacHex,
  paymentSignature,
  signatureMatches,
  type PaymentGateway,
  type ProviderOrder,
  type ProviderPayment,
  type ProviderRefund,
} from './gateway';

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret?: string;
  apiBase: string;
  /** Milliseconds before a call to the provider is given up (503); RAZORPAY_TIMEOUT_MS. */
  timeoutMs: number;
  /** When to stop calling a provider that keeps timing out, shared by every process (see breaker.ts). */
  breaker: CircuitBreaker;
}

type Json = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : Number.NaN);

function toOrder(body: Json): ProviderOrder {
  return { id: str(body.id), amount: num(body.amount), currency: str(body.currency), status: str(body.status) };
}

export function toProviderPayment(body: Json): ProviderPayment {
  const card = typeof body.card === 'object' && body.card !== null ? (body.card as Json) : null;
  return {
    id: str(body.id),
    orderId: typeof body.order_id === 'string' ? body.order_id : null,
    amount: num(body.amount),
    currency: str(body.currency),
    status: str(body.status),
    errorDescription: typeof body.error_description === 'string' ? body.error_description : null,
    method: typeof body.method === 'string' ? body.method : null,
    cardNetwork: typeof card?.network === 'string' ? card.network : null,
    cardLast4: typeof card?.last4 === 'string' ? card.last4 : null,
  };
}

function toRefund(body: Json): ProviderRefund {
  return { id: str(body.id), paymentId: str(body.payment_id), amount: num(body.amount), status: str(body.status) };
}

/**
 * Razorpay's REST API through our own small client: the official SDK hard-codes its host (tests need a
 * fake one) and surfaces network failures as TypeErrors. Every failure becomes a clear AppError.
 */
export function createRazorpayGateway(options: RazorpayOptions): PaymentGateway {
  const auth = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
  const { breaker } = options;
  const unavailable = () => new AppError('upstream_unavailable', 'The payment provider is not answering. Please try again in a few minutes.');
  const gateway = {
    provider: 'razorpay' as const,
    keyId: options.keyId,

    /**
     * One call to the provider, through the circuit breaker: while it is open (the provider kept timing
     * out) callers get a 503 at once instead of each waiting out the timeout.
     */
    async call(method: 'GET' | 'POST', path: string, body?: Json, headers: Record<string, string> = {}): Promise<Json> {
      const ticket = await breaker.allow();
      if (!ticket.allowed)
        throw new AppError('upstream_unavailable', 'The payment provider is not answering at the moment. Please try again in a minute.');
      try {
        const result = await gateway.send(method, path, body, headers);
        await breaker.succeeded(ticket);
        return result;
      } catch (err) {
        // Only an unreachable or failing provider counts; a refusal (4xx) is an answer.
        if (err instanceof AppError && err.code === 'upstream_unavailable') await breaker.failed(ticket);
        else await breaker.succeeded(ticket);
        throw err;
      }
    },

    async send(method: 'GET' | 'POST', path: string, body: Json | undefined, headers: Record<string, string>): Promise<Json> {
      let response: Response;
      try {
        response = await fetch(`${options.apiBase}${path}`, {
          method,
          headers: { authorization: auth, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
          body: body ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch {
        throw unavailable();
      }
      let parsed: unknown;
      try {
        parsed = await response.json();
      } catch {
        // A body cut off by the timeout is the provider being unavailable, not answering wrongly.
        throw response.ok
          ? new AppError('upstream_error', 'The payment provider sent an answer we could not read. Please try again.')
          : unavailable();
      }
      if (!response.ok || typeof parsed !== 'object' || parsed === null) {
        // 409: Razorpay is still working on an earlier request with the same idempotency key.
        if (response.status === 429 || response.status === 409 || response.status >= 500) throw unavailable();
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
    async refund(paymentId: string, amount: number, notes: Record<string, string>, key = `full:${paymentId}`) {
      const path = `/v1/payments/${encodeURIComponent(paymentId)}`;
      const whole = key === `full:${paymentId}`;
      // A refund made by an earlier call whose answer was lost is found (by its key, in its notes) rather than asked
      // for again; a whole payment's refund made before refunds carried keys is found as any refund of it.
      const earlier = await gateway.call('GET', `${path}/refunds`);
      const made = (Array.isArray(earlier.items) ? (earlier.items as Json[]) : []).find((r) => {
        const noted = (r.notes as Record<string, unknown> | undefined)?.refund_key;
        return str(r.status) !== 'failed' && (noted === key || (whole && noted === undefined));
      });
      if (made) return toRefund(made);
      // The same key on every retry: Razorpay makes one refund however often it is asked.
      const header = (whole ? `refund-${paymentId}` : `refund-${key}`).replace(/[^A-Za-z0-9_-]/g, '_');
      const refund = toRefund(
        await gateway.call(
          'POST',
          `${path}/refund`,
          { amount, speed: 'normal', notes: { ...notes, refund_key: key } },
          { 'x-refund-idempotency': header },
        ),
      );
      if (!refund.id) throw new AppError('upstream_error', 'The payment provider made a refund we could not read. Please try again.');
      return refund;
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
