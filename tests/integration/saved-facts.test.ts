import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { savedPieces, users } from '../../server/db/schema';
import { openShop, withTwoShops, type Shop } from '../support/shop-pages';
import { logInThroughPage } from './page-reading';

// A shopper's saved pieces are one of the facts of her kept pages (decisions 0042, 0050): the product page's
// heart and every card's are filled or empty in the first HTML, for her alone; a save, a let-go or the move of a
// visitor's pieces at log-in shows on her next page at once, never a kept copy from before.

const PASSWORD = 'Teak#Shop2026';

interface Piece {
  id: number;
  slug: string;
  category: { slug: string };
}

/** The heart of a piece on a page, as its HTML draws it: 'true' (filled), 'false' (empty), or undefined (none). */
const heartOf = (body: string, slug: string) => {
  const heart = new RegExp(`<button[^>]*\\bvalue="${slug}"[^>]*>`).exec(body)?.[0];
  return heart === undefined ? undefined : (/aria-pressed="(true|false)"/.exec(heart)?.[1] ?? 'neutral');
};

const cookieOf = (setCookie: string | string[] | undefined, name: string) =>
  [setCookie ?? []]
    .flat()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`));

/** The pages a shopper meets with a piece on them: its own page, and its category's listing (a card). */
const pagesOf = (piece: Piece) => [`/product/${piece.slug}`, `/shop?category=${piece.category.slug}`];

async function signUp(shop: Shop, username: string, cookie?: string) {
  await shop.services.accounts.register({ username, email: `${username}@example.in`, password: PASSWORD, password2: PASSWORD });
  return logInThroughPage(shop.app, { email: `${username}@example.in`, password: PASSWORD }, { cookie });
}

/** A heart pressed (the form of the page, as its fetcher posts it): saved, or let go with `unsave`. */
async function press(shop: Shop, slug: string, cookie: string | null, unsave = false) {
  const answer = await shop.app.inject({
    method: 'POST',
    url: '/saved',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    payload: new URLSearchParams({ product: slug, ...(unsave ? { intent: 'unsave' } : {}) }).toString(),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer;
}

describe('her saved pieces on the kept pages', () => {
  let shop: Shop;
  let close: (() => Promise<void>) | undefined;
  let database: Awaited<ReturnType<typeof openShop>>['database'];
  let base: string;
  let piece: Piece;
  let other: Piece;

  beforeAll(async () => {
    ({ shop, database, close } = await openShop());
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(shop.app.server.address() as AddressInfo).port}`;
    // Two pieces of the first category's listing, as a visitor sees it (its first cards).
    const [first] = (await shop.app.inject({ url: '/api/products/?limit=1' })).json<Piece[]>();
    const listing = (await shop.app.inject({ url: `/shop?category=${first!.category.slug}` })).body;
    const slugs = [...new Set([...listing.matchAll(/href="\/product\/([^"?]+)"/g)].map((m) => m[1]!))];
    expect(slugs.length).toBeGreaterThanOrEqual(2);
    const products = (await shop.app.inject({ url: '/api/products/?limit=100' })).json<Piece[]>();
    [piece, other] = slugs.slice(0, 2).map((slug) => products.find((p) => p.slug === slug)!) as [Piece, Piece];
    expect(piece && other).toBeTruthy();
  }, 120_000);
  afterAll(() => close?.());

  /** A page as a browser asks for it (gzip: kept pages are stitched, the quick path answers them). */
  const pageOf = async (cookie: string, path: string) => {
    const res = await fetch(base + path, { headers: { cookie, 'accept-encoding': 'gzip' } });
    expect(res.status, path).toBe(200);
    expect(res.headers.get('cache-control'), path).toBe('private, no-cache');
    return res.text();
  };
  const heartsOf = async (cookie: string, slug = piece.slug) =>
    Promise.all(pagesOf(piece).map(async (path) => heartOf(await pageOf(cookie, path), slug)));
  // On PostgreSQL a change made straight in the database is heard a moment later: this waits until it is.
  const heard = () => shop.services.shopperFacts.caughtUp();

  it('draws her heart filled and another’s empty in the first HTML, and shoppers who saved nothing share one render', async () => {
    const asha = await signUp(shop, 'saved_asha');
    const bina = await signUp(shop, 'saved_bina');
    const chitra = await signUp(shop, 'saved_chitra');
    await press(shop, piece.slug, asha);

    for (let round = 0; round < 2; round++) {
      expect(await heartsOf(asha)).toEqual(['true', 'true']);
      expect(await heartsOf(bina)).toEqual(['false', 'false']);
      // The piece she did not save, on the same listing: empty.
      expect(heartOf(await pageOf(asha, pagesOf(piece)[1]!), other.slug)).toBe('false');
    }
    // Chitra saved nothing, as Bina: the pages kept for Bina's facts are hers too, rendered for neither again.
    const renders = shop.pageCache.renders;
    const quick = shop.pageCache.shopperQuickAnswers;
    expect(await heartsOf(chitra)).toEqual(['false', 'false']);
    expect(shop.pageCache.renders).toBe(renders);
    // Asked again: her facts are known in memory, and the quick path answers.
    expect(await heartsOf(chitra)).toEqual(['false', 'false']);
    expect(shop.pageCache.shopperQuickAnswers).toBeGreaterThan(quick);
  });

  it('follows her save and let-go on her very next page, the quick path’s included, and a change made in the database', async () => {
    const dipa = await signUp(shop, 'saved_dipa');
    // Kept for her facts, twice (the second from memory and the quick path).
    expect(await heartsOf(dipa)).toEqual(['false', 'false']);
    expect(await heartsOf(dipa)).toEqual(['false', 'false']);
    await press(shop, piece.slug, dipa);
    expect(await heartsOf(dipa)).toEqual(['true', 'true']);
    expect(await heartsOf(dipa)).toEqual(['true', 'true']);
    await press(shop, piece.slug, dipa, true);
    expect(await heartsOf(dipa)).toEqual(['false', 'false']);

    // Saved in the database (a support fix): the table's trigger drops what was kept.
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, 'saved_dipa'));
    await database.db.insert(savedPieces).values({ userId: user!.id, productId: piece.id, finish: '' });
    await heard();
    expect(await heartsOf(dipa)).toEqual(['true', 'true']);
    await database.db.delete(savedPieces).where(eq(savedPieces.userId, user!.id));
    await heard();
    expect(await heartsOf(dipa)).toEqual(['false', 'false']);
  });

  it('gives her cart page, kept for her alone, her saved pieces as they are now: a client navigation from it keeps them', async () => {
    const farah = await signUp(shop, 'saved_farah');
    const savedOn = async () => {
      const res = await fetch(`${base}/cart`, { headers: { cookie: farah, 'accept-encoding': 'gzip' } });
      expect(res.status).toBe(200);
      // The root loader's data in the page (React Router's stream): her saved slugs, which every heart reads.
      return (await res.text()).includes(piece.slug);
    };
    // A piece in her cart (the page kept for her shows it), not the one she will save.
    const added = await shop.app.inject({
      method: 'POST',
      url: '/api/add_item/',
      headers: { cookie: farah },
      payload: { cart_code: 'savedfarah01', product_id: other.id, quantity: 1 },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(await savedOn()).toBe(false);
    const quick = shop.pageCache.ownQuickAnswers;
    expect(await savedOn()).toBe(false);
    // Kept for her: the second answer came from memory.
    expect(shop.pageCache.ownQuickAnswers).toBe(quick + 1);
    await press(shop, piece.slug, farah);
    expect(await savedOn()).toBe(true);
    await press(shop, piece.slug, farah, true);
    expect(await savedOn()).toBe(false);
    // Saved where nothing else of hers changes (no request of hers, no session touched): her saved pieces' own tag.
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, 'saved_farah'));
    await database.db.insert(savedPieces).values({ userId: user!.id, productId: piece.id, finish: '' });
    await heard();
    expect(await savedOn()).toBe(true);
  });

  it('keeps a visitor’s pieces with her cart code, and moves them to her account at log-in', async () => {
    // A visitor's first save gives her a cart code: her pages are a shopper's, kept for her facts.
    const saved = await press(shop, piece.slug, null);
    const guest = cookieOf(saved.headers['set-cookie'], 'cart_code')!;
    expect(guest).toBeDefined();
    expect(await heartsOf(guest)).toEqual(['true', 'true']);
    expect(await heartsOf(guest)).toEqual(['true', 'true']);
    // Another visitor with a cart of her own and nothing saved: empty.
    const added = await shop.app.inject({
      method: 'POST',
      url: '/api/add_item/',
      payload: { cart_code: 'savedfacts01', product_id: other.id, quantity: 1 },
    });
    expect(added.statusCode, added.body).toBe(201);
    const stranger = `cart_code=${Buffer.from(JSON.stringify('savedfacts01')).toString('base64')}`;
    expect(await heartsOf(stranger)).toEqual(['false', 'false']);

    // She signs up and logs in with her code: her pieces are now her account's, on her pages at once.
    const session = await signUp(shop, 'saved_guest', guest);
    expect(await heartsOf(session)).toEqual(['true', 'true']);
    // The code's pieces moved: a browser still sending the old code has none under it.
    expect(await heartsOf(guest)).toEqual(['false', 'false']);
    // Let go as a member: gone from her pages.
    await press(shop, piece.slug, session, true);
    expect(await heartsOf(session)).toEqual(['false', 'false']);
  });

  it('shows her heart on a piece whose address the owner changed, at once', async () => {
    const esha = await signUp(shop, 'saved_esha');
    await press(shop, other.slug, esha);
    expect(heartOf(await pageOf(esha, `/product/${other.slug}`), other.slug)).toBe('true');
    const renamed = `${other.slug}-renamed`;
    try {
      await database.db.execute(sql`update products set slug = ${renamed} where id = ${other.id}`);
      shop.services.catalog.invalidate();
      expect(heartOf(await pageOf(esha, `/product/${renamed}`), renamed)).toBe('true');
    } finally {
      await database.db.execute(sql`update products set slug = ${other.slug} where id = ${other.id}`);
      shop.services.catalog.invalidate();
    }
    expect(heartOf(await pageOf(esha, `/product/${other.slug}`), other.slug)).toBe('true');
  });
});

const templateUrl = inject('pgTemplateUrl');

// Several processes on one PostgreSQL: her saved pieces kept by one are dropped when she saves through another.
describe.skipIf(!templateUrl)('her saved pieces kept by several processes (PostgreSQL)', () => {
  it('shows on one process at once the piece she saved or let go through another', async () => {
    await withTwoShops(templateUrl, async (a, b) => {
      const [piece] = (await a.app.inject({ url: '/api/products/?limit=1' })).json<Piece[]>();
      const cookie = await signUp(a, 'saved_twoprocs');
      const heartOn = async (shop: Shop) =>
        heartOf((await shop.app.inject({ url: `/product/${piece!.slug}`, headers: { cookie } })).body, piece!.slug);
      expect(await heartOn(a)).toBe('false');
      expect(await heartOn(a)).toBe('false');
      await press(b, piece!.slug, cookie);
      await a.services.shopperFacts.caughtUp();
      expect(await heartOn(a)).toBe('true');
      await press(b, piece!.slug, cookie, true);
      await a.services.shopperFacts.caughtUp();
      expect(await heartOn(a)).toBe('false');
    });
  }, 120_000);
});
