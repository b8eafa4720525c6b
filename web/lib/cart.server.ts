import { createCookie, type AppLoadContext } from 'react-router';
import { addItemSchema, type Cart } from '../../contract/cart';
import { CART_CODE_PATTERN, newCartCode } from '../../contract/cart-values';
import type { Answer } from './answer';
import { checkForm, done, failed, isShopError } from './form.server';
import { isNotFound } from './load.server';

/** A guest's cart is kept for a month of visits; a signed-in user's cart follows the account instead. */
const CART_COOKIE_MAX_AGE = 60 * 60 * 24 * 30;

/**
 * The guest's cart code, in an HttpOnly cookie the server reads for every page (loaders and actions know the
 * visitor's cart, so the first HTML has the right badge) and no script can read. Made on the first ADD TO CART,
 * merged into the user's cart and cleared at log-in. A signed-in user never gets one: the cart service finds
 * their one open cart by the account.
 */
const cookies = {
  plain: createCookie('cart_code', { httpOnly: true, sameSite: 'lax', secure: false, path: '/', maxAge: CART_COOKIE_MAX_AGE }),
  secure: createCookie('cart_code', { httpOnly: true, sameSite: 'lax', secure: true, path: '/', maxAge: CART_COOKIE_MAX_AGE }),
};

function cartCookie(context: AppLoadContext) {
  return context.services.config.publicUrl.startsWith('https://') ? cookies.secure : cookies.plain;
}

/** The guest cart code this browser carries, or null. */
export async function guestCartCode(request: Request, context: AppLoadContext): Promise<string | null> {
  const value: unknown = await cartCookie(context).parse(request.headers.get('cookie'));
  return typeof value === 'string' && CART_CODE_PATTERN.test(value) ? value : null;
}

/** The `Set-Cookie` that gives this browser its guest cart code. */
export function keepGuestCartCode(context: AppLoadContext, code: string): Promise<string> {
  return cartCookie(context).serialize(code);
}

/** The `Set-Cookie` that drops the guest cart code (merged into the user's cart, or gone). */
export function dropGuestCartCode(context: AppLoadContext): Promise<string> {
  return cartCookie(context).serialize('', { maxAge: 0, expires: new Date(0) });
}

/**
 * The code a read names the visitor's cart with: the guest's cookie (null: no cart yet); for a signed-in user a
 * code that names no cart, so that the service answers with their own open cart and a read never merges.
 */
export async function cartCodeForReading(request: Request, context: AppLoadContext): Promise<string | null> {
  return context.user ? newCartCode() : guestCartCode(request, context);
}

/** The visitor's open cart, or null when there is none (a failure of the shop is thrown). */
export async function readCart(request: Request, context: AppLoadContext): Promise<Cart | null> {
  const code = await cartCodeForReading(request, context);
  if (!code) return null;
  try {
    return await context.services.cart.getCart(code, context.user);
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

/**
 * The number of pieces in the visitor's cart, for the header's badge on every page. A failure is logged and
 * counts as 0: the badge never takes a page down with it.
 */
export async function cartCount(request: Request, context: AppLoadContext): Promise<number> {
  if (context.shell) return context.shell.cartCount;
  try {
    const code = await cartCodeForReading(request, context);
    if (!code) return 0;
    return (await context.services.cart.statusOrEmpty(code, context.user)).number_of_items;
  } catch (err) {
    context.log.error({ err }, 'the cart badge could not be counted');
    return 0;
  }
}

/**
 * At log-in: the guest cart of this browser goes into the user's cart (the cart service merges a guest cart
 * the first time the user names it) and the cookie is dropped. A failed merge keeps the cookie, so the next
 * change of the cart merges it instead.
 */
export async function mergeGuestCart(request: Request, context: AppLoadContext, userId: number): Promise<string | null> {
  const code = await guestCartCode(request, context);
  if (!code) return null;
  try {
    // The pieces she saved as a visitor live with the same code (decision 0050): they move to her account too.
    await context.services.saved.mergeGuest(code, userId);
    await context.services.cart.resolveCart(code, { id: userId }, false);
    return await dropGuestCartCode(context);
  } catch (err) {
    context.log.error({ err }, 'the guest cart could not be merged at log-in');
    return null;
  }
}

/** The sentence a visitor reads when the shop itself failed: the details go to the log only. */
export const SHOP_FAILED = 'Something went wrong on our side. Please try again.';

/**
 * What an action answers for an error of a service: one of the shop's errors keeps its status and sentence (a
 * 404 for another user's line, a 409 for stock); anything else is logged and becomes a 500 with a plain sentence.
 */
export function failureOf(
  context: AppLoadContext,
  err: unknown,
  what: string,
): { status: number; message: string; code?: string; facts?: Record<string, unknown> } {
  if (isShopError(err) && err.status < 500) return { status: err.status, message: err.detail, code: err.code, facts: err.facts };
  context.log.error({ err }, what);
  return { status: 500, message: SHOP_FAILED };
}

/**
 * The finishes of a product already in the visitor's cart (ADD TO CART shows ADDED TO CART for them). The
 * product page stays up when the cart cannot be read: the failure is logged and the button offers the add.
 */
export async function finishesInCartOf(request: Request, context: AppLoadContext, productId: number): Promise<string[]> {
  if (context.shell) return context.shell.finishesInCart;
  try {
    const code = await cartCodeForReading(request, context);
    if (!code || !(await context.services.cart.productInCart(code, productId, context.user))) return [];
    const cart = await readCart(request, context);
    return (cart?.items ?? []).filter((i) => i.product.id === productId).map((i) => i.finish);
  } catch (err) {
    context.log.error({ err }, 'the cart could not be read for the product page');
    return [];
  }
}

const addSchema = addItemSchema.omit({ cart_code: true });

/** What ADD TO CART is answered: the spec's toast, or why not (and that nothing changed). */
export type AddAnswer = Answer;

/**
 * ADD TO CART (the product page's action, posted by its fetcher): the visitor's cart is the one the server
 * knows, the signed-in user's open cart or the guest's cookie cart, made (and the cookie set) on the first add.
 * The page's loaders run again afterwards, so the header's badge and the button's ADDED TO CART follow.
 */
export async function addToCart(request: Request, context: AppLoadContext, formData: FormData) {
  const submission = checkForm(formData, addSchema);
  if (submission.status !== 'success') {
    const first = Object.values(submission.error ?? {}).flat()[0];
    return failed('add-to-cart', 400, first ?? 'Choose a finish and a quantity.');
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
    return failed('add-to-cart', failure.status, failure.message);
  }
  const headers = new Headers();
  // A guest keeps the code of the cart just made; a signed-in user's guest cart was merged by this add.
  if (!user && code !== fromCookie) headers.append('set-cookie', await keepGuestCartCode(context, code));
  if (user && fromCookie) headers.append('set-cookie', await dropGuestCartCode(context));
  return done('add-to-cart', { message: 'Item added to cart', headers });
}
