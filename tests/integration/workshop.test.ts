import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCartCode } from '../../contract/cart';
import type { AdminOrder, Order, OrderStage, TrackedOrder } from '../../contract/orders';
import { emailOutbox, orderEvents, orderItems, orderPhotos, orders, products, users } from '../../server/db/schema';
import { createMedia } from '../../server/lib/media';
import { localStorage } from '../../server/lib/storage';
import {
  ADMIN,
  createAdminTestApp,
  CUSTOMER,
  CUSTOMER_ADDRESS,
  file,
  form,
  HTML_AS_JPEG,
  jpeg,
  login,
  png,
  type AdminTestApp,
} from './admin-support';

let t: AdminTestApp;
let auth: Record<string, string>;
let buyerAuth: Record<string, string>;
let madeToOrder: typeof products.$inferSelect | undefined;
let readyStock: typeof products.$inferSelect | undefined;
const run = Math.random().toString(36).slice(2, 7).toUpperCase();

beforeAll(async () => {
  t = await createAdminTestApp();
  auth = await login(t, ADMIN);
  buyerAuth = await login(t, CUSTOMER);
  const db = t.database.db;
  [madeToOrder] = await db.select().from(products).where(eq(products.stockKind, 'made_to_order')).orderBy(products.id).limit(1);
  const [other] = await db
    .select()
    .from(products)
    .where(eq(products.id, madeToOrder!.id + 1));
  [readyStock] = await db
    .update(products)
    .set({ stockKind: 'ready_stock', stockQuantity: 50, inStock: true })
    .where(eq(products.id, other!.id))
    .returning();
});
afterAll(() => t.close());

let n = 0;
/** A paid order of the seeded customer holding one piece, written as the payment code leaves it. */
async function paidOrder(product: typeof products.$inferSelect): Promise<{ id: number; number: string; email: string }> {
  const db = t.database.db;
  const [priya] = await db.select({ id: users.id }).from(users).where(eq(users.email, CUSTOMER.email));
  const number = `TW-${run}-W${++n}`;
  const [row] = await db
    .insert(orders)
    .values({
      number,
      userId: priya!.id,
      status: 'paid',
      paymentStatus: 'captured',
      subtotalPaise: product.pricePaise,
      shippingPaise: 0,
      totalPaise: product.pricePaise,
      shippingMethod: 'standard',
      provider: 'simulated',
      providerOrderId: `order_${run}_w${n}`,
      cartFingerprint: `fpw${run}${n}`,
      email: CUSTOMER.email,
      address: CUSTOMER_ADDRESS,
      paidAt: new Date(),
    })
    .returning({ id: orders.id });
  await db.insert(orderItems).values({
    orderId: row!.id,
    productId: product.id,
    productName: product.name,
    productSlug: product.slug,
    quantity: 1,
    finish: 'Natural Teak',
    unitPricePaise: product.pricePaise,
    totalPaise: product.pricePaise,
  });
  await db.insert(orderEvents).values([
    { orderId: row!.id, status: 'pending', note: '' },
    { orderId: row!.id, status: 'paid', note: '' },
  ]);
  return { id: row!.id, number, email: CUSTOMER.email };
}

