import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AppLoadContext } from 'react-router';
import type { Profile } from '../../contract/accounts';
import type { AccountUser } from '../modules/accounts/accounts.service';
import type { Services } from '../services';
import type { PageCache } from './kept-pages';
import type { CartGlance, SavedGlance } from './shopper-facts';

/**
 * A shopper's personal facts (decision 0042): what a browsing page kept for shoppers may show of her. Each is part
 * of the kept page's key (shoppers with the same facts share one render), but for the account's words, which are
 * marks the stitching replaces with hers (server/page/stitch.ts). The registry below is the one place a fact is
 * declared: its value for a shopper, made from what was read of her, and how it reads in the key. The page's
 * loaders read it from `context.shell` (web/load-context.ts).
 */

/** Her browser session as the kept pages read it (server/page/shopper-facts.ts), or null. */
export type Session = { user: AccountUser; sid: string } | null;

/** What her cookies say, as the app's own loaders read them (`shellCookies` of web/entry.server.tsx). */
export interface CookieFacts {
  cartCode: string | null;
  pincode: string | null;
}

/** What every fact is made from: read for the request, or known in memory (the quick path). */
export interface FactSources {
  session: Session;
  cookies: CookieFacts;
  cart: CartGlance;
  /** Her saved pieces (null: they could not be read). */
  saved: SavedGlance | null;
  /** On a product page of a shopper with a cart: the product's id (null otherwise). */
  productId: number | null;
  /** The account as the API and the pages show it. */
  profile: (user: AccountUser) => Profile;
}

interface PersonalFact<T> {
  /** Its value for this shopper. */
  of(sources: FactSources): T;
  /** How it reads in the kept page's key. */
  key(value: T): string;
}

const fact = <T>(definition: PersonalFact<T>) => definition;

/** The personal facts, in the order of the key. Adding one here adds it to `ShellFacts`, the key and the reads. */
export const PERSONAL_FACTS = {
  /** The signed-in account, its text fields as marks in the kept page; who she is to the header: guest, member or owner. */
  user: fact<Profile | null>({
    of: ({ session, profile }) => (session ? profile(session.user) : null),
    key: (user) => (user ? (user.is_superuser ? 'owner' : 'member') : 'guest'),
  }),
  /** The header's cart badge. */
  cartCount: fact<number>({ of: ({ cart }) => cart.count, key: String }),
  /** The pincode she last checked (a product page shows its delivery window). */
  pincode: fact<string | null>({ of: ({ cookies }) => cookies.pincode, key: (pincode) => pincode ?? '' }),
  /** On a product page: the finishes of that product already in her cart (ADDED TO CART). */
  finishesInCart: fact<string[]>({
    of: ({ cart, productId }) =>
      productId === null ? [] : [...new Set(cart.lines.filter((line) => line.productId === productId).map((line) => line.finish))].sort(),
    key: (finishes) => finishes.join(','),
  }),
  /**
   * The pieces she saved, by slug (sorted): every heart of the page (its product, its cards) drawn filled or empty
   * in the first HTML (decision 0050). Null when they could not be read: the hearts are drawn neutral.
   */
  savedSlugs: fact<string[] | null>({ of: ({ saved }) => saved?.slugs ?? null, key: savedSlugsKey }),
};

/**
 * How her saved pieces read in the key: nothing when she saved none (most shoppers, who share their renders), else
 * 16 characters of a SHA-256 of the sorted slugs (96 bits: shoppers who saved the same pieces share a render, and
 * two different lists never meet by chance); `?` when they could not be read.
 */
export function savedSlugsKey(slugs: string[] | null): string {
  if (slugs === null) return '?';
  if (slugs.length === 0) return '';
  return createHash('sha256').update(JSON.stringify(slugs)).digest('base64url').slice(0, 16);
}

type Registry = typeof PERSONAL_FACTS;

/** What a kept page is rendered with and shows of a shopper (web/lib/shell.ts): one value per personal fact. */
export type ShellFacts = { [K in keyof Registry]: Registry[K] extends PersonalFact<infer T> ? T : never };

const FACT_NAMES = Object.keys(PERSONAL_FACTS) as (keyof Registry)[];

/** Her facts, made from what was read of her. */
export function factsOf(sources: FactSources): ShellFacts {
  const facts: Partial<Record<keyof Registry, unknown>> = {};
  for (const name of FACT_NAMES) facts[name] = PERSONAL_FACTS[name].of(sources);
  return facts as ShellFacts;
}

/** The facts as they read in a kept page's key (`guest|0|||`, `member|2|560001|Natural|Xq3…`). */
export function factsKey(facts: ShellFacts): string {
  return FACT_NAMES.map((name) => (PERSONAL_FACTS[name] as PersonalFact<unknown>).key(facts[name])).join('|');
}

