import { redirect, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import { cartCodeSchema, SHIPPING_METHODS } from '../../contract/cart';
import { newCartCode } from '../../contract/cart-values';
import { checkoutRefusalOf, type CheckoutRefusal } from '../../contract/checkout-refusals';
import { addressInputSchema, deleteAddressSchema, type CreateOrderResponse } from '../../contract/orders';
import { dropGuestCartCode, failureOf, guestCartCode } from '../lib/cart.server';
import { toast } from '../components/ui/toast';
import type { Answer } from '../lib/answer';
import { checkForm, dispatch, done, failed, invalid, type IntentArgs } from '../lib/form.server';
import { requireUser } from '../lib/guards.server';
import { rememberPincode } from '../lib/pincode.server';
import type { Route } from './+types/checkout';

type AccountUser = NonNullable<AppLoadContext['user']>;

const id = z.coerce.number().int().positive();
const paySchema = z.object({
  shipping_method: z.enum(SHIPPING_METHODS, { message: 'Choose standard or express delivery.' }),
  /** The total the buyer was shown, in paise: the checkout service refuses it when the cart changed meanwhile. */
  amount: z.coerce.number().int().positive(),
  /** The cart the page showed: a cart paid meanwhile (in another tab) is told as such, with its order. */
  cart_code: cartCodeSchema.optional(),
});
const providerFields = z.object({
  cart_code: cartCodeSchema,
  razorpay_order_id: z.string().trim().min(1).max(100),
});
const verifySchema = providerFields.extend({
  razorpay_payment_id: z.string().trim().min(1).max(100),
  razorpay_signature: z.string().max(200),
  address_id: id,
});

/**
 * What the checkout's action answers: the answer's status too (a 409 is told as it is), a payment to open, and
 * a refusal the page acts on (the cart paid meanwhile, the price changed: contract/checkout-refusals.ts).
 */
export type CheckoutExtra = { status: number; payment: Attempt | null; refusal?: CheckoutRefusal | null };
/** A payment order to open the provider's window with, the cart it is for and the delivery address chosen. */
type Attempt = { order: CreateOrderResponse; cartCode: string; addressId: number };

/** A step the checkout could not take: the service's sentence and status (a failure of the shop is logged, 500). */
function stepFailed(intent: string, context: AppLoadContext, err: unknown, what: string, options: { headers?: HeadersInit; changed?: boolean } = {}) {
  const failure = failureOf(context, err, what);
  return failed<CheckoutExtra>(intent, failure.status, failure.message, options, { status: failure.status, payment: null });
}

/** A step refused before anything was asked of the services: a sentence, 400. */
function stepRefused(intent: string, message: string) {
  return failed<CheckoutExtra>(intent, 400, message, {}, { status: 400, payment: null });
}

/**
 * Opens the payment of the user's cart for the total they were shown: the checkout service prices the cart
 * itself, holds ready-to-ship pieces and refuses a total that no longer matches (every money rule stays there).
 */
async function openPayment(request: Request, context: AppLoadContext, user: AccountUser, fields: z.output<typeof paySchema>, addressId: number) {
  const { cart, checkout } = context.services;
  // A guest cart still in a cookie joins the user's cart here; the user's open cart is found by the account. The
  // cart the page showed goes as it is: the checkout tells when it was paid meanwhile (another tab), naming the order.
  const guest = await guestCartCode(request, context);
  const cartCode = guest || !fields.cart_code ? (await cart.requireCart(guest ?? newCartCode(), user)).cartCode : fields.cart_code;
  const order = await checkout.createOrder(user, {
    cart_code: cartCode,
    shipping_method: fields.shipping_method,
    amount: fields.amount,
    address: addressId,
  });
  return { ok: true as const, order, cartCode, addressId };
}

/**
 * The checkout's writes, posted by the cart and address pages' fetchers: save an address and pay, pay to a
 * saved address, confirm a payment (then on to the order's confirmation), a closed payment window, deleting a
 * saved address. The provider's window (or the simulated one) stays in the browser by nature.
 */
export async function action(args: Route.ActionArgs) {
  requireUser(args.request, args.context);
  return dispatch(args, { address: saveAddressAndPay, pay, verify, cancel, 'delete-address': deleteAddress });
}

/** The `Set-Cookie` of every checkout step: a guest cart still in a cookie has joined the user's cart. */
async function cartCookieHeaders(request: Request, context: AppLoadContext): Promise<Headers> {
  const headers = new Headers();
  if (await guestCartCode(request, context)) headers.append('set-cookie', await dropGuestCartCode(context));
  return headers;
}

async function saveAddressAndPay({ request, context, formData }: IntentArgs<Route.ActionArgs>) {
  const user = requireUser(request, context);
  const { services } = context;
  const headers = await cartCookieHeaders(request, context);
  const submission = checkForm(formData, addressInputSchema);
  const fields = paySchema.safeParse(Object.fromEntries(formData));
  const none = { status: 400, payment: null };
  if (submission.status !== 'success' || !fields.success) return invalid<CheckoutExtra>('address', submission, { headers }, none);
  try {
    // An address the shop does not deliver to is refused before it is kept, with the delivery's own sentence.
    await services.delivery.requireServed(submission.value.postal_code);
  } catch (err) {
    const failure = failureOf(context, err, 'checking a delivery pincode failed');
    // Under the PIN code field, the form still open: nothing was kept and no payment was opened.
    const fieldErrors = { postal_code: [failure.message] };
    return invalid<CheckoutExtra>('address', submission, { fieldErrors, status: failure.status, headers }, { status: failure.status, payment: null });
  }
  let addressId: number;
  try {
    addressId = (await services.addresses.create(user.id, submission.value)).id;
  } catch (err) {
    const failure = failureOf(context, err, 'saving an address failed');
    return failed<CheckoutExtra>('address', failure.status, failure.message, { submission, headers }, { status: failure.status, payment: null });
  }
  // The pincode delivered to is the one the next pages price and prefill with.
  headers.append('set-cookie', await rememberPincode(context, submission.value.postal_code));
  // The address is kept whatever the payment does next: the form closes and the list shows it.
  try {
    const payment = await openPayment(request, context, user, fields.data, addressId);
    return done<CheckoutExtra>('address', { submission, reset: true, headers }, { status: 200, payment });
  } catch (err) {
    const failure = failureOf(context, err, 'opening a payment failed');
    const result = submission.reply({ resetForm: true });
    const extra = { status: failure.status, payment: null, result, refusal: checkoutRefusalOf(failure) };
    return failed<CheckoutExtra & Pick<Answer, 'result'>>('address', 200, failure.message, { headers, changed: true }, extra);
  }
}

async function pay({ request, context, formData }: IntentArgs<Route.ActionArgs>) {
  const user = requireUser(request, context);
  const headers = await cartCookieHeaders(request, context);
  const fields = paySchema.safeParse(Object.fromEntries(formData));
  const addressId = id.safeParse(formData.get('address_id'));
  if (!fields.success || !addressId.success) return stepRefused('pay', 'Choose a delivery address.');
  try {
    const payment = await openPayment(request, context, user, fields.data, addressId.data);
    return done<CheckoutExtra>('pay', { headers }, { status: 200, payment });
  } catch (err) {
    // Told with a 200: the page reads the sentence and the status in the answer, and nothing else changed.
    const failure = failureOf(context, err, 'opening a payment failed');
    return failed<CheckoutExtra>(
      'pay',
      200,
      failure.message,
      { headers },
      { status: failure.status, payment: null, refusal: checkoutRefusalOf(failure) },
    );
  }
}

async function verify({ request, context, formData }: IntentArgs<Route.ActionArgs>) {
  const user = requireUser(request, context);
  const headers = await cartCookieHeaders(request, context);
  const input = verifySchema.safeParse(Object.fromEntries(formData));
  if (!input.success) return stepRefused('verify', 'The payment could not be confirmed.');
  const { address_id, ...payment } = input.data;
  try {
    const answer = await context.services.checkout.verifyPayment(user, { ...payment, address: address_id });
    // The paid cart is closed: the confirmation page (and the header's badge) read what is left.
    // Received but still being confirmed (a rush): the confirmation page shows the order as it stands.
    return redirect(`/order-confirmation/${answer.order_id ?? ''}`, { headers });
  } catch (err) {
    return stepFailed('verify', context, err, 'confirming a payment failed');
  }
}

async function cancel({ request, context, formData }: IntentArgs<Route.ActionArgs>) {
  const user = requireUser(request, context);
  const input = providerFields.safeParse(Object.fromEntries(formData));
  if (!input.success) return stepRefused('cancel', 'Nothing to cancel.');
  try {
    await context.services.checkout.cancelPayment(user, input.data);
    return done<CheckoutExtra>('cancel', {}, { status: 200, payment: null });
  } catch (err) {
    // The order stays open on the server either way; a late payment still completes it.
    return stepFailed('cancel', context, err, 'stopping a payment failed');
  }
}

async function deleteAddress({ request, context, formData }: IntentArgs<Route.ActionArgs>) {
  const user = requireUser(request, context);
  const input = deleteAddressSchema.safeParse({ id: formData.get('id') });
  if (!input.success) return stepRefused('delete-address', 'Failed to delete address');
  try {
    await context.services.addresses.remove(user.id, input.data.id);
    return done<CheckoutExtra>('delete-address', { message: 'Address deleted successfully' }, { status: 200, payment: null });
  } catch (err) {
    return stepFailed('delete-address', context, err, 'deleting an address failed');
  }
}

/** Each deletion of an address is announced as its answer arrives, even the same sentence twice in a row. */
export async function clientAction({ serverAction, request }: Route.ClientActionArgs) {
  const deleting = (await request.clone().formData()).get('intent') === 'delete-address';
  const answer = await serverAction();
  if (deleting) toast(answer.ok ? 'Address deleted successfully' : 'Failed to delete address', answer.ok ? 'success' : 'error');
  return answer;
}

/** Nothing to show here: a visit goes to the cart. */
export function loader() {
  return redirect('/cart');
}
