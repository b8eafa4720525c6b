import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ShippingMethod } from '../../contract/cart';
import type { Address } from '../../contract/orders';
import { useSession } from '../lib/session';
import { requireUser } from '../lib/guards.server';
import { CartSummary, shippingPrice } from '../features/cart/cart-summary';
import { useToast } from '../features/cart/toast';
import { useCart } from '../features/cart/use-cart';
import { addressPrefill } from '../features/checkout/address-form';
import { AddressStep } from '../features/checkout/address-step';
import { ADDRESS_SCREEN_PAYMENT_MESSAGES, usePayment } from '../features/checkout/use-payment';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/order-address';

/** Signed-in customers only: a visitor is sent to log in first and brought back here (a server redirect). */
export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Delivery address',
    description: 'Choose where your order goes.',
    path: '/orderaddress',
    publicUrl: publicUrlOf(matches),
    noindex: true,
  });

export default function OrderAddressRoute() {
  return <OrderAddress />;
}

/** The separate address screen: choose (or add) an address and pay for the cart as it stands. */
function OrderAddress() {
  const navigate = useNavigate();
  const { user } = useSession();
  const { state, reload } = useCart();
  const { toast, notify } = useToast();
  const [shipping, setShipping] = useState<ShippingMethod>('standard');
  const onPaid = useCallback(
    async (orderId: number) => {
      // The confirmation page tells the header the cart is gone, once this page (and its cart) is unmounted.
      await navigate(`/order-confirmation/${orderId}`, { state: { paid: true } });
    },
    [navigate],
  );
  const payment = usePayment({ messages: ADDRESS_SCREEN_PAYMENT_MESSAGES, onPaid, onCartChanged: () => void reload() });
  const errorRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // The message belongs to what the buyer just did, which may be far down the page: bring it into view.
    if (payment.error) errorRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [payment.error]);
  const cart = state.status === 'ready' ? state.cart : null;

  function pay(address: Address) {
    if (!cart) return;
    void payment.start({
      addressId: address.id,
      shippingMethod: shipping,
      amountPaise: Math.round((cart.sum_of_items + shippingPrice(shipping)) * 100),
      prefill: { name: `${address.first_name} ${address.last_name}`, email: address.email, contact: address.phone },
    });
  }

  return (
    <div className="container-page py-10 sm:py-14">
      <nav aria-label="Breadcrumb" className="text-sm text-teak-700">
        <Link to="/cart" className="hover:text-teak-900">
          ← Back to cart
        </Link>
      </nav>
      <h1 className="mt-3 text-4xl text-teak-900 sm:text-5xl">Checkout</h1>
      {state.status === 'loading' ? (
        <p role="status" className="py-16 text-teak-800">
          Loading your cart…
        </p>
      ) : state.status === 'error' ? (
        <p role="alert" className="mt-8 rounded-2xl bg-red-50 px-5 py-4 text-red-800">
          Something went wrong. Please try again.
        </p>
      ) : !cart || cart.items.length === 0 ? (
        <div className="mt-8 rounded-3xl bg-white px-6 py-14 text-center ring-1 ring-teak-200/60">
          <p className="font-display text-2xl text-teak-900">Your cart is empty</p>
          <Link to="/shop" className="btn-primary mt-6">
            Browse the shop
          </Link>
        </div>
      ) : (
        <div className="mt-2 grid gap-8 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start">
          <div>
            {payment.error ? (
              <p ref={errorRef} role="alert" className="mt-8 scroll-mt-24 rounded-2xl bg-red-50 px-5 py-4 text-red-800 ring-1 ring-red-200">
                {payment.error}
              </p>
            ) : null}
            {payment.phase === 'starting' || payment.phase === 'verifying' ? (
              <p role="status" className="mt-8 text-teak-800">
                {payment.phase === 'starting' ? 'Preparing your payment…' : 'Confirming your payment…'}
              </p>
            ) : null}
            <AddressStep onChoose={pay} busy={payment.busy} notify={notify} prefill={user ? addressPrefill(user) : undefined} />
          </div>
          <div className="lg:mt-10">
            <CartSummary
              subtotal={cart.sum_of_items}
              itemCount={cart.num_of_items}
              shipping={shipping}
              onShipping={setShipping}
              shippingLocked={payment.busy}
            />
          </div>
        </div>
      )}
      {payment.dialog}
      {toast}
    </div>
  );
}
