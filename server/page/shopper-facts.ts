import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { BrowserSessions } from '../modules/accounts/browser-sessions';
import type { AccountUser } from '../modules/accounts/accounts.service';
import type { CartService } from '../modules/cart/cart.service';
import type { SavedService } from '../modules/saved/saved.service';

/**
 * A shopper's facts kept in memory (decision 0042): her browser session (the account it names) and what her
 * pages show of her cart and of her saved pieces, so that her browsing pages, kept per facts and stitched, need no
 * database read. A read is kept with the tags of the rows it came from; the database's triggers on `sessions`,
 * `users`, `carts`, `cart_items` (migration 0026), `addresses` (0028) and `saved_pieces` (0037) name the tags of
 * every row changed on the channel `shopper_changed`, which every
 * process hears (PGlite: in this process, before the statement returns), and the entries with those tags are
 * dropped. While the channel is not heard (a lost PostgreSQL connection), nothing is kept, and what was kept is
 * dropped. An age bounds every entry as a backstop, the session's own end bounds a session's, and a count bounds
 * them all (least recently used first).
 *
 * Tags: `s:<session id>`, `u:<user id>`, `c:<cart id>`, `k:<cart code>`, `a:<user id>` for her addresses
 * (their trigger, migration 0028; the addresses service also drops them here at once, see `addressesChanged`),
 * `sv:<user id>` and `sk:<cart code>` for an account's and a visitor's saved pieces (0037), and `catalog` for what
 * was read through the products' slugs (dropped with the catalogue's caches, see `catalogChanged`). The owner's
 * panel keeps its badge counts here too, under `w` (server/page/panel-waiting.ts, migration 0038), and the delivery
 * estimates the owner's rate table and exclusions, under `d` (`DELIVERY_TAG` in server/services.ts, migration 0039).
 */

export const SHOPPER_CHANNEL = 'shopper_changed';

/** A read as it may be kept: its value, the tags of the rows it came from, and when it ends at the latest. */
export interface Kept<T> {
  value: T;
  tags: string[];
  expires?: number;
}

interface Entry {
  value: unknown;
  tags: string[];
}

export interface ShopperCacheLimits {
  entries: number;
  ageMs: number;
}

/** How many drops are remembered, to tell whether a read that was under way during them may be kept. */
const REMEMBERED_DROPS = 256;

export class ShopperCache {
  hits = 0;
  misses = 0;
  /** Least recently used first out, each for its age (lru-cache); its tags leave the index with it. */
  private entries: LRUCache<string, Entry>;
  private byTag = new Map<string, Set<string>>();
  private pending = new Map<string, Promise<unknown>>();
  /** Counts the drops; the last ones' tags (null: everything). */
  private epoch = 0;
  private drops: { epoch: number; tags: Set<string> | null }[] = [];
  private heard = false;
  private syncs = new Map<string, () => void>();

  constructor(private readonly limits: ShopperCacheLimits = { entries: 20_000, ageMs: 60_000 }) {
    this.entries = new LRUCache<string, Entry>({ max: limits.entries, dispose: (entry, key) => this.untag(key, entry) });
  }

  get size(): number {
    return this.entries.size;
  }

  /** Whether changes are heard now: only then is anything kept. */
  get listening(): boolean {
    return this.heard;
  }

  /** The channel is heard (again), or no longer: either way, what was kept may have missed a change. */
  connected(up: boolean): void {
    this.clear();
    this.heard = up;
  }

  /** The kept value of `key`, if there is one now (undefined otherwise). */
  peek<T>(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.hits++;
    return entry.value as T;
  }

  /**
   * The kept value of `key`, or `load`'s (kept when it gives tags, no change with one of them was heard while it
   * read, and changes are heard). Requests asking for the same key while it loads share its read.
   */
  async read<T>(key: string, load: () => Promise<Kept<T> | null>): Promise<T | null> {
    const kept = this.peek<T>(key);
    if (kept !== undefined) return kept;
    this.misses++;
    if (!this.heard) return (await load())?.value ?? null;
    const underway = this.pending.get(key);
    if (underway) return underway as Promise<T | null>;
    const since = this.epoch;
    const loading = load().then((kept) => {
      if (kept && this.heard && this.unchangedSince(since, kept.tags)) this.store(key, kept);
      return kept?.value ?? null;
    });
    this.pending.set(key, loading);
    const forget = () => {
      if (this.pending.get(key) === loading) this.pending.delete(key);
    };
    loading.then(forget, forget);
    return loading;
  }

