import type { Services } from '../server/services';

// Loaders run inside the same process as the API and call its services directly.
declare module 'react-router' {
  interface AppLoadContext {
    services: Services;
    cspNonce: string;
  }
}

export {};
