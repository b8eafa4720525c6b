import { describe, expect, it } from 'vitest';
import type { Profile } from '../../contract/accounts';
import type { AccountUser } from '../modules/accounts/accounts.service';
import { factsKey, factsOf, savedSlugsKey, type FactSources } from './facts';

const member = { id: 7, username: 'asha' } as AccountUser;
const profile = (user: AccountUser) => ({ username: user.username, is_superuser: false }) as Profile;

/** What was read of a shopper, with her saved pieces (`null`: they could not be read). */
const sources = (saved: string[] | null, signedIn = false): FactSources => ({
  session: signedIn ? { user: member, sid: 's1' } : null,
  cookies: { cartCode: signedIn ? null : 'guestcode001', pincode: null },
  cart: { count: 0, lines: [] },
  saved: saved === null ? null : { slugs: saved },
  productId: null,
  profile,
});

describe('her saved pieces as a fact of the kept pages', () => {
  it('is her saved slugs, and null when they could not be read', () => {
    expect(factsOf(sources(['aria-bed', 'teak-sofa'])).savedSlugs).toEqual(['aria-bed', 'teak-sofa']);
    expect(factsOf(sources(null)).savedSlugs).toBeNull();
  });

  it('reads as nothing in the key when she saved none: every such shopper shares the render of her role, cart and pincode', () => {
    expect(factsKey(factsOf(sources([])))).toBe('guest|0|||');
    expect(factsKey(factsOf(sources([], true)))).toBe('member|0|||');
    expect(savedSlugsKey([])).toBe('');
  });

  it('reads as a short digest of the sorted slugs otherwise: the same list the same key, another list another', () => {
    const key = savedSlugsKey(['aria-bed', 'teak-sofa']);
    expect(key).toMatch(/^[\w-]{16}$/);
    expect(savedSlugsKey(['aria-bed', 'teak-sofa'])).toBe(key);
    expect(savedSlugsKey(['aria-bed'])).not.toBe(key);
    expect(savedSlugsKey(['aria-bed', 'teak-sofa', 'zen-chair'])).not.toBe(key);
    // Slugs never run together: one slug is not two.
    expect(savedSlugsKey(['a', 'b'])).not.toBe(savedSlugsKey(['a\nb']));
    expect(factsKey(factsOf(sources(['aria-bed', 'teak-sofa'], true)))).toBe(`member|0|||${key}`);
    // Not read: a key of its own, never that of a shopper who saved nothing.
    expect(factsKey(factsOf(sources(null)))).toBe('guest|0|||?');
  });
});
