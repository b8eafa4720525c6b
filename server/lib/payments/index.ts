import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { PaymentGateway } from './gateway';
import { createRazorpayGateway } from './razorpay';
import { createSimulatedGateway, type SimulatedGateway } from './simulated';

export type { PaymentGateway, ProviderOrder, ProviderPayment } from './gateway';
export type { SimulatedGateway } from './simulated';

export interface Payments {
  gateway: PaymentGateway;
  /** Present only with the built-in provider (no Razorpay keys, never in production). */
  simulated: SimulatedGateway | null;
  /** How long a provider call may take before it is given up; adjustable at run time (tests shorten it). */
  setTimeout(ms: number): void;
}

/** Razorpay when its keys are configured, otherwise the simulated provider (config refuses that in production). */
export function createPayments(config: Pick<Config, 'razorpay' | 'jwtSecret'>, db: Db): Payments {
  const { keyId, keySecret, webhookSecret, apiBase } = config.razorpay;
  if (keyId && keySecret) {
    const gateway = createRazorpayGateway({ keyId, keySecret, webhookSecret, apiBase });
    return { gateway, simulated: null, setTimeout: (ms) => void (gateway.timeoutMs = ms) };
  }
  const simulated = createSimulatedGateway(db, { jwtSecret: config.jwtSecret, webhookSecret });
  return { gateway: simulated, simulated, setTimeout: () => {} };
}
