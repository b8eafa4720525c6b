import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../contract/catalog';
import { openShop, type Shop } from '../support/shop-pages';

/** The hearts' form on the saved page's action (decision 0050): a filled heart pressed again lets the piece go. */
describe('a heart pressed again', () => {
  let shop: Shop;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ shop, close } = await openShop());
  });
  afterAll(() => close?.());

  const post = (fields: Record<string, string>, cookie?: string) =>
    shop.app.inject({
      method: 'POST',
      url: '/saved',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
      payload: new URLSearchParams(fields).toString(),
    });
  /** The product page's heart as its first HTML draws it: pressed (filled) or not (decision 0050: a fact of the page). */
  const pressed = async (slug: string, cookie: string) => {
    const page = await shop.app.inject({ url: `/product/${slug}`, headers: { cookie } });
    const heart = new RegExp(`<button[^>]*\\bvalue="${slug}"[^>]*>`).exec(page.body)?.[0];
    return /aria-pressed="(true|false)"/.exec(heart ?? '')?.[1];
  };

  it('lets the piece go in every finish it was kept in; a second press, an unknown piece or none at all get a sentence', async () => {
    const [product] = (await shop.app.inject({ url: '/api/products/?limit=1' })).json<Product[]>();
    if (!product) throw new Error('The test shop has no product.');
    // A heart's form names only the piece: its first press saves it (and gives the visitor her cart code).
    const saved = await post({ product: product.slug });
    expect(saved.statusCode, saved.body).toBe(200);
    const cookie = String(saved.headers['set-cookie']).split(';')[0]!;
    expect(saved.body).toContain(`${product.name} is saved.`);
    if (product.finishes[0]) expect((await post({ product: product.slug, finish: product.finishes[0] }, cookie)).statusCode).toBe(200);
    expect(await pressed(product.slug, cookie)).toBe('true');

    const unsaved = await post({ intent: 'unsave', product: product.slug }, cookie);
    expect(unsaved.statusCode, unsaved.body).toBe(200);
    expect(unsaved.body).toContain('Removed from your saved pieces.');
    expect(await pressed(product.slug, cookie)).toBe('false');

    const again = await post({ intent: 'unsave', product: product.slug }, cookie);
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain('This saved piece was not found.');
    const unknown = await post({ intent: 'unsave', product: 'no-such-piece' }, cookie);
    expect(unknown.statusCode).toBe(404);
    const none = await post({ intent: 'unsave' }, cookie);
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('Name the piece to remove.');
    // A visitor with no saved pieces at all (no cart code) has nothing to let go.
    expect((await post({ intent: 'unsave', product: product.slug })).statusCode).toBe(404);
  });

  it('a heart pressed with scripts posts to the hearts’ own route: the same answers, and the page’s heart follows', async () => {
    const [product] = (await shop.app.inject({ url: '/api/products/?limit=1' })).json<Product[]>();
    if (!product) throw new Error('The test shop has no product.');
    const press = (fields: Record<string, string>, cookie?: string) =>
      shop.app.inject({
        method: 'POST',
        url: '/saved/slugs',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
        payload: new URLSearchParams(fields).toString(),
      });
    const saved = await press({ product: product.slug });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).toContain(`${product.name} is saved.`);
    const cookie = String(saved.headers['set-cookie']).split(';')[0]!;
    expect(await pressed(product.slug, cookie)).toBe('true');
    const unsaved = await press({ intent: 'unsave', product: product.slug }, cookie);
    expect(unsaved.statusCode, unsaved.body).toBe(200);
    expect(await pressed(product.slug, cookie)).toBe('false');
    const none = await press({ product: '' }, cookie);
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('Name the piece to save.');
    const unknown = await press({ intent: 'forget', product: product.slug }, cookie);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('This form asked for something the page cannot do.');
  });
});
