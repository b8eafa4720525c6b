import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCartCode } from '../../contract/cart';
import type { CreateOrderResponse } from '../../contract/orders';
import { carts, orders, sessions, users } from '../../server/db/schema';
import { createTokenSigner } from '../../server/modules/accounts/tokens';
import { createTestApp, type TestApp } from '../support/app';
import { startFakeRazorpay, type FakeRazorpay } from '../support/fake-razorpay';
import { newBuyer, stockedProduct } from './checkout-helpers';

/**
 * The hot reads made prepared statements (decision 0058) answer as the queries they replace, edge cases included:
 * each is compared with the old query, written out here, on the same rows.
 */
describe('prepared reads answer as the queries they replace', () => {
  let t: TestApp;
  let fake: FakeRazorpay;
  beforeAll(async () => {
    fake = await startFakeRazorpay();
    t = await createTestApp(fake.env);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  const db = () => t.database.db;

  /** The session read as it was written before. */
  async function oldSessionRead(userId: number, sid: string) {
    const [row] = await db()
      .select({ user: users, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sid),
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
          eq(users.isActive, true),
        ),
      )
      .limit(1);
    return row ?? null;
  }
  /**
   * A session made not live three ways, each undone after: expired (a second ago), revoked, its user made inactive.
   * `check` runs while it is not live, `after` once it is live again.
   */
  async function whileNotLive(sid: string, userId: number, check: (how: string) => Promise<void>, after: () => Promise<void>) {
    const [row] = await db().select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, sid));
    const cases: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
      [
        'expired',
        () =>
          db()
            .update(sessions)
            .set({ expiresAt: new Date(Date.now() - 1000) })
            .where(eq(sessions.id, sid)),
        () => db().update(sessions).set({ expiresAt: row!.expiresAt }).where(eq(sessions.id, sid)),
      ],
      [
        'revoked',
        () => db().update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sid)),
        () => db().update(sessions).set({ revokedAt: null }).where(eq(sessions.id, sid)),
      ],
      [
        'inactive',
        () => db().update(users).set({ isActive: false }).where(eq(users.id, userId)),
        () => db().update(users).set({ isActive: true }).where(eq(users.id, userId)),
      ],
    ];
    for (const [how, make, undo] of cases) {
      await make();
      await check(how);
      await undo();
      await after();
    }
  }

  async function sessionOf(userId: number) {
    const [row] = await db().select().from(sessions).where(eq(sessions.userId, userId));
    return row!;
  }

  it('the session of a request: live, revoked, expired, of an inactive user, or named with another user', async () => {
    const live = await newBuyer(t, 'Live');
    const other = await newBuyer(t, 'Other');
    const { accounts } = t.services;
    const liveSession = await sessionOf(live.id);
    const otherSession = await sessionOf(other.id);

    // Live: the same user, with every column.
    const found = await accounts.userForAccessToken(live.token);
    expect(found).toEqual({ user: (await oldSessionRead(live.id, liveSession.id))!.user, sid: liveSession.id });
    expect(found!.user.email).toBe(live.email);
    // A session id with another user's id: neither read finds it.
    expect(await oldSessionRead(other.id, liveSession.id)).toBeNull();
    expect(await oldSessionRead(live.id, otherSession.id)).toBeNull();

    // A token naming her session with the other buyer's id, signed as the shop signs: no one.
    const forged = await createTokenSigner(t.config.jwtSecret, t.config.publicUrl).access(other.id, liveSession.id);
    expect(await accounts.userForAccessToken(forged)).toBeNull();

    // Expired, revoked, and a user made inactive: both reads say no, and the request is anonymous.
    await whileNotLive(
      liveSession.id,
      live.id,
      async (how) => {
        expect([how, await accounts.userForAccessToken(live.token), await oldSessionRead(live.id, liveSession.id)]).toEqual([how, null, null]);
        expect((await live.api.get('/api/user/orders/')).statusCode).toBe(401);
      },
      async () => expect((await accounts.userForAccessToken(live.token))?.user.id).toBe(live.id),
    );
  });

  it('the browser session of a page: live, expired, revoked, of an inactive user; a cookie altered after a good one', async () => {
    const live = await newBuyer(t, 'Browsing');
    const { browserSessions } = t.services;
    const setCookie = await browserSessions.open(live.id);
    const cookie = setCookie.split(';')[0]!;
    const [, value] = cookie.split('=') as [string, string];
    // React Router's signed value: the JSON of the session id in base64, a dot, the signature.
    const [encoded] = decodeURIComponent(value).split('.') as [string];
    const sid = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as string;
    const oldRead = async () => {
      const [row] = await db()
        .select({ user: users, expiresAt: sessions.expiresAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, sid), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date()), eq(users.isActive, true)))
        .limit(1);
      return row ?? null;
    };

    const found = await browserSessions.resolveWithEnd(cookie);
    const old = await oldRead();
    expect(found).toEqual({ user: old!.user, sid, expiresAt: old!.expiresAt });
    // Read again (its signature already checked): the same.
    expect(await browserSessions.resolveWithEnd(cookie)).toEqual(found);
    // The same session id with its signature altered, or unsigned: no one, though the good value was read before.
    const forged = `${cookie.slice(0, -2)}${cookie.endsWith('A') ? 'B' : 'A'}${cookie.slice(-1)}`;
    expect(await browserSessions.resolve(forged)).toBeNull();
    expect(await browserSessions.resolve(`${browserSessions.cookieName}=${encodeURIComponent(encoded)}`)).toBeNull();

    await whileNotLive(
      sid,
      live.id,
      async (how) => expect([how, await browserSessions.resolve(cookie), await oldRead()]).toEqual([how, null, null]),
      async () => expect((await browserSessions.resolve(cookie))?.user.id).toBe(live.id),
    );
  });

  it('a buyer’s open cart: her latest open one, none once it is ordered, never another buyer’s', async () => {
    const piece = await stockedProduct(t, 3, { price: 1_500, stock: 10 });
    const buyer = await newBuyer(t, 'Glancer');
    const other = await newBuyer(t, 'Neighbour');
    const { cart } = t.services;
    const viewer = { id: buyer.id, email: buyer.email };
    const oldRead = async (userId: number) =>
      (
        await db()
          .select()
          .from(carts)
          .where(and(eq(carts.userId, userId), eq(carts.status, 'open')))
          .orderBy(desc(carts.updatedAt), desc(carts.id))
          .limit(1)
      )[0] ?? null;

    // None yet.
    expect(await oldRead(buyer.id)).toBeNull();
    expect(await cart.glance(null, viewer)).toEqual({ cartIds: [], count: 0, lines: [] });
    // Another buyer's open cart is not hers.
    expect((await other.api.post('/api/add_item/', { cart_code: newCartCode(), product_id: piece.id })).statusCode).toBe(201);
    expect(await cart.glance(null, viewer)).toEqual({ cartIds: [], count: 0, lines: [] });
    // Two open carts of hers (made on two devices before either merged): the latest is the one read.
    for (const _ of [1, 2]) expect((await buyer.api.post('/api/add_item/', { cart_code: newCartCode(), product_id: piece.id })).statusCode).toBe(201);
    const mine = await db().select().from(carts).where(eq(carts.userId, buyer.id)).orderBy(carts.id);
    expect(mine.length).toBeGreaterThan(0);
    const latest = await oldRead(buyer.id);
    expect((await cart.glance(null, viewer)).cartIds).toEqual([latest!.id]);
    // Once none of hers is open (ordered), none is read.
    await db().update(carts).set({ status: 'ordered' }).where(eq(carts.userId, buyer.id));
    expect(await oldRead(buyer.id)).toBeNull();
    expect(await cart.glance(null, viewer)).toEqual({ cartIds: [], count: 0, lines: [] });
  });

  it('a cart by its code: the buyer’s own, a guest’s, another buyer’s, an unknown code and one in other letters', async () => {
    const piece = await stockedProduct(t, 2, { price: 1_800, stock: 10 });
    const buyer = await newBuyer(t, 'Carter');
    const other = await newBuyer(t, 'Stranger');
    const own = newCartCode();
    expect((await buyer.api.post('/api/add_item/', { cart_code: own, product_id: piece.id })).statusCode).toBe(201);
    const theirs = newCartCode();
    expect((await other.api.post('/api/add_item/', { cart_code: theirs, product_id: piece.id })).statusCode).toBe(201);
    const { cart } = t.services;
    const viewer = { id: buyer.id, email: buyer.email };
    const oldRead = async (code: string) => (await db().select().from(carts).where(eq(carts.cartCode, code)))[0] ?? null;

    expect(await cart.resolveCart(own, viewer, false)).toEqual(await oldRead(own));
    // Another buyer's cart is not hers; an unknown code, or her code in capitals, finds nothing, and opens nothing.
    expect(await oldRead(theirs)).not.toBeNull();
    expect(await cart.resolveCart(theirs, viewer, false)).toBeNull();
    for (const code of [newCartCode(), own.toUpperCase()]) {
      expect(await oldRead(code)).toBeNull();
      expect(await cart.resolveCart(code, null, false)).toBeNull();
    }
  });

  it('a buyer’s order by its provider order: her own, another buyer’s and an unknown one', async () => {
    const piece = await stockedProduct(t, 6, { price: 2_100, stock: 10 });
    const buyer = await newBuyer(t, 'Orla');
    const other = await newBuyer(t, 'Piers');
    const code = newCartCode();
    expect((await buyer.api.post('/api/add_item/', { cart_code: code, product_id: piece.id })).statusCode).toBe(201);
    const order = (await buyer.api.post('/api/create_order/', { cart_code: code })).json<CreateOrderResponse>();
    const oldRead = async (providerOrderId: string, userId: number) =>
      (
        await db()
          .select()
          .from(orders)
          .where(and(eq(orders.providerOrderId, providerOrderId), eq(orders.userId, userId)))
      )[0] ?? null;

    expect(await oldRead(order.order_id, buyer.id)).not.toBeNull();
    const cancel = (who: typeof buyer, providerOrderId: string) =>
      who.api.post('/api/cancel_payment/', { cart_code: code, razorpay_order_id: providerOrderId });
    for (const [who, providerOrderId] of [
      [other, order.order_id],
      [buyer, 'order_unknown0000001'],
    ] as const) {
      expect(await oldRead(providerOrderId, who.id)).toBeNull();
      const refused = await cancel(who, providerOrderId);
      expect([refused.statusCode, refused.json()]).toEqual([404, { detail: 'This payment order was not found.', code: 'not_found' }]);
    }
    // Her own: found, and the payment window's closing is taken.
    expect((await cancel(buyer, order.order_id)).json()).toEqual({ detail: 'Payment was not completed. You can try again.' });
    expect((await oldRead(order.order_id, buyer.id))!.paymentStatus).toBe('abandoned');
  });
});
