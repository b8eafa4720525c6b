import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import type { ShippingMethod } from '../../contract/cart';
import { toPaise } from '../../contract/format';
import { PageLoadError } from '../components/ui/load-error';
import { CartSummary, shippingPrice } from '../features/cart/cart-summary';
import { addressPrefill } from '../features/checkout/address-form';
import { useCheckoutDelivery } from '../features/delivery/use-checkout-delivery';
import { AddressStep } from '../features/checkout/address-step';
import { PaymentNotices } from '../features/checkout/payment-notices';
import { ADDRESS_SCREEN_PAYMENT_MESSAGES } from '../features/checkout/payment-window';
import { usePayment } from '../features/checkout/use-payment';
import { readCart } from '../lib/cart.server';
import { checkoutDelivery, checkPincode } from '../lib/delivery.server';
import { FORM_PAGE_REFERRER } from '../lib/form-page';
import { dispatch, type IntentArgs } from '../lib/form.server';
import { requireUser } from '../lib/guards.server';
import type { PincodeAnswer } from '../lib/pincode-answer';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/order-address';

/** Signed-in customers only (a visitor is sent to log in first and brought back): the cart and saved addresses. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const [cart, addresses] = await Promise.all([readCart(request, context), context.services.addresses.list(user.id)]);
  const delivery = await checkoutDelivery(request, context, cart, addresses);
  const prefill = addressPrefill(context.services.accounts.profile(user));
  // The pincode the visitor last checked is where this order is most likely going.
  return { cart, addresses, delivery, prefill: delivery.pincode ? { ...prefill, postal_code: delivery.pincode } : prefill };
}

/** The pincode check of the summary and of the address form: the cart priced to it, and it is remembered. */
export async function action(args: Route.ActionArgs) {
  requireUser(args.request, args.context);
  return dispatch(args, { pincode });
}

async function pincode({ request, context, formData }: IntentArgs<Route.ActionArgs>) {
  const cart = await readCart(request, context);
  return checkPincode(formData, context, { cartCode: cart?.cart_code });
}

// The summary's pincode form is posted to this page without scripts too: the browser must send its origin.
export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({
    title: 'Delivery address',
    description: 'Choose where your order goes.',
    path: '/orderaddress',
    publicUrl: publicUrlOf(matches),
    noindex: true,
  }),
  FORM_PAGE_REFERRER,
];

export default function OrderAddressRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <OrderAddress {...loaderData} pincodeAnswer={actionData && 'estimate' in actionData ? actionData : undefined} />;
}

/** A cart that could not be read: the page's heading and a sentence, the details in the server's log. */
export function ErrorBoundary() {
  return <PageLoadError title="Checkout" message="We could not load your cart. Please try again in a moment." />;
}

/** The separate address screen: choose (or add) an address and pay for the cart as it stands. */
function OrderAddress({
  cart,
  addresses,
  prefill,
  delivery,
  pincodeAnswer,
}: Route.ComponentProps['loaderData'] & { pincodeAnswer: PincodeAnswer | undefined }) {
  const [shipping, setShipping] = useState<ShippingMethod>('standard');
  const toPincode = useCheckoutDelivery({
    delivery,
    subtotal: cart?.sum_of_items ?? 0,
    shipping,
    action: '/orderaddress',
    noScriptAnswer: pincodeAnswer,
    addressPincodes: addresses.map((a) => a.postal_code),
  });
  const method = toPincode.method;
  const amountPaise = toPaise(cart?.sum_of_items ?? 0) + toPaise(shippingPrice(method, toPincode.prices));
  const payment = usePayment({
    messages: ADDRESS_SCREEN_PAYMENT_MESSAGES,
    totals: { shippingMethod: method, amountPaise, cartCode: cart?.cart_code },
  });
  // The message belongs to what the buyer just did, which may be far down the page: into view.
  const showError = useCallback((node: HTMLParagraphElement | null) => node?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }), []);

  return (
    <div className="container-page py-10 sm:py-14">
      <nav aria-label="Breadcrumb" className="text-sm text-teak-700">
        <Link to="/cart" className="hover:text-teak-900">
          ← Back to cart
        </Link>
      </nav>
      <h1 className="mt-3 text-4xl text-teak-900 sm:text-5xl">Checkout</h1>
      <PaymentNotices payment={payment} />
      {!cart || cart.items.length === 0 ? (
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
              <p
                ref={showError}
                key={payment.error}
                role="alert"
                className="mt-8 scroll-mt-24 rounded-2xl bg-red-50 px-5 py-4 text-red-800 ring-1 ring-red-200"
              >
                {payment.error}
              </p>
            ) : null}
            {payment.phase === 'starting' || payment.phase === 'verifying' ? (
              <p role="status" className="mt-8 text-teak-800">
                {payment.phase === 'starting' ? 'Preparing your payment…' : 'Confirming your payment…'}
              </p>
            ) : null}
            <AddressStep
              addresses={addresses}
              payment={payment}
              prefill={prefill}
              deliveryTo={toPincode.deliveryTo}
              onPincode={toPincode.onPincode}
              onChoose={toPincode.choose}
            />
          </div>
          <div className="lg:mt-10">
            <CartSummary
              subtotal={cart.sum_of_items}
              itemCount={cart.num_of_items}
              shipping={method}
              onShipping={setShipping}
              expressOffered={toPincode.expressOffered}
              shippingLocked={payment.busy}
              prices={toPincode.prices}
              deliveryUnavailable={toPincode.unavailable}
              deliveryNote={toPincode.note}
              pincode={toPincode.pincode}
            />
          </div>
        </div>
      )}
      {payment.dialog}
    </div>
  );
}
