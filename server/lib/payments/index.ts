import type { Config } from '../../config';
import { isSharedDatabase, type Db } from '../../db/client';
import { createRateLimitCounter } from '../rate-limit-store';
import { createCircuitBreaker, memoryBreakerStore } from './breaker';
import type { PaymentGateway } from './gateway';
import { createRazorpayGateway } from './razorpay';
import { createSimulatedGateway, type SimulatedGateway } from './simulated';

export type { PaymentGateway, ProviderOrder, ProviderPayment } from './gateway';
export type { SimulatedGateway } from './simulated';

export interface Payments {
  gateway: PaymentGateway;
  /** Present only with the built-in provider (no Razorpay keys, never in production). */
  simulated: SimulatedGateway | null;
}

/** Razorpay when its keys are configured, otherwise the simulated provider (config refuses that in production). */
export function createPayments(config: Pick<Config, 'razorpay' | 'jwtSecret'>, db: Db): Payments {
  const { keyId, keySecret, webhookSecret, apiBase, timeoutMs } = config.razorpay;
  if (keyId && keySecret) {
    // On PostgreSQL the breaker counts in the database, so that once one process has found the provider down
    // every process answers at once (decision 0034); PGlite has one process, and its one connection may be
    // held by the checkout transaction that calls the provider.
    const store = isSharedDatabase(db) ? createRateLimitCounter(db) : memoryBreakerStore();
    const breaker = createCircuitBreaker(store, 'razorpay', { trialMs: timeoutMs + 5_000 });
    return { gateway: createRazorpayGateway({ keyId, keySecret, webhookSecret, apiBase, timeoutMs, breaker }), simulated: null };
  }
  const simulated = createSimulatedGateway(db, { jwtSecret: config.jwtSecret, webhookSecret });
  return { gateway: simulated, simulated };
}
