import type { AccountUser } from '../server/services';
import type { Services } from '../server/services';
import type { ShellFacts } from './lib/shell';

// Loaders and actions run inside the same process as the API and call its services directly.
declare module 'react-router' {
  interface AppLoadContext {
    services: Services;
    cspNonce: string;
    /** The request's logger: a loader logs here what went wrong, and shows the visitor only the spec's text. */
    log: {
      error(details: object, message: string): void;
      warn?(details: object, message: string): void;
      info?(details: object, message: string): void;
    };
    /** The signed-in user of the request's browser session (HttpOnly cookie), or null for a visitor. */
    user: AccountUser | null;
    /** The id of that browser session (a row of `sessions`), so that an action can end it or keep it. */
    sessionId: string | null;
    /** The client's address as the host sees it (behind a trusted proxy, the forwarded one): rate limits key on it. */
    ip: string;
    /** Set when the page is rendered to be kept for every shopper with these facts (web/lib/shell.ts). */
    shell?: ShellFacts | null;
  }
}

export {};
