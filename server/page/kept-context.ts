import type { AppLoadContext } from 'react-router';
import type { ShellFacts } from './facts';

/**
 * What the loaders of a page kept for shoppers are given (decision 0056): the shopper's facts, never her session.
 * A kept page is rendered once for every shopper with the same facts, so her account can only reach it as those
 * facts (and the marks the stitching fills in); a loader that reached for `context.user` would see no one and
 * show a guest. Here it does not compile, and during a kept render it throws instead of answering null.
 */
export type KeptPageContext = { [K in Exclude<NamedKeys<AppLoadContext>, 'user' | 'sessionId' | 'shell'>]: AppLoadContext[K] } & {
  /** Set when the page is rendered to be kept for shoppers; unset for a visitor's page and a client navigation. */
  shell?: ShellFacts | null;
};

/** The named fields of a type, without its index signature (React Router's AppLoadContext has one). */
type NamedKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };

/** A kept route's loader, typed so that it reads the shopper's facts and cannot reach for the user. */
export function keptLoader<Args extends { context: AppLoadContext }, Result>(
  load: (args: Omit<Args, 'context'> & { context: KeptPageContext }) => Result,
): (args: Args) => Result {
  return (args) => load(args);
}

const NO_USER = 'A page kept for shoppers cannot read the signed-in user: read the shopper’s facts (context.shell) instead.';

/** The load context of a render kept for shoppers with these facts: reading its user or session throws. */
export function keptRenderContext(base: AppLoadContext, facts: ShellFacts): AppLoadContext {
  const context = { ...base, shell: facts };
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
