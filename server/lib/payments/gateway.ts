import { createHmac, timingSafeEqual } from 'node:crypto';

/** A provider order: what the buyer is asked to pay, in paise. */
export interface ProviderOrder {
  id: string;
  amount: number;
  currency: string;
  /** created | attempted | paid */
  status: string;
}

/** A payment attempt at the provider. Only `captured` means the money is ours. */
export interface ProviderPayment {
  id: string;
  orderId: string | null;
  amount: number;
  currency: string;
  /** created | authorized | captured | refunded | failed */
  status: string;
  errorDescription: string | null;
  /** card | upi | netbanking | wallet | emi | … (null when the provider does not say) */
  method: string | null;
  /** Cards: the network (Visa, MasterCard, RuPay, …) and the last four digits. */
  cardNetwork: string | null;
  cardLast4: string | null;
}

/** Money given back on a captured payment, in paise. */
export interface ProviderRefund {
  id: string;
  paymentId: string;
  amount: number;
  /** pending | processed | failed */
  status: string;
}

export interface PaymentGateway {
  readonly provider: 'razorpay' | 'simulated';
  /** The public key the checkout window needs. */
  readonly keyId: string;
  createOrder(input: { amount: number; currency: 'INR'; receipt: string; notes?: Record<string, string> }): Promise<ProviderOrder>;
  fetchOrder(orderId: string): Promise<ProviderOrder>;
  fetchPayment(paymentId: string): Promise<ProviderPayment>;
  fetchOrderPayments(orderId: string): Promise<ProviderPayment[]>;
  /**
   * Refunds `amount` paise of a captured payment. Idempotent per key (the ledger's refund key; a whole payment's
   * `full:<payment>` by default): asking again with the same key returns the refund already made instead of
   * refunding twice, while refunds with other keys (an owner's partial refunds) are refunds of their own.
   */
  refund(paymentId: string, amount: number, notes: Record<string, string>, key?: string): Promise<ProviderRefund>;
  /** HMAC-SHA256 of `order_id|payment_id`, compared in constant time. */
  verifyPaymentSignature(orderId: string, paymentId: string, signature: string): boolean;
  /** HMAC-SHA256 of the raw request body with the webhook secret; false when no secret is configured. */
  verifyWebhookSignature(rawBody: Buffer, signature: string): boolean;
}

export function hmacHex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Constant-time comparison of a hex signature; anything that is not 64 hex digits is simply wrong. */
export function signatureMatches(expectedHex: string, givenHex: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(givenHex)) return false;
  const a = Buffer.from(expectedHex, 'hex');
  const b = Buffer.from(givenHex.toLowerCase(), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function paymentSignature(secret: string, orderId: string, paymentId: string): string {
  return hmacHex(secret, `${orderId}|${paymentId}`);
}
