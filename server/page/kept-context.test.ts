import { describe, expect, it } from 'vitest';
import type { AppLoadContext } from 'react-router';
import { keptLoaders, keptRenderContext, type Kept, type ShopperView } from './kept-context';
import type { ShellFacts } from './facts';

const facts: ShellFacts = { user: null, cartCount: 2, pincode: '560001', finishesInCart: ['Natural'], savedSlugs: [] };
const base = { user: null, sessionId: null, ip: '127.0.0.1', cspNonce: 'n' } as unknown as AppLoadContext;
const signedIn = { ...base, user: { id: 7 }, sessionId: 's' } as unknown as AppLoadContext;
const request = new Request('http://shop.test/product/teak-bed');
type Args = { request: Request; params: { slug: string }; context: AppLoadContext };

/** The app's reads of a browser's facts, as web/lib/kept.server.ts makes them (here from the user's id). */
const asked: AppLoadContext[] = [];
const keptLoader = keptLoaders((_request, context): ShopperView => {
  asked.push(context);
  const user = context.user as { id: number } | null;
  return {
    profile: () => null,
    cartCount: async () => user?.id ?? 0,
    finishesInCart: async () => (user ? ['Walnut'] : []),
    savedSlugs: async () => [],
  };
});

describe('the context of a page kept for shoppers', () => {
  it('gives a kept loader the shopper’s facts, and reaching for the user does not compile', async () => {
    const loader = keptLoader(({ context }: Kept<Args>) => {
      // @ts-expect-error a kept page cannot read the signed-in user
      void context.user;
      return 0;
    });
    const session = keptLoader(({ context }: Kept<Args>) => {
      // @ts-expect-error nor her session
      void context.sessionId;
      return 0;
    });
    // At run time too, whichever way the page is rendered: never a silent guest.
    for (const context of [keptRenderContext(base, facts), signedIn, base]) {
      expect(() => loader({ request, params: { slug: 'teak-bed' }, context })).toThrow(/cannot read the signed-in user/);
      expect(() => session({ request, params: { slug: 'teak-bed' }, context })).toThrow(/context\.shell/);
    }
  });

  it('reads the kept render’s facts in a kept render, and the browser’s own facts otherwise', async () => {
    const loader = keptLoader(async ({ params, context }: Kept<Args>) => ({
      slug: params.slug,
      count: await context.shopper.cartCount(),
      finishes: await context.shopper.finishesInCart(1),
      ip: context.ip,
    }));
    asked.length = 0;
    const kept = await loader({ request, params: { slug: 'teak-bed' }, context: keptRenderContext(base, facts) });
    expect(kept).toEqual({ slug: 'teak-bed', count: 2, finishes: ['Natural'], ip: '127.0.0.1' });
    expect(asked).toEqual([]);
    expect(await loader({ request, params: { slug: 'teak-bed' }, context: signedIn })).toEqual({
      slug: 'teak-bed',
      count: 7,
      finishes: ['Walnut'],
      ip: '127.0.0.1',
    });
    expect(asked).toEqual([signedIn]);
  });

  it('throws, during a kept render, where a loader reads the user or the session, instead of showing a guest', () => {
    const context = keptRenderContext(base, facts);
    expect(context.shell).toEqual(facts);
    expect(() => context.user).toThrow('A page kept for shoppers cannot read the signed-in user: read the shopper’s facts (context.shell) instead.');
    expect(() => context.sessionId).toThrow(/context\.shell/);
    expect(context.ip).toBe('127.0.0.1');
  });
});
