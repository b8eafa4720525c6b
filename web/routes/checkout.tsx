import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import { cartCodeSchema, SHIPPING_METHODS } from '../../contract/cart';
import { newCartCode } from '../../contract/cart-values';
import { addressInputSchema, deleteAddressSchema, type CreateOrderResponse } from '../../contract/orders';
import { dropGuestCartCode, failureOf, guestCartCode } from '../lib/cart.server';
import { requireUser } from '../lib/guards.server';
import { rememberPincode } from '../lib/pincode.server';
import type { Route } from './+types/checkout';

type AccountUser = NonNullable<AppLoadContext['user']>;

const id = z.coerce.number().int().positive();
const paySchema = z.object({
  shipping_method: z.enum(SHIPPING_METHODS, { message: 'Choose standard or express delivery.' }),
  /** The total the buyer was shown, in paise: the checkout service refuses it when the cart changed meanwhile. */
  amount: z.coerce.number().int().positive(),
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

type Refusal = { ok: false; status: number; message: string };
/** A payment order to open the provider's window with, the cart it is for and the delivery address chosen. */
type Opened = { ok: true; order: CreateOrderResponse; cartCode: string; addressId: number };

export type CheckoutAnswer =
  | ({ intent: 'pay' } & (Opened | Refusal))
  | ({ intent: 'address'; result: ReturnType<Awaited<ReturnType<typeof readAddress>>['reply']> } & (
      Opened | Refusal | { ok: false; status: number; message: null }
    ))
  | ({ intent: 'verify' } & Refusal)
  | ({ intent: 'cancel' } & ({ ok: true } | Refusal))
  | ({ intent: 'delete-address' } & ({ ok: true } | Refusal));

function readAddress(formData: FormData) {
  return parseWithZod(formData, { schema: addressInputSchema });
}

function refusal<I extends CheckoutAnswer['intent']>(intent: I, context: AppLoadContext, err: unknown, what: string) {
  const failure = failureOf(context, err, what);
  return { intent, ok: false as const, status: failure.status, message: failure.message };
}

/**
 * Opens the payment of the user's cart for the total they were shown: the checkout service prices the cart
 * itself, holds ready-to-ship pieces and refuses a total that no longer matches (every money rule stays there).
 */
async function openPayment(request: Request, context: AppLoadContext, user: AccountUser, fields: z.output<typeof paySchema>, addressId: number) {
  const { cart, checkout } = context.services;
  // A guest cart still in a cookie joins the user's cart here; the user's open cart is found by the account.
  const own = await cart.requireCart((await guestCartCode(request, context)) ?? newCartCode(), user);
  const order = await checkout.createOrder(user, { cart_code: own.cartCode, ...fields, address: addressId });
  return { ok: true as const, order, cartCode: own.cartCode, addressId };
}

/**
 * The checkout's writes, posted by the cart and address pages' fetchers: save an address and pay, pay to a
 * saved address, confirm a payment (then on to the order's confirmation), a closed payment window, deleting a
 * saved address. The provider's window (or the simulated one) stays in the browser by nature.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const { services } = context;
  const formData = await request.formData();
  const intent = formData.get('intent');
  const pay = paySchema.safeParse(Object.fromEntries(formData));
  const headers = new Headers();
  if (await guestCartCode(request, context)) headers.append('set-cookie', await dropGuestCartCode(context));

  if (intent === 'address') {
    const submission = readAddress(formData);
    if (submission.status !== 'success' || !pay.success)
      return data<CheckoutAnswer>({ intent, ok: false, status: 400, message: null, result: submission.reply() }, { status: 400 });
    try {
      // An address the shop does not deliver to is refused before it is kept, with the delivery's own sentence.
      await services.delivery.requireServed(submission.value.postal_code);
    } catch (err) {
      const failure = failureOf(context, err, 'checking a delivery pincode failed');
      // Under the PIN code field, the form still open: nothing was kept and no payment was opened.
      const result = submission.reply({ fieldErrors: { postal_code: [failure.message] } });
      return data<CheckoutAnswer>({ intent, ok: false, status: failure.status, message: null, result }, { status: failure.status });
    }
    let addressId: number;
    try {
      addressId = (await services.addresses.create(user.id, submission.value)).id;
    } catch (err) {
      const failure = failureOf(context, err, 'saving an address failed');
      return data<CheckoutAnswer>(
        { intent, ok: false, status: failure.status, message: failure.message, result: submission.reply({ formErrors: [failure.message] }) },
        { status: failure.status },
      );
    }
    // The pincode delivered to is the one the next pages price and prefill with.
    headers.append('set-cookie', await rememberPincode(context, submission.value.postal_code));
    // The address is kept whatever the payment does next: the form closes and the list shows it.
    const result = submission.reply({ resetForm: true });
    try {
      return data<CheckoutAnswer>({ intent, result, ...(await openPayment(request, context, user, pay.data, addressId)) }, { headers });
    } catch (err) {
      return data<CheckoutAnswer>({ result, ...refusal(intent, context, err, 'opening a payment failed') }, { headers });
    }
  }

  if (intent === 'pay') {
    const addressId = id.safeParse(formData.get('address_id'));
    if (!pay.success || !addressId.success)
      return data<CheckoutAnswer>({ intent, ok: false, status: 400, message: 'Choose a delivery address.' }, { status: 400 });
    try {
      return data<CheckoutAnswer>({ intent, ...(await openPayment(request, context, user, pay.data, addressId.data)) }, { headers });
    } catch (err) {
      return data<CheckoutAnswer>(refusal(intent, context, err, 'opening a payment failed'), { headers });
    }
  }

  if (intent === 'verify') {
    const input = verifySchema.safeParse(Object.fromEntries(formData));
    if (!input.success)
      return data<CheckoutAnswer>({ intent, ok: false, status: 400, message: 'The payment could not be confirmed.' }, { status: 400 });
    const { address_id, ...payment } = input.data;
    try {
      const answer = await services.checkout.verifyPayment(user, { ...payment, address: address_id });
      // The paid cart is closed: the confirmation page (and the header's badge) read what is left.
      return redirect(`/order-confirmation/${answer.order_id}`, { headers });
    } catch (err) {
      const failure = refusal(intent, context, err, 'confirming a payment failed');
      return data<CheckoutAnswer>(failure, { status: failure.status });
    }
  }

  if (intent === 'cancel') {
    const input = providerFields.safeParse(Object.fromEntries(formData));
    if (!input.success) return data<CheckoutAnswer>({ intent, ok: false, status: 400, message: 'Nothing to cancel.' }, { status: 400 });
    try {
      await services.checkout.cancelPayment(user, input.data);
      return data<CheckoutAnswer>({ intent, ok: true });
    } catch (err) {
      // The order stays open on the server either way; a late payment still completes it.
      const failure = refusal(intent, context, err, 'stopping a payment failed');
      return data<CheckoutAnswer>(failure, { status: failure.status });
    }
  }

  if (intent === 'delete-address') {
    const input = deleteAddressSchema.safeParse({ id: formData.get('id') });
    if (!input.success) return data<CheckoutAnswer>({ intent, ok: false, status: 400, message: 'Failed to delete address' }, { status: 400 });
    try {
      await services.addresses.remove(user.id, input.data.id);
      return data<CheckoutAnswer>({ intent, ok: true });
    } catch (err) {
      const failure = refusal(intent, context, err, 'deleting an address failed');
      return data<CheckoutAnswer>(failure, { status: failure.status });
    }
  }

  return data(null, { status: 400 });
}

/** Nothing to show here: a visit goes to the cart. */
export function loader() {
  return redirect('/cart');
}
