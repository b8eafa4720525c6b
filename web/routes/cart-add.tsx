import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect } from 'react-router';
import { addItemSchema } from '../../contract/cart';
import { newCartCode } from '../../contract/cart-values';
import { LOAD_FAILURE } from '../lib/load-failure';
import { dropGuestCartCode, failureOf, guestCartCode, keepGuestCartCode } from '../lib/cart.server';
import type { Route } from './+types/cart-add';

const addSchema = addItemSchema.omit({ cart_code: true });

export type AddAnswer = { ok: true; message: string } | { ok: false; message: string };

/**
 * ADD TO CART (a fetcher of the product page): the visitor's cart is the one the server knows, the signed-in
 * user's open cart or the guest's cookie cart, made (and the cookie set) on the first add. Every page's loaders
 * run again afterwards, so the header's badge and the button's ADDED TO CART follow.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: addSchema });
  if (submission.status !== 'success') {
    const first = Object.values(submission.error ?? {}).flat()[0];
    return data<AddAnswer>({ ok: false, message: first ?? 'Choose a finish and a quantity.' }, { status: 400 });
  }
  const { cart } = context.services;
  const user = context.user;
  const fromCookie = await guestCartCode(request, context);
  let code = fromCookie;
  // A guest's cookie may name a cart that is no longer open (ordered through the API): a new cart starts.
  if (!user && code && !(await cart.resolveCart(code, null, false).catch(() => null))) code = null;
  code ??= newCartCode();
  try {
    await cart.addItem(user, { ...submission.value, cart_code: code });
  } catch (err) {
    const failure = failureOf(context, err, 'adding to the cart failed');
    return data<AddAnswer>({ ok: false, message: failure.message }, { status: failure.status });
  }
  const headers = new Headers();
  // A guest keeps the code of the cart just made; a signed-in user's guest cart was merged by this add.
  if (!user && code !== fromCookie) headers.append('set-cookie', await keepGuestCartCode(context, code));
  if (user && fromCookie) headers.append('set-cookie', await dropGuestCartCode(context));
  return data<AddAnswer>({ ok: true, message: 'Item added to cart' }, { headers });
}

/** The shop out of reach: the button says so instead of the page turning into an error. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<AddAnswer> {
  try {
    return await serverAction();
  } catch {
    return { ok: false, message: LOAD_FAILURE.unreachable };
  }
}

/** Nothing to show here: a visit goes to the cart. */
export function loader() {
  return redirect('/cart');
}
