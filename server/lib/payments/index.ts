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
}

/** Razorpay when its keys are configured, otherwise the simulated provider (config refuses that in production). */
export function createPayments(config: Pick<Config, 'razorpay' | 'jwtSecret'>, db: Db): Payments {
  const { keyId, keySecret, webhookSecret, apiBase, timeoutMs } = config.razorpay;
  if (keyId && keySecret) {
    return { gateway: createRazorpayGateway({ keyId, keySecret, webhookSecret, apiBase, timeoutMs }), simulated: null };
  }
  const simulated = createSimulatedGateway(db, { jwtSecret: config.jwtSecret, webhookSecret });
  return { gateway: simulated, simulated };
}
