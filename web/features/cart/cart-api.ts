import type { Cart, CartItem } from '../../../contract/cart';
import { ApiError, CART_CODE_KEY, api, getCartCode } from '../../lib/api';

/** Told to the header's badge (and any other cart view) after every change to the cart. */
export const CART_CHANGED_EVENT = 'cart:changed';

export function announceCartChanged(): void {
  window.dispatchEvent(new Event(CART_CHANGED_EVENT));
}

/**
 * The server may answer with another code than the one sent: a logged-in user's open cart follows them,
 * and a guest cart is merged into it. Keeping the server's code makes later calls name that cart.
 */
function adopt(code: string): void {
  try {
    if (code && window.localStorage.getItem(CART_CODE_KEY) !== code) window.localStorage.setItem(CART_CODE_KEY, code);
  } catch {
    // Blocked storage: the next page load creates a fresh code, which is all a guest can have anyway.
  }
}

/** The visitor's open cart, or null when there is none yet (the server answers 404 for an unknown code). */
export async function fetchCart(signal?: AbortSignal): Promise<Cart | null> {
  try {
    const cart = await api<Cart>('/api/get_cart/', { query: { cart_code: getCartCode() }, signal });
    adopt(cart.cart_code);
    return cart;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** The spec's cheap check; unlike get_cart it answers 200 for a code with no cart yet. */
export async function isProductInCart(productId: number, signal?: AbortSignal): Promise<boolean> {
  const answer = await api<{ product_in_cart: boolean }>('/api/product_in_cart/', {
    query: { cart_code: getCartCode(), product_id: productId },
    signal,
  });
  return answer.product_in_cart;
}

export async function addToCart(productId: number, quantity: number, finish: string): Promise<CartItem> {
  const answer = await api<{ data: CartItem }>('/api/add_item/', {
    method: 'POST',
    json: { cart_code: getCartCode(), product_id: productId, quantity, ...(finish ? { finish } : {}) },
  });
  announceCartChanged();
  return answer.data;
}

export async function updateQuantity(itemId: number, quantity: number): Promise<CartItem> {
  const answer = await api<{ data: CartItem }>('/api/update_quantity/', {
    method: 'PATCH',
    json: { item_id: itemId, quantity, cart_code: getCartCode() },
  });
  announceCartChanged();
  return answer.data;
}

export async function removeItem(itemId: number): Promise<void> {
  await api('/api/delete_cartitem/', { method: 'DELETE', json: { item_id: itemId, cart_code: getCartCode() } });
  announceCartChanged();
}
