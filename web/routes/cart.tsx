import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { deleteCartItemSchema, quantitySchema, updateQuantitySchema, type ShippingMethod } from '../../contract/cart';
import { toPaise } from '../../contract/format';
import { PageLoadError } from '../components/ui/load-error';
import { CartLines, type LineAnswer, type LineExtra } from '../features/cart/cart-lines';
import { CartSummary, shippingPrice } from '../features/cart/cart-summary';
import { addressPrefill } from '../features/checkout/address-form';
import { useCheckoutDelivery } from '../features/delivery/use-checkout-delivery';
import { AddressStep } from '../features/checkout/address-step';
import { PaymentNotices } from '../features/checkout/payment-notices';
import { CART_PAYMENT_MESSAGES } from '../features/checkout/payment-window';
import { usePayment } from '../features/checkout/use-payment';
import { failureOf, readCart } from '../lib/cart.server';
import { FORM_PAGE_REFERRER } from '../lib/form-page';
import { useHydrated } from '../lib/use-hydrated';
import { dispatch, done, failed, type IntentArgs } from '../lib/form.server';
import { checkoutDelivery, checkPincode } from '../lib/delivery.server';
import { requireUser } from '../lib/guards.server';
import type { PincodeAnswer } from '../lib/pincode-answer';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/cart';

/** Signed-in customers only (a visitor is sent to log in first and brought back): the cart and saved addresses. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const [cart, addresses] = await Promise.all([readCart(request, context), context.services.addresses.list(user.id)]);
  const delivery = await checkoutDelivery(request, context, cart, addresses);
  const prefill = addressPrefill(context.services.accounts.profile(user));
  // The pincode the visitor last checked is where this order is most likely going.
  return { cart, addresses, delivery, prefill: delivery.pincode ? { ...prefill, postal_code: delivery.pincode } : prefill };
}

/**
 * Kept by the host for her alone (decision 0042): what this page shows is her account, her open cart, her
 * addresses, the pincode she checked, and the catalogue and delivery rates, each of which drops it when it
 * changes. A new thing it reads must be one of these, or drop the page when it changes.
 */
export const handle = { own: true };

const quantityInput = z.object({ item_id: updateQuantitySchema.shape.item_id, quantity: quantitySchema });
const removeInput = z.object({ item_id: deleteCartItemSchema.shape.item_id });

/**
 * The cart's forms: a line's quantity or its removal, from the line's form (a fetcher, or a plain POST without
 * scripts): only a line of this user's open cart (another one is a 404), a quantity from 1 to the cap and
 * within stock (a sentence otherwise, nothing changed); and the pincode check of the summary.
 */
export async function action(args: Route.ActionArgs) {
  requireUser(args.request, args.context);
  return dispatch(args, { quantity, remove, pincode });
}

async function pincode({ request, context, formData }: IntentArgs<Route.ActionArgs>) {
  const cart = await readCart(request, context);
  return checkPincode(formData, context, { cartCode: cart?.cart_code });
}

async function quantity({ request, context, formData }: IntentArgs<Route.ActionArgs>) {
  const user = requireUser(request, context);
  // The − and + buttons send the quantity they set; Enter or leaving the field sends what was typed.
  const parsed = quantityInput.safeParse({ item_id: formData.get('item_id'), quantity: formData.get('set') ?? formData.get('quantity') });
  if (!parsed.success) return lineRefused('quantity', formData, parsed.error);
  const { item_id, quantity } = parsed.data;
  return changeLine('quantity', context, item_id, () => context.services.cart.updateQuantity(user, { item_id, quantity }));
}

async function remove({ request, context, formData }: IntentArgs<Route.ActionArgs>) {
  const user = requireUser(request, context);
  const parsed = removeInput.safeParse({ item_id: formData.get('item_id') });
  if (!parsed.success) return lineRefused('remove', formData, parsed.error);
  const { item_id } = parsed.data;
  return changeLine('remove', context, item_id, () => context.services.cart.deleteItem(user, { item_id }));
}

/** A line's form that did not pass its schema: the first sentence, 400, under the line it names. */
function lineRefused(intent: string, formData: FormData, error: z.ZodError) {
  const message = error.issues[0]?.message ?? 'This change could not be made.';
  return failed<LineExtra>(intent, 400, message, {}, { itemId: Number(formData.get('item_id')) || null });
}

/** A change of one line, answered about that line: nothing to say on success, the service's sentence otherwise. */
async function changeLine(intent: string, context: Route.ActionArgs['context'], itemId: number, change: () => Promise<unknown>) {
  try {
    await change();
  } catch (err) {
    const failure = failureOf(context, err, 'changing the cart failed');
    return failed<LineExtra>(intent, failure.status, failure.message, {}, { itemId });
  }
  return done<LineExtra>(intent, {}, { itemId });
}

// The quantity and remove forms are posted to this page without scripts too: the browser must send its origin.
export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({ title: 'Shopping Cart', description: 'Your cart at Teakwood Studio.', path: '/cart', publicUrl: publicUrlOf(matches), noindex: true }),
  FORM_PAGE_REFERRER,
];

export default function CartRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CartPage
      {...loaderData}
      noScriptAnswer={actionData && 'itemId' in actionData ? actionData : undefined}
      pincodeAnswer={actionData && 'estimate' in actionData ? actionData : undefined}
    />
  );
}

