import type { DeliveryService } from '../../../contract/delivery';
import type { Order } from '../../../contract/orders';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Mailer } from '../../lib/mailer';
import type { Payments } from '../../lib/payments';
import type { AddressesService } from '../checkout/checkout.service';

/** What the quotes module is given by the composition root (server/services.ts). */
export interface QuotesDeps {
  payments: Payments;
  delivery: Pick<DeliveryService, 'quote' | 'requireServed'>;
  addresses: Pick<AddressesService, 'snapshot' | 'list' | 'setBusiness'>;
  mailer: Mailer;
  shopEmail: string;
  publicUrl: string;
  seller: Config['seller'];
  log: (err: unknown, message: string) => void;
  /** The order as its buyer reads it (the orders module's answer). */
  orderFor: (userId: number, orderId: number) => Promise<Order>;
  /** Asks the provider for the refunds written down for an order (checkout's refunder). */
  refundOrder: (orderId: number) => Promise<void>;
  /** Asks the provider for one refund written down (one that names no order). */
  refundNow: (refundId: number) => Promise<void>;
}

export function createQuotesContext(db: Db, deps: QuotesDeps) {
  return { db, deps };
}

export type QuotesContext = ReturnType<typeof createQuotesContext>;
