import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ShippingMethod } from '../../contract/cart';
import type { Address } from '../../contract/orders';
import { CartLines } from '../features/cart/cart-lines';
import { CartSummary, shippingPrice } from '../features/cart/cart-summary';
import { useToast } from '../features/cart/toast';
import { useCart } from '../features/cart/use-cart';
import { useSession } from '../lib/session';
import { requireUser } from '../lib/guards.server';
import { addressPrefill } from '../features/checkout/address-form';
import { AddressStep } from '../features/checkout/address-step';
import { CART_PAYMENT_MESSAGES, usePayment } from '../features/checkout/use-payment';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/cart';

/** Signed-in customers only: a visitor is sent to log in first and brought back here (a server redirect). */
export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: 'Shopping Cart', description: 'Your cart at Teakwood Studio.', path: '/cart', publicUrl: publicUrlOf(matches), noindex: true });

export default function CartRoute() {
  return <CartPage />;
}

function EmptyCart() {
  return (
    <div className="mx-auto max-w-lg rounded-3xl bg-white px-6 py-14 text-center ring-1 ring-teak-200/60">
      <span aria-hidden className="mx-auto grid h-16 w-16 place-items-center rounded-full bg-teak-100 text-teak-700">
        <svg viewBox="0 0 24 24" className="h-8 w-8" fill="none" stroke="currentColor" strokeWidth="1.6">
          <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2" strokeLinecap="round" strokeLinejoin="round" />
          <circle cx="10" cy="20" r="1.3" />
          <circle cx="17" cy="20" r="1.3" />
        </svg>
      </span>
      <h2 className="mt-5 text-2xl text-teak-900">Your cart is empty</h2>
      <p className="mt-2 text-teak-800">Handcrafted teak pieces are waiting in the shop.</p>
      <Link to="/shop" className="btn-primary mt-7">
        Browse the shop
      </Link>
    </div>
  );
}

function CartPage() {
  const navigate = useNavigate();
  const { user } = useSession();
  const { state, reload, setQuantity, remove, pending, lineError } = useCart();
  const { toast, notify } = useToast();
  const [shipping, setShipping] = useState<ShippingMethod>('standard');
  const [checkingOut, setCheckingOut] = useState(false);
  const stepRef = useRef<HTMLDivElement>(null);

  const onPaid = useCallback(
    async (orderId: number) => {
      // The confirmation page tells the header the cart is gone, once this page (and its cart) is unmounted.
      await navigate(`/order-confirmation/${orderId}`, { state: { paid: true } });
    },
    [navigate],
  );
  const payment = usePayment({ messages: CART_PAYMENT_MESSAGES, onPaid, onCartChanged: () => void reload() });
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The message belongs to what the buyer just did, which may be far down the page: bring it into view.
    if (payment.error) errorRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [payment.error]);

  useEffect(() => {
    if (!checkingOut) return;
    stepRef.current?.scrollIntoView({ block: 'start' });
    stepRef.current?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  }, [checkingOut]);

  const cart = state.status === 'ready' ? state.cart : null;
  const items = cart?.items ?? [];

  function pay(address: Address) {
    if (!cart) return;
    const total = cart.sum_of_items + shippingPrice(shipping);
    void payment.start({
      addressId: address.id,
      shippingMethod: shipping,
      amountPaise: Math.round(total * 100),
      prefill: { name: `${address.first_name} ${address.last_name}`, email: address.email, contact: address.phone },
    });
  }

  return (
    <div className="container-page py-10 sm:py-14">
      <p className="text-xs font-semibold tracking-[0.2em] text-teak-600 uppercase">Your selection</p>
      <h1 className="mt-2 text-4xl text-teak-900 sm:text-5xl">Shopping Cart</h1>

      <div className="mt-8">
        {state.status === 'loading' ? (
          <p role="status" className="py-16 text-center text-teak-800">
            Loading your cart…
          </p>
        ) : state.status === 'error' ? (
          <div role="alert" className="rounded-2xl bg-red-50 px-5 py-4 text-red-800">
            <p>{state.message}</p>
            <button type="button" className="mt-3 font-semibold underline" onClick={() => void reload()}>
              Try again
            </button>
          </div>
        ) : items.length === 0 ? (
          <EmptyCart />
        ) : (
          <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start">
            <div>
              <CartLines
                items={items}
                pending={pending}
                lineError={lineError}
                onQuantity={(i, q) => void setQuantity(i, q)}
                onRemove={(i) => void remove(i)}
              />
              <Link to="/shop" className="mt-5 inline-block text-sm font-semibold text-teak-700 underline-offset-4 hover:underline">
                ← Continue shopping
              </Link>
            </div>
            <CartSummary
              subtotal={cart?.sum_of_items ?? 0}
              itemCount={cart?.num_of_items ?? 0}
              shipping={shipping}
              onShipping={setShipping}
              shippingLocked={payment.busy}
            >
              {checkingOut ? (
                <p className="text-sm text-teak-800">Choose a delivery address below to pay securely.</p>
              ) : (
                <button type="button" className="btn-primary w-full py-4 text-base" onClick={() => setCheckingOut(true)}>
                  Check Out
                </button>
              )}
            </CartSummary>
          </div>
        )}
      </div>

      {checkingOut && items.length > 0 ? (
        <div ref={stepRef} className="scroll-mt-24">
          {payment.error ? (
            <div
              ref={errorRef}
              role="alert"
              className="mt-10 scroll-mt-24 flex items-start justify-between gap-4 rounded-2xl bg-red-50 px-5 py-4 text-red-800 ring-1 ring-red-200"
            >
              <p>{payment.error}</p>
              <button type="button" className="text-sm font-semibold underline" onClick={payment.clearError}>
                Dismiss
              </button>
            </div>
          ) : null}
          {payment.phase === 'starting' || payment.phase === 'verifying' ? (
            <p role="status" className="mt-10 text-teak-800">
              {payment.phase === 'starting' ? 'Preparing your payment…' : 'Confirming your payment…'}
            </p>
          ) : null}
          <AddressStep eyebrow="Step 2 of 2" onChoose={pay} busy={payment.busy} notify={notify} prefill={user ? addressPrefill(user) : undefined} />
        </div>
      ) : null}
      {payment.dialog}
      {toast}
    </div>
  );
}