  /** A notification of the channel: the tags of the rows changed (empty: anything may have changed). */
  heardChange(payload: string): void {
    if (payload.startsWith('sync:')) {
      this.syncs.get(payload.slice('sync:'.length))?.();
      return;
    }
    const tags = payload.split(' ').filter(Boolean);
    if (tags.length === 0) return this.clear();
    this.dropped(new Set(tags));
    for (const tag of tags) {
      const keys = this.byTag.get(tag);
      if (keys) for (const key of [...keys]) this.entries.delete(key);
    }
  }

  /** Drops everything. */
  clear(): void {
    this.dropped(null);
    this.entries.clear();
    this.byTag.clear();
  }

  /**
   * Waits until this process has heard every change committed before now (PostgreSQL delivers notifications in
   * the order their transactions committed, so hearing one sent now is enough): after a request that may have
   * changed a shopper's facts, before its answer leaves, so that her next page, here, shows the change. Drops
   * everything when it cannot tell.
   */
  async settle(notify: (payload: string) => Promise<boolean>, timeoutMs = 2000): Promise<void> {
    if (!this.heard || (this.entries.size === 0 && this.pending.size === 0)) return;
    const token = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<boolean>((resolve) => {
      this.syncs.set(token, () => resolve(true));
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      if (!(await notify(`sync:${token}`)) || !(await heard)) this.clear();
    } finally {
      clearTimeout(timer);
      this.syncs.delete(token);
    }
  }

  private dropped(tags: Set<string> | null): void {
    this.epoch++;
    this.drops.push({ epoch: this.epoch, tags });
    if (this.drops.length > REMEMBERED_DROPS) this.drops.shift();
    // A read under way may predate the change: those asking from now on read again.
    this.pending.clear();
  }

  /** Whether no change with one of these tags was heard since `since`. */
  private unchangedSince(since: number, tags: readonly string[]): boolean {
    if (since === this.epoch) return true;
    if (this.epoch - since > this.drops.length) return false;
    return this.drops.every((drop) => drop.epoch <= since || (drop.tags !== null && !tags.some((tag) => drop.tags!.has(tag))));
  }

  private store<T>(key: string, kept: Kept<T>): void {
    const ttl = Math.min(this.limits.ageMs, (kept.expires ?? Infinity) - Date.now());
    // Already past its age or its end (lru-cache reads a ttl of 0 as "for ever"): not kept.
    if (!(ttl >= 1)) return void this.entries.delete(key);
    this.entries.set(key, { value: kept.value, tags: kept.tags }, { ttl: Math.floor(ttl) });
    for (const tag of kept.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  /** An entry left (dropped, replaced, evicted, aged): its key leaves its tags' index. */
  private untag(key: string, entry: Entry): void {
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }
}

/** What a shopper's browsing pages show of her cart. */
export interface CartGlance {
  /** Pieces in the cart (the header's badge). */
  count: number;
  /** Its lines' products and finishes (a product page's ADDED TO CART). */
  lines: { productId: number; finish: string }[];
}

const NO_CART: CartGlance = Object.freeze({ count: 0, lines: [] });

/** What a shopper's browsing pages show of her saved pieces (decision 0050): each heart filled or empty. */
export interface SavedGlance {
  /** The products she saved (in any finish), by slug, sorted. */
  slugs: string[];
}

const NO_SAVED: SavedGlance = Object.freeze({ slugs: [] });

/** The tag of the catalogue: a read of it (a product's slug) is dropped when the catalogue changes. */
const CATALOG_TAG = 'catalog';

/** A shopper's session and cart facts, read through the cache. */
export function createShopperFacts(options: {
  sessions: BrowserSessions;
  cart: CartService;
  saved: Pick<SavedService, 'slugs'>;
  /** PostgreSQL: sends a notification on the channel (see `caughtUp`). */
  notify?: (channel: string, payload: string) => Promise<boolean>;
  cache?: ShopperCache;
}) {
  const cache = options.cache ?? new ShopperCache();
  const { sessions, cart, saved, notify } = options;
  const cartKey = (code: string | null, user: { id: number } | null) => (user ? `u ${user.id}` : `k ${code}`);
  const savedKey = (code: string | null, user: { id: number } | null) => (user ? `v u ${user.id}` : `v k ${code}`);
  return {
    cache,

    /**
     * Resolves once this process has heard every change committed before the call (PostgreSQL; PGlite hears each
     * before its statement returns), so that a page asked for next shows it: after a request that may have changed
     * something, before its answer leaves.
     */
    caughtUp(): Promise<void> {
      return notify ? cache.settle((payload) => notify(SHOPPER_CHANNEL, payload)) : Promise.resolve();
    },

    /** The live session of this cookie value as kept now, if it is (undefined: read it with `session`). */
    knownSession(cookieValue: string): { user: AccountUser; sid: string } | undefined {
      return cache.peek(`s ${cookieValue}`);
    },

    /** The cart as kept now, if it is (undefined: read it with `cart`). */
    knownCart(code: string | null, user: { id: number } | null): CartGlance | undefined {
      if (!user && !code) return NO_CART;
      return cache.peek(cartKey(code, user));
    },

    /**
     * The live session of a request's cookie, as `BrowserSessions.resolve` finds it, kept by the cookie's signed
     * value. For showing a browsing page only: what decides or changes anything reads the database.
     */
    async session(cookieHeader: string | null | undefined): Promise<{ user: AccountUser; sid: string } | null> {
      const value = sessions.cookieValue(cookieHeader);
      if (value === null) return null;
      return cache.read(`s ${value}`, async () => {
        const found = await sessions.resolveWithEnd(`${sessions.cookieName}=${value}`);
        if (!found) return null;
        return { value: { user: found.user, sid: found.sid }, tags: [`s:${found.sid}`, `u:${found.user.id}`], expires: found.expiresAt.getTime() };
      });
    },

    /**
     * The version of a signed-in shopper's cart page (decision 0042, "The cart page kept per shopper"): a token
     * made when first asked for and kept until her session, her account, her cart, her addresses or her saved pieces
     * change (their tags) or the age passes, so that a page kept under it is never asked for again once any of them changed.
     * Null when changes are not heard now (nothing is kept), or when one was heard while it was read.
     */
    async cartPageVersion(session: { user: { id: number }; sid: string }): Promise<string | null> {
      if (!cache.listening) return null;
      const key = `p ${session.sid}`;
      const version = await cache.read(key, async () => {
        const read = await cart.glance(null, session.user);
        // Her saved pieces are in every page's data (the root loader's, which a client navigation from here keeps).
        const tags = [
          `s:${session.sid}`,
          `u:${session.user.id}`,
          `a:${session.user.id}`,
          `sv:${session.user.id}`,
          ...read.cartIds.map((id) => `c:${id}`),
        ];
        return { value: randomUUID(), tags };
      });
      // A version read while one of its rows changed is not kept: a page made under it would never be asked for again.
      return version !== null && cache.peek(key) === version ? version : null;
    },

    /** Her cart page's version as kept now, if it is (undefined: read it with `cartPageVersion`). */
    knownCartPageVersion(sid: string): string | undefined {
      return cache.peek(`p ${sid}`);
    },

    /**
     * Her addresses changed (saved, deleted): what was kept of them is dropped here at once, and in every other
     * process by the notification (PostgreSQL).
     */
    async addressesChanged(userId: number): Promise<void> {
      const tag = `a:${userId}`;
      cache.heardChange(tag);
      await notify?.(SHOPPER_CHANNEL, tag);
    },

    /** A signed-in shopper's cart (her one open cart), or a guest's by its code (null: none yet). */
    async cart(code: string | null, user: { id: number } | null): Promise<CartGlance> {
      if (!user && !code) return NO_CART;
      const glance = await cache.read(cartKey(code, user), async () => {
        const read = await cart.glance(code, user);
        const tags = [user ? `u:${user.id}` : `k:${code}`, ...read.cartIds.map((id) => `c:${id}`)];
        return { value: { count: read.count, lines: read.lines }, tags };
      });
      return glance ?? NO_CART;
    },

    /** Her saved pieces as kept now, if they are (undefined: read them with `saved`). */
    knownSaved(code: string | null, user: { id: number } | null): SavedGlance | undefined {
      if (!user && !code) return NO_SAVED;
      return cache.peek(savedKey(code, user));
    },

    /**
     * A signed-in shopper's saved pieces, or a visitor's by her cart code (none without one): one read of the
     * table's index, kept until a piece of hers is saved, let go or moved to her account (their trigger), or the
     * catalogue changes (a slug).
     */
    async saved(code: string | null, user: { id: number } | null): Promise<SavedGlance> {
      if (!user && !code) return NO_SAVED;
      const glance = await cache.read(savedKey(code, user), async () => {
        const slugs = await saved.slugs(user ? { userId: user.id } : { guestCode: code! });
        return { value: { slugs: slugs.sort() }, tags: [user ? `sv:${user.id}` : `sk:${code}`, CATALOG_TAG] };
      });
      return glance ?? NO_SAVED;
    },

    /** The catalogue changed (here, or heard from another process): what was read through its slugs is dropped. */
    catalogChanged(): void {
      cache.heardChange(CATALOG_TAG);
    },
  };
}

export type ShopperFacts = ReturnType<typeof createShopperFacts>;
