import { describe, expect, it } from 'vitest';
import type { AppLoadContext } from 'react-router';
import { keptLoader, keptRenderContext } from './kept-context';
import type { ShellFacts } from './facts';

const facts: ShellFacts = { user: null, cartCount: 2, pincode: '560001', finishesInCart: [], savedSlugs: [] };
const base = { user: null, sessionId: null, ip: '127.0.0.1', cspNonce: 'n' } as unknown as AppLoadContext;

describe('the context of a page kept for shoppers', () => {
  it('gives a kept loader the shopper’s facts, and reaching for the user does not compile', () => {
    const loader = keptLoader<{ context: AppLoadContext }, number>(({ context }) => {
      // @ts-expect-error a kept page cannot read the signed-in user
      void context.user;
      // @ts-expect-error nor her session
      void context.sessionId;
      return context.shell?.cartCount ?? 0;
    });
    expect(() => loader({ context: keptRenderContext(base, facts) })).toThrow(/cannot read the signed-in user/);
    const reads = keptLoader<{ context: AppLoadContext }, number>(({ context }) => context.shell?.cartCount ?? 0);
    expect(reads({ context: keptRenderContext(base, facts) })).toBe(2);
  });

  it('throws, during a kept render, where a loader reads the user or the session, instead of showing a guest', () => {
    const context = keptRenderContext(base, facts);
    expect(context.shell).toEqual(facts);
    expect(() => context.user).toThrow('A page kept for shoppers cannot read the signed-in user: read the shopper’s facts (context.shell) instead.');
    expect(() => context.sessionId).toThrow(/context\.shell/);
    expect(context.ip).toBe('127.0.0.1');
  });
});
