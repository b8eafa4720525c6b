import type { Services } from '../server/services';

// Loaders run inside the same process as the API and call its services directly.
declare module 'react-router' {
  interface AppLoadContext {
    services: Services;
    cspNonce: string;
    /** The request's logger: a loader logs here what went wrong, and shows the visitor only the spec's text. */
    log: { error(details: object, message: string): void };
  }
}

export {};
