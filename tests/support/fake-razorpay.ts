import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export const FAKE_KEY_ID = 'rzp_test_fakekey0001';
export const FAKE_KEY_SECRET = 'fake-razorpay-key-secret-for-tests';
export const FAKE_WEBHOOK_SECRET = 'fake-razorpay-webhook-secret';

export interface FakeOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
  notes: Record<string, string>;
  created_at: number;
}

export interface FakePayment {
  id: string;
  entity: 'payment';
  order_id: string;
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  captured: boolean;
  method: 'card' | 'upi' | 'netbanking' | 'wallet';
  card: { last4: string; network: string; type: string } | null;
  vpa: string | null;
  amount_refunded: number;
  refund_status: 'full' | 'partial' | null;
  error_description: string | null;
}

export interface FakeRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string>;
  status: 'pending' | 'processed' | 'failed';
  speed_requested: string;
  created_at: number;
}

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
  authorized: boolean;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;

/**
 * The parts of Razorpay's REST API the shop uses (orders create/fetch, an order's payments, payment
 * fetch, refunds with their idempotency key), as a real HTTP server on 127.0.0.1 with basic auth. A test can make it hang or fail, pay
 * orders like a buyer would, and read every call it received.
 */
export async function startFakeRazorpay() {
  const orders = new Map<string, FakeOrder>();
  const payments = new Map<string, FakePayment>();
  const refunds = new Map<string, FakeRefund>();
  /** X-Refund-Idempotency keys seen, and the refund each made. */
  const refundKeys = new Map<string, string>();
  const calls: FakeCall[] = [];
  const sockets = new Set<Socket>();
  const expectedAuth = `Basic ${Buffer.from(`${FAKE_KEY_ID}:${FAKE_KEY_SECRET}`).toString('base64')}`;
  const state = { hang: false, failWith: null as null | { status: number; body: unknown }, refusingRefunds: false };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body));
  };
  const badRequest = (description: string) => ({ error: { code: 'BAD_REQUEST_ERROR', description } });

  async function readBody(req: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text ? (JSON.parse(text) as unknown) : null;
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = await readBody(req);
      const authorized = req.headers.authorization === expectedAuth;
      calls.push({ method: req.method ?? 'GET', path: url.pathname, body, authorized });
      if (state.hang) return; // never answers; the socket is destroyed on close
      if (state.failWith) return send(res, state.failWith.status, state.failWith.body);
      if (!authorized) return send(res, 401, { error: { code: 'BAD_REQUEST_ERROR', description: 'The api key provided is invalid' } });

      const parts = url.pathname.split('/').filter(Boolean);
      if (req.method === 'POST' && url.pathname === '/v1/orders') {
        const input = body as { amount?: unknown; currency?: unknown; receipt?: unknown; notes?: Record<string, string> };
        if (typeof input.amount !== 'number' || !Number.isInteger(input.amount) || input.amount < 100)
          return send(res, 400, badRequest('The amount must be atleast INR 1.00'));
        if (input.currency !== 'INR') return send(res, 400, badRequest('The currency is invalid'));
        const order: FakeOrder = {
          id: newId('order'),
          entity: 'order',
          amount: input.amount,
          amount_paid: 0,
          amount_due: input.amount,
          currency: 'INR',
          receipt: typeof input.receipt === 'string' ? input.receipt : '',
          status: 'created',
          notes: input.notes ?? {},
          created_at: Math.floor(Date.now() / 1000),
        };
        orders.set(order.id, order);
        return send(res, 200, order);
      }
      if (req.method === 'GET' && parts[0] === 'v1' && parts[1] === 'orders' && parts[2]) {
        const order = orders.get(parts[2]);
        if (!order) return send(res, 400, badRequest('The id provided does not exist'));
        if (parts[3] === 'payments') {
          const items = [...payments.values()].filter((p) => p.order_id === order.id);
          return send(res, 200, { entity: 'collection', count: items.length, items });
        }
        return send(res, 200, order);
      }
      if (parts[0] === 'v1' && parts[1] === 'payments' && parts[2]) {
        const payment = payments.get(parts[2]);
        if (!payment) return send(res, 400, badRequest('The id provided does not exist'));
        if (req.method === 'GET' && parts[3] === 'refunds') {
          const items = [...refunds.values()].filter((r) => r.payment_id === payment.id);
          return send(res, 200, { entity: 'collection', count: items.length, items });
        }
        if (req.method === 'POST' && parts[3] === 'refund') {
          if (state.refusingRefunds) return send(res, 503, { error: { code: 'SERVER_ERROR', description: 'refunds are down' } });
          const key = req.headers['x-refund-idempotency'];
          const earlier = typeof key === 'string' ? refundKeys.get(key) : undefined;
          if (earlier) return send(res, 200, refunds.get(earlier));
          const input = (body ?? {}) as { amount?: unknown; speed?: unknown; notes?: Record<string, string> };
          const amount = typeof input.amount === 'number' ? input.amount : payment.amount - payment.amount_refunded;
          if (payment.status !== 'captured' && payment.status !== 'refunded') return send(res, 400, badRequest('The payment has not been captured'));
          if (payment.amount_refunded >= payment.amount) return send(res, 400, badRequest('The payment has been fully refunded already'));
          if (!Number.isInteger(amount) || amount < 100 || amount > payment.amount - payment.amount_refunded)
            return send(res, 400, badRequest('The refund amount provided is greater than amount captured'));
          const refund: FakeRefund = {
            id: newId('rfnd'),
            entity: 'refund',
            amount,
            currency: payment.currency,
            payment_id: payment.id,
            notes: input.notes ?? {},
            status: 'processed',
            speed_requested: typeof input.speed === 'string' ? input.speed : 'normal',
            created_at: Math.floor(Date.now() / 1000),
          };
          refunds.set(refund.id, refund);
          if (typeof key === 'string') refundKeys.set(key, refund.id);
          payment.amount_refunded += amount;
          payment.refund_status = payment.amount_refunded >= payment.amount ? 'full' : 'partial';
          if (payment.refund_status === 'full') payment.status = 'refunded';
          return send(res, 200, refund);
        }
        if (req.method === 'GET' && !parts[3]) return send(res, 200, payment);
      }
      return send(res, 404, badRequest('The requested URL was not found on the server.'));
    })().catch(() => send(res, 500, { error: { code: 'SERVER_ERROR', description: 'fake failed' } }));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const sign = (orderId: string, paymentId: string, secret = FAKE_KEY_SECRET) =>
    createHmac('sha256', secret).update(`${orderId}|${paymentId}`).digest('hex');

  return {
    url: `http://127.0.0.1:${port}`,
    env: {
      RAZORPAY_KEY_ID: FAKE_KEY_ID,
      RAZORPAY_KEY_SECRET: FAKE_KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      RAZORPAY_API_BASE: `http://127.0.0.1:${port}`,
    },
    orders,
    payments,
    refunds,
    calls,
    /** Provider orders created (POST /v1/orders answered). */
    get ordersCreated() {
      return orders.size;
    },
    /** Refuse refunds with a 503 (the rest of the API keeps answering) until set back. */
    refuseRefunds(on = true) {
      state.refusingRefunds = on;
    },
    /** Stop answering (requests stay open) until set back. */
    hang(on = true) {
      state.hang = on;
    },
    /** Answer every call with this status and body until cleared with null. */
    failWith(failure: { status: number; body: unknown } | null) {
      state.failWith = failure;
    },
    sign,
    /** What the checkout window does when the buyer pays: a payment on the order, and the signed answer. */
    pay(orderId: string, overrides: Partial<Pick<FakePayment, 'amount' | 'currency' | 'status' | 'method' | 'card' | 'vpa'>> = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`fake Razorpay has no order ${orderId}`);
      const status = overrides.status ?? 'captured';
      const payment: FakePayment = {
        id: newId('pay'),
        entity: 'payment',
        order_id: orderId,
        amount: overrides.amount ?? order.amount,
        currency: overrides.currency ?? order.currency,
        status,
        captured: status === 'captured',
        method: overrides.method ?? 'card',
        card:
          overrides.card !== undefined
            ? overrides.card
            : (overrides.method ?? 'card') === 'card'
              ? { last4: '4242', network: 'Visa', type: 'credit' }
              : null,
        vpa: overrides.vpa ?? null,
        amount_refunded: 0,
        refund_status: null,
        error_description: status === 'failed' ? 'Your payment has been cancelled by the bank.' : null,
      };
      payments.set(payment.id, payment);
      if (status === 'captured') Object.assign(order, { status: 'paid', amount_paid: order.amount, amount_due: 0 });
      else Object.assign(order, { status: 'attempted' });
      return { payment, response: { razorpay_payment_id: payment.id, razorpay_order_id: orderId, razorpay_signature: sign(orderId, payment.id) } };
    },
    /** A signed webhook delivery for a payment, as Razorpay would post it. */
    webhook(event: 'payment.captured' | 'payment.failed' | 'order.paid', payment: FakePayment, eventId = newId('evt')) {
      const payload: Record<string, unknown> = { payment: { entity: payment } };
      if (event === 'order.paid') payload.order = { entity: orders.get(payment.order_id) };
      const body = JSON.stringify({
        entity: 'event',
        account_id: 'acc_fake',
        event,
        contains: Object.keys(payload),
        payload,
        created_at: Math.floor(Date.now() / 1000),
      });
      const signature = createHmac('sha256', FAKE_WEBHOOK_SECRET).update(body).digest('hex');
      return { body, headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': eventId } };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export type FakeRazorpay = Awaited<ReturnType<typeof startFakeRazorpay>>;
