import type { AppLoadContext } from 'react-router';
import type { ShellFacts } from './facts';

/**
 * What a loader that runs for a kept page reads of the shopper (decision 0056): her facts, never her session.
 * In a render kept for shoppers they are the render's facts (`context.shell`, her account's words as the marks
 * the stitching fills in); in any other run of the same loader (a visitor's page, a client navigation, a page
 * that is not kept, under the root) they are read for the request's own browser, as the page would show them.
 */
export interface ShopperView {
  /** Her account as the header shows it (the profile's public fields), or null for a guest. */
  profile(): ShellFacts['user'];
  /** The number of pieces in her cart (the header's badge). */
  cartCount(): Promise<number>;
  /** The finishes of this product already in her cart (ADDED TO CART). */
  finishesInCart(productId: number): Promise<string[]>;
  /** The pieces she saved, by slug (every heart of the page); null when they could not be read. */
  savedSlugs(): Promise<string[] | null>;
}

/**
 * What the loaders of a page kept for shoppers are given: the shopper's facts, never her session. A kept page is
 * rendered once for every shopper with the same facts, so her account can only reach it as those facts; a loader
 * that reached for `context.user` would see no one and show a guest. Here it does not compile, and at run time it
 * throws instead of answering null.
 */
export type KeptPageContext = { [K in Exclude<NamedKeys<AppLoadContext>, 'user' | 'sessionId' | 'shell'>]: AppLoadContext[K] } & {
  /** Set when the page is rendered to be kept for shoppers; unset for a visitor's page and a client navigation. */
  shell?: ShellFacts | null;
  /** The shopper's facts, whichever way the page is rendered. */
  shopper: ShopperView;
};

/** The named fields of a type, without its index signature (React Router's AppLoadContext has one). */
type NamedKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };

/** A loader's arguments with the kept page's context: `Kept<Route.LoaderArgs>`. */
export type Kept<Args extends { context: AppLoadContext }> = Omit<Args, 'context'> & { context: KeptPageContext };

/** A loader's arguments as React Router passes them. */
type Framework<Args extends { context: KeptPageContext }> = Omit<Args, 'context'> & { context: AppLoadContext };

/**
 * Makes `keptLoader` for an app: `shopperOf` says how the shopper's facts are read for a request when the render
 * is not one kept for shoppers (the web app's cookie and cart reads, web/lib/kept.server.ts); it may read the
 * request's user, as it is never called for a render kept for shoppers.
 */
export function keptLoaders(shopperOf: (request: Request, context: AppLoadContext) => ShopperView) {
  /**
   * A loader of a page kept for shoppers (its route's `handle.shell`), or of a layout above one: typed with
   * `KeptPageContext`, so that it reads the shopper's facts and cannot reach for the user.
   * `export const loader = keptLoader(async ({ params, context }: Kept<Route.LoaderArgs>) => { … })`.
   */
  return function keptLoader<Args extends { request: Request; context: KeptPageContext }, Result>(
    load: (args: Args) => Result,
  ): (args: Framework<Args>) => Result {
    const loader = (args: Framework<Args>) => {
      const { shell } = args.context;
      const shopper = shell ? shopperOfFacts(shell) : shopperOf(args.request, args.context);
      return load({ ...args, context: keptPageContext(args.context, shopper) } as unknown as Args);
    };
    KEPT_LOADERS.add(loader);
    return loader;
  };
}

const KEPT_LOADERS = new WeakSet<object>();

/** Whether a route module's loader was made with `keptLoader` (the test over the routes, web/kept-loaders.test.ts). */
export function isKeptLoader(loader: unknown): boolean {
  return typeof loader === 'function' && KEPT_LOADERS.has(loader);
}

const NO_USER = 'A page kept for shoppers cannot read the signed-in user: read the shopper’s facts (context.shell) instead.';

/** Hides the user and the session of a context: reading either throws the rule's sentence. */
function withoutUser<T extends object>(context: T): T {
  for (const name of ['user', 'sessionId'] as const) {
    Object.defineProperty(context, name, {
      enumerable: false,
      get() {
        throw new Error(NO_USER);
      },
    });
  }
  return context;
}

/** The context a kept loader is given: the request's, less its user and session, with the shopper's facts. */
function keptPageContext(base: AppLoadContext, shopper: ShopperView): KeptPageContext {
  const { user: _user, sessionId: _sessionId, ...rest } = Object.getOwnPropertyDescriptors(base);
  const context = Object.defineProperties({}, rest) as KeptPageContext;
  context.shopper = shopper;
  return withoutUser(context);
}

/** The load context of a render kept for shoppers with these facts: reading its user or session throws. */
export function keptRenderContext(base: AppLoadContext, facts: ShellFacts): AppLoadContext {
  return withoutUser({ ...base, shell: facts });
}

/** The shopper's facts of a render kept for shoppers, as its loaders read them. */
function shopperOfFacts(facts: ShellFacts): ShopperView {
  return {
    profile: () => facts.user,
    cartCount: async () => facts.cartCount,
    finishesInCart: async () => facts.finishesInCart,
    savedSlugs: async () => facts.savedSlugs,
  };
}
