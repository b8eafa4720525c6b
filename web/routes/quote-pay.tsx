import { redirect } from 'react-router';
import { z } from 'zod';
import { quotePaymentSchema } from '../../contract/quotes';
import { addressInputSchema, type CreateOrderResponse } from '../../contract/orders';
import { dispatch, done, failed, refusal, type IntentArgs } from '../lib/form.server';
import { requireUser } from '../lib/guards.server';
import type { Route } from './+types/quote-pay';

type Extra = { payment: CreateOrderResponse | null };
const id = z.coerce.number().int().positive();
const verifySchema = quotePaymentSchema.extend({ id });
/** A business's GSTIN and name sent with the address chosen: the checkout's own checks and sentences. */
const businessSchema = addressInputSchema.pick({ gstin: true, business_name: true });
/** The payment's fields of a posted form (its `intent` left out: the schema refuses fields it does not know). */
const paymentFields = (formData: FormData) => {
  const { intent: _intent, ...fields } = Object.fromEntries(formData);
  return fields;
};

/**
 * A quote's advance and an order's balance (decision 0039), posted by the Pay buttons: open the provider order
 * the server prices, then confirm the payment and go on to the buyer's orders. Every money rule is the quotes
 * service's; this action only reads the form and answers.
 */
export async function action(args: Route.ActionArgs) {
  requireUser(args.request, args.context);
  return dispatch(args, { advance, balance, 'verify-advance': verifyAdvance, 'verify-balance': verifyBalance });
}

const none: Extra = { payment: null };

async function advance({ request, context, formData }: IntentArgs<Route.ActionArgs>) {
  const user = requireUser(request, context);
  const quote = id.safeParse(formData.get('id'));
  const address = id.optional().safeParse(formData.get('address_id') || undefined);
  if (!quote.success || !address.success) return failed('advance', 400, 'This quote could not be read. Please reload the page.', {}, none);
  const business = businessSchema.safeParse({ gstin: formData.get('gstin') ?? undefined, business_name: formData.get('business_name') ?? undefined });
  if (!business.success) return failed('advance', 400, business.error.issues[0]!.message, {}, none);
  try {
    const payment = await context.services.quotes.accept(user, quote.data, { address: address.data, ...business.data });
    return done<Extra>('advance', {}, { payment });
  } catch (err) {
    return refusal<Extra>('advance', err, {}, none);
  }
}

async function balance({ request, context, formData }: IntentArgs<Route.ActionArgs>) {
  const user = requireUser(request, context);
  const order = id.safeParse(formData.get('id'));
  if (!order.success) return failed('balance', 400, 'This order could not be read. Please reload the page.', {}, none);
  try {
    const payment = await context.services.quotes.payBalance(user, order.data);
    return done<Extra>('balance', {}, { payment });
  } catch (err) {
    return refusal<Extra>('balance', err, {}, none);
  }
}

async function verifyAdvance({ request, context, formData }: IntentArgs<Route.ActionArgs>) {
  const user = requireUser(request, context);
  const input = verifySchema.safeParse(paymentFields(formData));
  if (!input.success) return failed('verify-advance', 400, 'The payment could not be confirmed.', {}, none);
  const { id: quoteId, ...payment } = input.data;
  let order: number;
  try {
    order = (await context.services.quotes.verifyAdvance(user, quoteId, payment)).id;
  } catch (err) {
    return refusal<Extra>('verify-advance', err, {}, none);
  }
  // The buyer's orders say what was just paid, for which order.
  return redirect(`/orderdetails?paid=advance&order=${order}`);
}

async function verifyBalance({ request, context, formData }: IntentArgs<Route.ActionArgs>) {
  const user = requireUser(request, context);
  const input = verifySchema.safeParse(paymentFields(formData));
  if (!input.success) return failed('verify-balance', 400, 'The payment could not be confirmed.', {}, none);
  const { id: orderId, ...payment } = input.data;
  try {
    await context.services.quotes.verifyBalance(user, orderId, payment);
  } catch (err) {
    return refusal<Extra>('verify-balance', err, {}, none);
  }
  return redirect(`/orderdetails?paid=balance&order=${orderId}`);
}

/** Nothing to show here: a visit goes to the buyer's quotes. */
export function loader() {
  return redirect('/quotes');
}