const move = (id: number, body: Record<string, string> | FormData) =>
  t.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/status/`, headers: auth, payload: body as Record<string, string> });
const adminView = async (id: number) => (await t.app.inject({ url: `/api/admin/orders/${id}/`, headers: auth })).json<AdminOrder>();
const buyerView = async (id: number) => {
  const res = await t.app.inject({ url: `/api/orders/${id}/`, headers: buyerAuth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Order>();
};
const mailsOf = (number: string) =>
  t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, CUSTOMER.email), like(emailOutbox.subject, `Your order ${number}:%`)));

const WORKSHOP_ROAD: OrderStage[] = ['design_signoff', 'timber_selection', 'joinery', 'finishing', 'quality_check', 'ready_to_dispatch'];

describe('the piece in the workshop', () => {
  it('a made-to-order order moves forward one stage at a time: a skip or a step back is refused with a sentence, and each stage sends one e-mail', async () => {
    const order = await paidOrder(madeToOrder!);
    expect((await adminView(order.id)).next_stages).toEqual(['design_signoff', 'cancelled']);

    // Skipping the workshop is refused, and so is leaving out a stage.
    const skip = await move(order.id, { stage: 'ready_to_dispatch' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json<{ detail: string }>().detail).toBe(
      'An order cannot skip a stage: this one is at paid, and its next stage is design sign-off, not ready to dispatch.',
    );
    expect((await move(order.id, { stage: 'design_signoff', note: 'Drawings agreed on the call.' })).statusCode).toBe(200);
    const jump = await move(order.id, { stage: 'joinery' });
    expect(jump.statusCode).toBe(409);
    expect(jump.json<{ detail: string }>().detail).toMatch(
      /^An order cannot skip a stage: this one is at design sign-off, and its next stage is timber selection/,
    );
    expect((await move(order.id, { stage: 'timber_selection' })).statusCode).toBe(200);
    const back = await move(order.id, { stage: 'design_signoff' });
    expect(back.statusCode).toBe(409);
    expect(back.json<{ detail: string }>().detail).toBe('An order never goes back: this one is at timber selection, past design sign-off.');
    // A client that knows only statuses cannot jump out of the workshop either.
    const coarse = await move(order.id, { status: 'ready_to_dispatch' });
    expect(coarse.statusCode).toBe(409);

    for (const stage of WORKSHOP_ROAD.slice(2)) expect((await move(order.id, { stage })).statusCode, stage).toBe(200);
    expect(
      (await move(order.id, { stage: 'shipped', carrier: 'Blue Dart', tracking_number: `BD${run}`, eway_bill_number: '331012345678' })).statusCode,
    ).toBe(200);
    expect((await move(order.id, { stage: 'delivered' })).statusCode).toBe(200);
    expect((await move(order.id, { stage: 'cancelled' })).statusCode).toBe(409);
    expect((await move(order.id, { stage: 'installed', note: 'Fixed to the wall in the living room.' })).statusCode).toBe(200);

    const shown = await buyerView(order.id);
    expect(shown).toMatchObject({ status: 'delivered', stage: 'installed', made_to_order: true });
    expect(shown.timeline.map((e) => e.stage)).toEqual(['pending', 'paid', ...WORKSHOP_ROAD, 'shipped', 'delivered', 'installed']);
    expect(shown.timeline.map((e) => e.status)).toEqual([
      'pending',
      'paid',
      ...Array<string>(5).fill('in_production'),
      'ready_to_dispatch',
      'shipped',
      'delivered',
      'delivered',
    ]);
    expect(shown.timeline.find((e) => e.stage === 'design_signoff')).toMatchObject({ note: 'Drawings agreed on the call.', photos: [] });
    // One e-mail per stage change: nine moves, nine e-mails, none for the refused ones.
    const mails = await mailsOf(order.number);
    expect(mails.map((m) => m.subject)).toEqual(
      [
        'Design sign-off',
        'Timber selection',
        'Joinery',
        'Finishing and polish',
        'Quality check',
        'Ready to dispatch',
        'Shipped',
        'Delivered',
        'Installed',
      ].map((label) => `Your order ${order.number}: ${label}`),
    );
    expect(mails[0]!.text).toContain('Drawings agreed on the call.');
  });

  it('a ready-to-ship order skips the workshop stages', async () => {
    const order = await paidOrder(readyStock!);
    const view = await adminView(order.id);
    expect(view).toMatchObject({
      made_to_order: false,
      next_stages: ['ready_to_dispatch', 'cancelled'],
      next_statuses: ['ready_to_dispatch', 'cancelled'],
    });
    const workshop = await move(order.id, { stage: 'design_signoff' });
    expect(workshop.statusCode).toBe(409);
    expect(workshop.json<{ detail: string }>().detail).toBe('A ready-to-ship order skips the workshop: its next stage is ready to dispatch.');
    expect((await move(order.id, { status: 'in_production' })).statusCode).toBe(409);
    expect((await move(order.id, { stage: 'ready_to_dispatch' })).statusCode).toBe(200);
    expect((await buyerView(order.id)).timeline.map((e) => e.stage)).toEqual(['pending', 'paid', 'ready_to_dispatch']);
    expect(await mailsOf(order.number)).toHaveLength(1);
  });

  it('a client that knows only statuses moves a made-to-order piece into the workshop with in_production', async () => {
    const order = await paidOrder(madeToOrder!);
    const res = await move(order.id, { status: 'in_production', note: 'Started.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminOrder>()).toMatchObject({ status: 'in_production', stage: 'design_signoff', next_statuses: ['in_production', 'cancelled'] });
    // Cancelling stays possible in the workshop, as before.
    expect((await move(order.id, { status: 'cancelled', note: 'The buyer changed their mind.' })).statusCode).toBe(200);
    expect((await buyerView(order.id)).stage).toBe('cancelled');
  });

  it('a stage change carries the workshop’s photos; a file that is not an image by its bytes is refused and nothing changes', async () => {
    const order = await paidOrder(madeToOrder!);
    const photosBefore = (await t.database.db.select().from(orderPhotos)).length;
    const bad = await move(
      order.id,
      form({ stage: 'design_signoff', note: 'See the drawing.', photos: [file(await jpeg(), 'sketch.jpg'), file(HTML_AS_JPEG, 'joint.jpg')] }),
    );
    expect(bad.statusCode).toBe(415);
    expect(bad.json<{ detail: string }>().detail).toBe('“joint.jpg” is not a JPEG, PNG or WebP image. Choose an image file.');
    expect((await buyerView(order.id)).stage).toBe('paid');
    expect((await t.database.db.select().from(orderPhotos)).length).toBe(photosBefore);
    expect(await mailsOf(order.number)).toHaveLength(0);

    // A refused move stores no photo either.
    const refused = await move(order.id, form({ stage: 'joinery', photos: file(await jpeg(), 'early.jpg') }));
    expect(refused.statusCode).toBe(409);
    expect((await t.database.db.select().from(orderPhotos)).length).toBe(photosBefore);

    const ok = await move(
      order.id,
      form({
        stage: 'design_signoff',
        note: 'The drawing you signed.',
        photos: [file(await jpeg(900, 600), 'drawing.jpg'), file(await png(), 'detail.png', 'image/png')],
      }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const entry = (await buyerView(order.id)).timeline.at(-1)!;
    expect(entry).toMatchObject({ stage: 'design_signoff', note: 'The drawing you signed.' });
    expect(entry.photos).toHaveLength(2);
    for (const photo of entry.photos) {
      expect(photo).toMatch(/^\/media\/workshop\/[A-Za-z0-9]+-\d+x\d+\.jpg$/);
      expect((await t.app.inject({ url: photo })).statusCode).toBe(200);
    }
    const [mail] = await mailsOf(order.number);
    expect(mail!.text).toContain('2 photos from the workshop are on your order page.');

    // The photos are in use: the clean-up of unused images keeps them.
    const media = createMedia(t.database.db, localStorage(t.mediaDir));
    await media.release(entry.photos);
    for (const photo of entry.photos) expect(existsSync(path.join(t.mediaDir, photo.slice('/media/'.length)))).toBe(true);
  });

  it('another customer’s timeline is 404, by id and by tracking', async () => {
    const order = await paidOrder(madeToOrder!);
    expect((await move(order.id, { stage: 'design_signoff', note: 'Private note for Priya.' })).statusCode).toBe(200);
    const [stranger] = await t.database.db
      .insert(users)
      .values({ username: `stranger${newCartCode(6)}`, email: `stranger-${newCartCode(6)}@example.in` })
      .returning();
    const { access } = await t.services.accounts.openSession(stranger!);
    const theirs = await t.app.inject({ url: `/api/orders/${order.id}/`, headers: { authorization: `Bearer ${access}` } });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('Private note');
    const wrongEmail = await t.app.inject({ url: `/api/orders/track/?number=${order.number}&email=${encodeURIComponent(stranger!.email)}` });
    expect(wrongEmail.statusCode).toBe(404);
    const tracked = await t.app.inject({ url: `/api/orders/track/?number=${order.number}&email=${encodeURIComponent(CUSTOMER.email)}` });
    expect(tracked.json<TrackedOrder>()).toMatchObject({ stage: 'design_signoff', made_to_order: true, expected_delivery: null });
    expect(tracked.json<TrackedOrder>().timeline.at(-1)).toMatchObject({ stage: 'design_signoff', note: 'Private note for Priya.', photos: [] });
  });

  it('a revision of the expected delivery needs a reason; the buyer sees the new window and gets one e-mail', async () => {
    const order = await paidOrder(madeToOrder!);
    const revise = (body: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/expected-delivery/`, headers: auth, payload: body });
    const later = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

    const noReason = await revise({ from: later(40), to: later(47), reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ errors: Record<string, string[]> }>().errors.reason).toEqual(['Give the reason for the new date: the buyer reads it.']);
    const backwards = await revise({ from: later(47), to: later(40), reason: 'Teak is late.' });
    expect(backwards.statusCode).toBe(400);
    const past = await revise({ from: later(-3), to: later(4), reason: 'Teak is late.' });
    expect(past.statusCode).toBe(400);
    expect((await buyerView(order.id)).expected_delivery).toBeNull();
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ expectedFrom: null, expectedTo: null, expectedReason: null });

    const ok = await revise({ from: later(40), to: later(47), reason: 'The teak for the top needs two more weeks to season.' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<AdminOrder>().expected_revision).toMatchObject({
      from: later(40),
      to: later(47),
      reason: 'The teak for the top needs two more weeks to season.',
    });
    expect((await buyerView(order.id)).expected_delivery).toEqual({ from: later(40), to: later(47) });
    const mails = await mailsOf(order.number);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('The teak for the top needs two more weeks to season.');
    // The buyer's timeline is not cluttered by the revision: it stays one entry per stage.
    expect((await buyerView(order.id)).timeline.map((e) => e.stage)).toEqual(['pending', 'paid']);
  });
});