/** Reads a shopper's cookies as the app does (`shellCookies`, exported by the built app's entry). */
export type ShellCookiesReader = (cookieHeader: string | null, context: AppLoadContext) => Promise<CookieFacts>;

export interface PageFacts {
  /** Her facts, read (from memory when kept) for the page asked for. */
  read(request: FastifyRequest, session: Session): Promise<ShellFacts>;
  /** Her facts if all of them are kept now (undefined otherwise: the host reads them). */
  known(request: IncomingMessage): ShellFacts | undefined;
  /** What her cookies say, read once per Cookie header. */
  cookies(request: FastifyRequest): Promise<CookieFacts>;
  /** What a Cookie header says, if it was read before. */
  knownCookies(header: string | undefined): CookieFacts | undefined;
}

/**
 * The shoppers' facts of the kept pages: what her cookies say (her guest cart's code, her pincode), kept per
 * Cookie header as the app reads them; her session, her cart and her saved pieces, kept in memory until they change
 * (`services.shopperFacts`); a product's id, kept until the catalogue changes.
 */
export function pageFacts(options: {
  services: Services;
  pageCache: PageCache;
  shellCookies: ShellCookiesReader;
  contextOf: (request: FastifyRequest) => AppLoadContext;
}): PageFacts {
  const { services, pageCache, shellCookies } = options;
  const { accounts, catalog, shopperFacts, browserSessions } = services;
  const profile = (user: AccountUser) => accounts.profile(user);
  const cookieFacts = new LRUCache<string, CookieFacts>({ max: 10_000 });
  const productIds = new LRUCache<string, { id: number | null }>({ max: 10_000 });
  let productIdsAt = pageCache.stamp();
  const knownProductId = (slug: string): number | null | undefined => {
    if (productIdsAt !== pageCache.stamp()) {
      productIds.clear();
      productIdsAt = pageCache.stamp();
    }
    return productIds.get(slug)?.id;
  };
  const productIdOf = async (slug: string): Promise<number | null> => {
    const known = knownProductId(slug);
    if (known !== undefined) return known;
    const at = pageCache.stamp();
    const id = await catalog.getProduct(slug).then(
      (product) => product.id,
      () => null,
    );
    if (at === pageCache.stamp()) productIds.set(slug, { id });
    return id;
  };
  const cookies = async (request: FastifyRequest) => {
    const header = request.headers.cookie ?? '';
    let found = cookieFacts.get(header);
    if (!found) cookieFacts.set(header, (found = await shellCookies(header || null, options.contextOf(request))));
    return found;
  };
  return {
    cookies,
    knownCookies: (header) => cookieFacts.get(header ?? ''),
    async read(request, session) {
      const read = await cookies(request);
      const code = session ? null : read.cartCode;
      const user = session?.user ?? null;
      const [cart, saved] = await Promise.all([
        shopperFacts.cart(code, user).catch((err: unknown) => {
          request.log.error({ err }, 'the cart badge could not be counted');
          return { count: 0, lines: [] };
        }),
        shopperFacts.saved(code, user).catch((err: unknown) => {
          request.log.error({ err }, 'the saved pieces could not be read for the hearts');
          return null;
        }),
      ]);
      const slug = productSlugOf(request.url);
      const productId = slug && cart.lines.length > 0 ? await productIdOf(slug) : null;
      return factsOf({ session, cookies: read, cart, saved, productId, profile });
    },
    known(request) {
      const header = request.headers.cookie;
      const read = cookieFacts.get(header ?? '');
      if (!read) return undefined;
      let session: Session = null;
      const value = browserSessions.cookieValue(header);
      if (value !== null && !(session = shopperFacts.knownSession(value) ?? null)) return undefined;
      const cart = shopperFacts.knownCart(session ? null : read.cartCode, session?.user ?? null);
      const saved = shopperFacts.knownSaved(session ? null : read.cartCode, session?.user ?? null);
      if (!cart || !saved) return undefined;
      const slug = productSlugOf(request.url ?? '/');
      let productId: number | null = null;
      if (slug && cart.lines.length > 0) {
        const known = knownProductId(slug);
        if (known === undefined) return undefined;
        productId = known;
      }
      return factsOf({ session, cookies: read, cart, saved, productId, profile });
    },
  };
}

/** The product a page's address names (`/product/<slug>`), or null. */
function productSlugOf(url: string): string | null {
  const slug = /^\/product\/([^/?]+)\/?(?:\?|$)/.exec(url)?.[1];
  if (!slug) return null;
  try {
    return decodeURIComponent(slug);
  } catch {
    return null;
  }
}
