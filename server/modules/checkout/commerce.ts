import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Mailer } from '../../lib/mailer';
import { createPayments } from '../../lib/payments';
import type { DeliveryService } from '../../../contract/delivery';
import { createDeliveryService } from '../delivery/delivery.service';
import { createCartService } from '../cart/cart.service';
import type { CatalogService } from '../catalog/catalog.service';
import { createOrdersService } from '../orders/orders.service';
import { createAddressesService } from './addresses.service';
import { createCheckoutService } from './checkout.service';

/** Cart, address book, payments, checkout and orders: built together because checkout uses the others. */
export function createCommerceServices(
  config: Pick<Config, 'razorpay' | 'jwtSecret' | 'publicUrl' | 'mail' | 'seller'>,
  db: Db,
  catalog: CatalogService,
  mailer: Mailer,
  log: (err: unknown) => void = () => {},
  exclusive?: <T>(key: number, fn: () => Promise<T>) => Promise<T | null>,
  delivery: DeliveryService = createDeliveryService(db),
) {
  const payments = createPayments(config, db);
  const cart = createCartService(db, catalog);
  const addresses = createAddressesService(db, delivery);
  const orders = createOrdersService(
    db,
    mailer,
    config.publicUrl,
    (err) => log(err),
    () => catalog.invalidate(),
    (orderId) => checkout.refundOrder(orderId),
  );
  const checkout = createCheckoutService(db, {
    payments,
    cart,
    addresses,
    orders,
    delivery,
    mailer,
    shopEmail: config.mail.shopEmail,
    publicUrl: config.publicUrl,
    log: (err) => log(err),
    stockChanged: () => catalog.invalidate(),
    seller: config.seller,
    exclusive,
  });
  return { payments, cart, addresses, orders, checkout };
}
