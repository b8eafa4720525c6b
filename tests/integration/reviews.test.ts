import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCartCode } from '../../contract/cart';
import type { Product } from '../../contract/catalog';
import type { Review, ReviewPage, SavedPiece } from '../../contract/reviews';
import { products, reviewPhotos } from '../../server/db/schema';
import { ALREADY_REVIEWED, NOT_RECEIVED } from '../../server/modules/reviews/reviews.service';
import { createTestApp, type TestApp } from '../support/app';
import { startFakeRazorpay, type FakeRazorpay } from '../support/fake-razorpay';
import { afterSaleKit, type Buyer } from './after-sale-helpers';
import { client, newBuyer, superuserToken } from './checkout-helpers';

const DAY = 86_400_000;
const photo = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#6b4423' } })
    .jpeg()
    .toBuffer();
const TEXT = 'The sofa is sturdy, the teak grain is lovely and the cushions are firm.';

/** Reviews from verified buyers and saved pieces (issue 44, decision 0050). */
describe('reviews and saved pieces', () => {
  let t: TestApp;
  let fake: FakeRazorpay;
  let kit: ReturnType<typeof afterSaleKit>;
  beforeAll(async () => {
    fake = await startFakeRazorpay();
    t = await createTestApp({ ...fake.env });
    kit = afterSaleKit(t, fake, await superuserToken(t));
  });
  afterAll(async () => {
    await t?.close();
    await fake.close();
  });

  /** A buyer with a paid order of the product at `index`, moved on to delivered unless told otherwise. */
  async function buyerOf(index: number, name: string, deliver = true) {
    const buyer = await newBuyer(t, name);
    const { piece, row } = await kit.paidOrder(buyer, index, { price: 60_000 });
    if (deliver) await kit.moveTo(row.id, ['ready_to_dispatch', 'shipped', 'delivered']);
    return { buyer, piece, row };
  }

  let address = 0;
  async function review(buyer: Buyer, slug: string, fields: Record<string, string>, photos: { bytes: Buffer; name: string }[] = []) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const p of photos) form.append('photos', new Blob([new Uint8Array(p.bytes)], { type: 'image/jpeg' }), p.name);
    return t.app.inject({
      method: 'POST',
      url: `/api/products/${slug}/reviews/`,
      // Each buyer from her own address: the form's limit (five in ten minutes) counts by address.
      remoteAddress: `10.44.${buyer.id % 250}.${++address % 250}`,
      headers: { authorization: `Bearer ${buyer.token}` },
      payload: form as unknown as Record<string, string>,
    });
  }

  const product = async (slug: string) => (await client(t).get(`/api/products/${slug}/`)).json<Product>();
  const page = async (slug: string, query = '') => (await client(t).get(`/api/products/${slug}/reviews/${query}`)).json<ReviewPage>();

  it('only a buyer whose order was delivered may review, once; photos go through the image checks', async () => {
    const { buyer, piece } = await buyerOf(30, 'Reviewer');
    const stranger = await newBuyer(t, 'Stranger');
    const waiting = await buyerOf(30, 'Waiting', false);

    const refused = await review(stranger, piece.slug, { stars: '5', title: 'Lovely', text: TEXT });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ detail: string }>().detail).toBe(NOT_RECEIVED);
    expect((await review(waiting.buyer, piece.slug, { stars: '5', title: 'Lovely', text: TEXT })).statusCode).toBe(403);
    expect((await client(t).post(`/api/products/${piece.slug}/reviews/`, { stars: 5, title: 'x', text: TEXT })).statusCode).toBe(401);

    const short = await review(buyer, piece.slug, { stars: '5', title: 'Lovely', text: 'Too short.' });
    expect(short.statusCode).toBe(400);
    expect(short.json<{ errors: Record<string, string[]> }>().errors.text).toEqual(['Write at least 20 characters about the piece.']);
    const notImage = await review(buyer, piece.slug, { stars: '4', title: 'Lovely', text: TEXT }, [
      { bytes: Buffer.from('<html></html>'), name: 'sofa.jpg' },
    ]);
    expect(notImage.statusCode).toBe(415);
    const photosBefore = await t.database.db.select().from(reviewPhotos);

    const made = await review(buyer, piece.slug, { stars: '4', title: 'Solid and handsome', text: TEXT, finish: 'Walnut', room: 'living_room' }, [
      { bytes: await photo(), name: 'sofa.jpg' },
    ]);
    expect(made.statusCode, made.body).toBe(201);
    const written = made.json<Review>();
    expect(written).toMatchObject({ status: 'pending', stars: 4, finish: 'Walnut', room: 'Living room', verified_buyer: true });
    expect(written.photos).toHaveLength(1);
    expect(written.photos[0]!.image).toMatch(/^\/media\/reviews\//);
    expect((await t.database.db.select().from(reviewPhotos)).length).toBe(photosBefore.length + 1);

    const again = await review(buyer, piece.slug, { stars: '5', title: 'Again', text: TEXT });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ detail: string }>().detail).toBe(ALREADY_REVIEWED);
  });

  it('the owner publishes, hides and replies; the rating and the breakdown follow the published reviews only', async () => {
    const index = 31;
    const first = await buyerOf(index, 'Asha');
    const second = await buyerOf(index, 'Ravi');
    const slug = first.piece.slug;
    await t.database.db.update(products).set({ ratingTenths: 32 }).where(eq(products.id, first.piece.id));
    t.services.catalog.invalidate();
    expect((await product(slug)).ratings).toBe(3.2);

    const a = (await review(first.buyer, slug, { stars: '5', title: 'Beautiful', text: TEXT })).json<Review>();
    const b = (await review(second.buyer, slug, { stars: '4', title: 'Good', text: TEXT })).json<Review>();
    // Pending reviews are not shown and do not count.
    expect((await page(slug)).summary).toMatchObject({ count: 0, average: null });
    expect((await product(slug)).ratings).toBe(3.2);

    // Published at once, both: the database counts each (4.5 is the average of 5 and 4).
    const published = await Promise.all([a, b].map((r) => kit.owner.post(`/api/admin/reviews/${r.id}/publish/`, {})));
    expect(
      published.map((r) => r.statusCode),
      published[0]!.body,
    ).toEqual([200, 200]);
    const after = await product(slug);
    expect(after).toMatchObject({ ratings: 4.5, review_count: 2 });
    const shown = await page(slug);
    expect(shown.summary).toEqual({ average: 4.5, count: 2, breakdown: { 5: 1, 4: 1, 3: 0, 2: 0, 1: 0 } });
    expect(shown.results.map((r) => r.id)).toEqual([b.id, a.id]);
    // The product page reads them with the piece it has just read (its count of published reviews): the same page.
    const asThePageReads = async (query = { page: 1, sort: 'newest' as const }) =>
      t.services.reviews.forProduct(slug, query, { lastPageAtMost: true, product: await t.services.catalog.getProduct(slug) });
    expect(await asThePageReads()).toEqual(shown);
    expect(await asThePageReads({ page: 3, sort: 'newest' })).toEqual(shown);

    const replied = await kit.owner.post(`/api/admin/reviews/${a.id}/reply/`, { reply: 'Thank you, Asha!' });
    expect(replied.statusCode).toBe(200);
    expect((await page(slug)).results.find((r) => r.id === a.id)).toMatchObject({ reply: 'Thank you, Asha!', replied_at: expect.any(String) });
    expect((await kit.owner.post(`/api/admin/reviews/${a.id}/reply/`, { reply: '' })).statusCode).toBe(400);

    // Hidden: the average is the remaining review's; its writer sees it hidden.
    expect((await kit.owner.post(`/api/admin/reviews/${a.id}/hide/`, {})).statusCode).toBe(200);
    expect(await product(slug)).toMatchObject({ ratings: 4, review_count: 1 });
    const mine = (await first.buyer.api.get('/api/reviews/mine/')).json<Review[]>();
    expect(mine.find((r) => r.id === a.id)?.status).toBe('hidden');

    // The owner's list: of one status, newest first.
    const hidden = (await kit.owner.get('/api/admin/reviews/?status=hidden')).json<Review[]>();
    expect(hidden.map((r) => r.id)).toContain(a.id);
    expect(hidden.every((r) => r.status === 'hidden')).toBe(true);
    expect((await first.buyer.api.get('/api/admin/reviews/')).statusCode).toBe(403);

    // Hiding the last one gives the product back the owner's figure.
    await kit.owner.post(`/api/admin/reviews/${b.id}/hide/`, {});
    expect(await product(slug)).toMatchObject({ ratings: 3.2, review_count: 0 });
    expect(await asThePageReads()).toEqual(await page(slug));
    expect((await asThePageReads()).summary).toEqual({ average: null, count: 0, breakdown: { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 } });
  });

  it('a buyer edits her own review, which waits for the owner again; another buyer’s review is not found', async () => {
    const { buyer, piece } = await buyerOf(32, 'Meera');
    const other = await newBuyer(t, 'Other');
    const made = (await review(buyer, piece.slug, { stars: '2', title: 'Wobbly', text: TEXT })).json<Review>();
    await kit.owner.post(`/api/admin/reviews/${made.id}/publish/`, {});
    expect((await product(piece.slug)).ratings).toBe(2);

    expect((await other.api.patch(`/api/reviews/${made.id}/`, { stars: 1 })).statusCode).toBe(404);
    expect((await other.api.del(`/api/reviews/${made.id}/`, {})).statusCode).toBe(404);

    const edited = await buyer.api.patch(`/api/reviews/${made.id}/`, { stars: 5, title: 'Fixed by the studio' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Review>()).toMatchObject({ stars: 5, status: 'pending' });
    expect((await product(piece.slug)).review_count).toBe(0);

    expect((await buyer.api.del(`/api/reviews/${made.id}/`, {})).statusCode).toBe(204);
    expect((await buyer.api.get('/api/reviews/mine/')).json<Review[]>()).toEqual([]);

    // Sent twice at once (two tabs): the database keeps one review per buyer and piece.
    const twice = await Promise.all([1, 2].map(() => review(buyer, piece.slug, { stars: '5', title: 'Twice', text: TEXT })));
    expect(twice.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await buyer.api.get('/api/reviews/mine/')).json<Review[]>()).toHaveLength(1);
  });

  it('most helpful first, ten a page', async () => {
    const first = await buyerOf(33, 'Kiran');
    const second = await buyerOf(33, 'Lata');
    const reader = await newBuyer(t, 'Reader');
    const slug = first.piece.slug;
    const a = (await review(first.buyer, slug, { stars: '5', title: 'Sturdy', text: TEXT })).json<Review>();
    const b = (await review(second.buyer, slug, { stars: '3', title: 'Fine', text: TEXT })).json<Review>();
    for (const r of [a, b]) await kit.owner.post(`/api/admin/reviews/${r.id}/publish/`, {});
    expect((await reader.api.post(`/api/reviews/${a.id}/helpful/`, {})).json<Review>().helpful).toBe(1);
    expect((await reader.api.post(`/api/reviews/${a.id}/helpful/`, {})).json<Review>().helpful).toBe(1);
    expect((await first.buyer.api.post(`/api/reviews/${a.id}/helpful/`, {})).statusCode).toBe(409);
    expect((await page(slug, '?sort=helpful')).results.map((r) => r.id)).toEqual([a.id, b.id]);
    expect((await page(slug, '?sort=newest')).results.map((r) => r.id)).toEqual([b.id, a.id]);
    expect((await client(t).get(`/api/products/${slug}/reviews/?page=2`)).statusCode).toBe(404);
    expect((await client(t).get(`/api/products/${slug}/reviews/?sort=best`)).statusCode).toBe(400);
  });

  it('the review e-mail goes out once per delivered order after the set days, and not to an address that opted out', async () => {
    const { buyer, row, piece } = await buyerOf(34, 'Mailed');
    const later = new Date(Date.now() + 8 * DAY);
    expect(await t.services.reviews.sendReviewRequests(new Date(Date.now() + 2 * DAY))).toBe(0);
    // Two runs at once (two processes): one mail.
    await Promise.all([t.services.reviews.sendReviewRequests(later), t.services.reviews.sendReviewRequests(later)]);
    await t.services.reviews.sendReviewRequests(later);
    const mails = await kit.mails(buyer.email, `Order ${row.number}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/product/${piece.slug}/review`);
    expect(mails[0]!.text).not.toContain('token=');

    const optedOut = await buyerOf(35, 'OptedOut');
    const link = new URL(t.services.reviews.unsubscribeLink(optedOut.buyer.email));
    expect(link.pathname).toBe('/reviews/unsubscribe');
    const token = link.searchParams.get('token')!;
    expect((await client(t).post('/api/reviews/unsubscribe/', { email: optedOut.buyer.email, token: 'forged' })).statusCode).toBe(400);
    const unsubscribed = await client(t).post('/api/reviews/unsubscribe/', { email: optedOut.buyer.email, token });
    expect(unsubscribed.statusCode, unsubscribed.body).toBe(200);
    await t.services.reviews.sendReviewRequests(later);
    expect(await kit.mails(optedOut.buyer.email, `Order ${optedOut.row.number}`)).toHaveLength(0);
  });

  it('a visitor’s saved pieces move to her account when she signs in with her cart code; another shopper’s are not hers', async () => {
    const code = newCartCode();
    const guest = client(t);
    const [one, two] = await t.database.db.select({ slug: products.slug, finishes: products.finishes }).from(products).orderBy(products.id).limit(2);
    expect((await guest.post('/api/saved/', { product: one!.slug, finish: one!.finishes[0] ?? '', cart_code: code })).statusCode).toBe(201);
    expect((await guest.post('/api/saved/', { product: two!.slug, cart_code: code })).statusCode).toBe(201);
    expect((await guest.post('/api/saved/', { product: two!.slug, cart_code: code })).statusCode).toBe(201);
    expect((await guest.post('/api/saved/', { product: two!.slug, finish: 'Purple', cart_code: code })).statusCode).toBe(400);
    expect((await guest.post('/api/saved/', { product: two!.slug })).statusCode).toBe(400);
    expect((await guest.get(`/api/saved/?cart_code=${code}`)).json<SavedPiece[]>()).toHaveLength(2);

    const user = await newBuyer(t, 'Saver');
    const merged = (await user.api.get(`/api/saved/?cart_code=${code}`)).json<SavedPiece[]>();
    expect(merged.map((s) => s.product.slug).sort()).toEqual([one!.slug, two!.slug].sort());
    expect(merged[0]!.product).toMatchObject({ price: expect.any(Number), lead_time: expect.any(String), in_stock: expect.any(Boolean) });
    expect((await guest.get(`/api/saved/?cart_code=${code}`)).json<SavedPiece[]>()).toEqual([]);
    expect((await user.api.get('/api/saved/')).json<SavedPiece[]>()).toHaveLength(2);

    const other = await newBuyer(t, 'Nosy');
    expect((await other.api.del('/api/saved/', { id: merged[0]!.id })).statusCode).toBe(404);
    expect((await user.api.del('/api/saved/', { id: merged[0]!.id })).statusCode).toBe(204);
    expect((await user.api.get('/api/saved/')).json<SavedPiece[]>()).toHaveLength(1);
  });

  it('orders by -ratings and ratings on the figure the API shows, page after page', async () => {
    const columns = {
      id: products.id,
      slug: products.slug,
      ratingTenths: products.ratingTenths,
      reviewCount: products.reviewCount,
      reviewStarSum: products.reviewStarSum,
    };
    const [high, low] = await t.database.db.select(columns).from(products).orderBy(products.id).limit(2);
    // The owner says 5.0 but one published review says 1; the owner says 0 but two reviews say 5.
    await t.database.db.update(products).set({ ratingTenths: 50, reviewCount: 1, reviewStarSum: 1 }).where(eq(products.id, high!.id));
    await t.database.db.update(products).set({ ratingTenths: 0, reviewCount: 2, reviewStarSum: 10 }).where(eq(products.id, low!.id));
    t.services.catalog.invalidate();
    try {
      const list = async (query: string) => (await client(t).get(`/api/products/${query}`)).json<Product[]>();
      for (const [ordering, sign] of [
        ['-ratings', -1],
        ['ratings', 1],
      ] as const) {
        const all = await list(`?ordering=${ordering}&limit=1000`);
        expect(all.map((p) => p.ratings)).toEqual([...all.map((p) => p.ratings)].sort((a, b) => sign * (a - b)));
        expect(all.find((p) => p.slug === high!.slug)!.ratings).toBe(1);
        expect(all.find((p) => p.slug === low!.slug)!.ratings).toBe(5);
        // By cursor: the next page starts where the first one ended.
        const first = await list(`?ordering=${ordering}&limit=10`);
        const next = await list(`?ordering=${ordering}&limit=10&after=${first[9]!.id}`);
        expect([...first, ...next].map((p) => p.id)).toEqual(all.slice(0, 20).map((p) => p.id));
      }
      expect((await list('?ordering=-ratings&limit=1000')).findIndex((p) => p.slug === low!.slug)).toBeLessThan(
        (await list('?ordering=-ratings&limit=1000')).findIndex((p) => p.slug === high!.slug),
      );
    } finally {
      for (const { id, slug: _slug, ...was } of [high!, low!]) await t.database.db.update(products).set(was).where(eq(products.id, id));
      t.services.catalog.invalidate();
    }
  });
});