/** A cart that could not be read: the page's heading and a sentence, the details in the server's log. */
export function ErrorBoundary() {
  return <PageLoadError title="Shopping Cart" message="We could not load your cart. Please try again in a moment." />;
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

function CartPage({
  cart,
  addresses,
  prefill,
  delivery,
  noScriptAnswer,
  pincodeAnswer,
}: Route.ComponentProps['loaderData'] & { noScriptAnswer: LineAnswer | undefined; pincodeAnswer: PincodeAnswer | undefined }) {
  const [shipping, setShipping] = useState<ShippingMethod>('standard');
  const [checkingOut, setCheckingOut] = useState(false);
  const hydrated = useHydrated();
  const items = cart?.items ?? [];
  const toPincode = useCheckoutDelivery({
    delivery,
    subtotal: cart?.sum_of_items ?? 0,
    shipping,
    action: '/cart',
    noScriptAnswer: pincodeAnswer,
    // The saved addresses price the summary only once the address step is open.
    addressPincodes: checkingOut ? addresses.map((a) => a.postal_code) : [],
  });
  // A saved address the shop serves: a remembered pincode it does not serve does not stand in the way of paying.
  const servedAddress = addresses.find((a) => delivery.quotes[a.postal_code]?.serviceable);
  const blocked = toPincode.unavailable && !servedAddress;
  const method = toPincode.method;
  const amountPaise = toPaise(cart?.sum_of_items ?? 0) + toPaise(shippingPrice(method, toPincode.prices));
  const payment = usePayment({ messages: CART_PAYMENT_MESSAGES, totals: { shippingMethod: method, amountPaise, cartCode: cart?.cart_code } });
  // A refusal about a line that is not in this cart (another user's, or gone): said at the top.
  const stray = noScriptAnswer && !noScriptAnswer.ok && !items.some((i) => i.id === noScriptAnswer.itemId) ? noScriptAnswer.message : null;

  // The step and its messages belong to what the buyer just did, which may be far down the page: into view.
  const showStep = useCallback((node: HTMLDivElement | null) => {
    if (!node) return;
    node.scrollIntoView({ block: 'start' });
    node.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  }, []);
  const showError = useCallback((node: HTMLDivElement | null) => node?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }), []);

  return (
    <div className="container-page py-10 sm:py-14">
      <p className="text-xs font-semibold tracking-[0.2em] text-teak-600 uppercase">Your selection</p>
      <h1 className="mt-2 text-4xl text-teak-900 sm:text-5xl">Shopping Cart</h1>

      <PaymentNotices payment={payment} />
      <div className="mt-8">
        {stray ? (
          <p role="alert" className="mb-6 rounded-2xl bg-red-50 px-5 py-4 text-red-800">
            {stray}
          </p>
        ) : null}
        {items.length === 0 ? (
          <EmptyCart />
        ) : (
          <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start">
            <div>
              <CartLines items={items} noScriptAnswer={noScriptAnswer} />
              <Link to="/shop" className="mt-5 inline-block text-sm font-semibold text-teak-700 underline-offset-4 hover:underline">
                ← Continue shopping
              </Link>
            </div>
            <CartSummary
              subtotal={cart?.sum_of_items ?? 0}
              itemCount={cart?.num_of_items ?? 0}
              shipping={method}
              onShipping={setShipping}
              expressOffered={toPincode.expressOffered}
              shippingLocked={payment.busy}
              prices={toPincode.prices}
              deliveryUnavailable={toPincode.unavailable}
              deliveryNote={toPincode.note}
              pincode={toPincode.pincode}
            >
              {checkingOut ? (
                <p className="text-sm text-teak-800">Choose a delivery address below to pay securely.</p>
              ) : (
                <>
                  {/* A pincode the shop does not serve: no checkout until the buyer checks one it does, or has a saved address it serves. */}
                  <button
                    type="button"
                    className="btn-primary w-full py-4 text-base"
                    // Opening the address step is the page's script: until it runs, the button waits (as ADD TO CART does).
                    disabled={!hydrated || blocked}
                    aria-describedby={toPincode.refusal ? 'checkout-refused' : undefined}
                    onClick={() => setCheckingOut(true)}
                  >
                    Check Out
                  </button>
                  {toPincode.refusal && servedAddress ? (
                    <p id="checkout-refused" className="mt-3 text-sm text-teak-800">
                      You can check out to your saved address in {servedAddress.city} ({servedAddress.postal_code}).
                    </p>
                  ) : toPincode.refusal ? (
                    <p id="checkout-refused" className="mt-3 text-sm text-red-800">
                      {toPincode.refusal} Check another pincode above to check out.
                    </p>
                  ) : null}
                </>
              )}
            </CartSummary>
          </div>
        )}
      </div>

      {checkingOut && items.length > 0 ? (
        <div ref={showStep} className="scroll-mt-24">
          {payment.error ? (
            <div
              ref={showError}
              key={payment.error}
              role="alert"
              className="mt-10 flex scroll-mt-24 items-start justify-between gap-4 rounded-2xl bg-red-50 px-5 py-4 text-red-800 ring-1 ring-red-200"
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
          <AddressStep
            eyebrow="Step 2 of 2"
            addresses={addresses}
            payment={payment}
            prefill={prefill}
            deliveryTo={toPincode.deliveryTo}
            onPincode={toPincode.onPincode}
            onChoose={toPincode.choose}
          />
        </div>
      ) : null}
      {payment.dialog}
    </div>
  );
}
