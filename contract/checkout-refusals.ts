import type { ShippingMethod } from './cart-values';
import { formatPaise } from './format';

/**
 * Refusals of `create_order` that a page acts on rather than only shows, told by their machine-readable
 * `code` (HTTP 409 each) and the facts that come with it. Free of schema code, so pages import it without zod;
 * `contract/orders.ts` has the answer's schema (`checkoutConflictSchema`).
 *
 * - `cart_paid`: the cart was paid already (another tab, another device): the order that paid it, and no retry.
 * - `method_not_offered`: the delivery method asked for is not offered at the address's pincode (decision 0046):
 *   the method that is, with its figures, so the page shows it before asking again.
 * - `price_changed`: the total sent is not what the cart costs now (the owner changed the rate table, the buyer
 *   typed another pincode, a price changed): the new figures, so the page shows them before asking again.
 */
export const CART_PAID = 'cart_paid' as const;
export const PRICE_CHANGED = 'price_changed' as const;
export const METHOD_NOT_OFFERED = 'method_not_offered' as const;

export interface CartPaidFacts {
  /** The order that paid the cart, TW-… */
  order_number: string;
  order_id: number;
}

export interface PriceChangedFacts {
  shipping_method: ShippingMethod;
  /** The pincode delivery was priced to, null without an address (the flat rates). */
  pincode: string | null;
  subtotal_paise: number;
  shipping_paise: number;
  total_paise: number;
  /** The total that was sent, as the buyer saw it. */
  shown_paise: number;
}

export interface MethodNotOfferedFacts {
  /** The method asked for, not offered there. */
  shipping_method: ShippingMethod;
  pincode: string;
  /** The method offered instead, and the figures with it. */
  offered_method: ShippingMethod;
  subtotal_paise: number;
  shipping_paise: number;
  total_paise: number;
}

const METHOD_NAMES: Record<ShippingMethod, string> = { standard: 'Standard Delivery', express: 'Express Delivery' };

/** "Express Delivery is not offered to 600020. Standard Delivery there is ₹500.00, so the total is ₹9,499.00. Nothing was charged." */
export function methodNotOfferedMessage(f: MethodNotOfferedFacts): string {
  return `${METHOD_NAMES[f.shipping_method]} is not offered to ${f.pincode}. ${METHOD_NAMES[f.offered_method]} there is ${money(f.shipping_paise)}, so the total is ${money(f.total_paise)}. Nothing was charged.`;
}

/** What a second tab (or the API) asking to pay a cart already paid is told. */
export const cartPaidMessage = (number: string) => `This cart was paid in order ${number}; see your order.`;

const money = (paise: number) => formatPaise(paise, { decimals: 'always' });

/** "The price changed since it was shown: delivery to 682001 is now ₹1,500.00, so the total is ₹51,499.00, not ₹50,499.00. Nothing was charged." */
export function priceChangedMessage(f: PriceChangedFacts): string {
  const to = f.pincode ? ` to ${f.pincode}` : '';
  return `The price changed since it was shown: delivery${to} is now ${money(f.shipping_paise)}, so the total is ${money(f.total_paise)}, not ${money(f.shown_paise)}. Nothing was charged.`;
}

/** A refusal a page acts on, as the checkout's action hands it to the page. */
export type CheckoutRefusal =
  | ({ code: typeof CART_PAID } & CartPaidFacts)
  | ({ code: typeof PRICE_CHANGED } & PriceChangedFacts)
  | ({ code: typeof METHOD_NOT_OFFERED } & MethodNotOfferedFacts);

/** The refusal a thrown shop error carries, when it is one of these. */
export function checkoutRefusalOf(err: { code?: unknown; facts?: unknown } | null | undefined): CheckoutRefusal | null {
  if (!err || typeof err.facts !== 'object' || err.facts === null) return null;
  if (err.code === CART_PAID) return { code: CART_PAID, ...(err.facts as CartPaidFacts) };
  if (err.code === PRICE_CHANGED) return { code: PRICE_CHANGED, ...(err.facts as PriceChangedFacts) };
  if (err.code === METHOD_NOT_OFFERED) return { code: METHOD_NOT_OFFERED, ...(err.facts as MethodNotOfferedFacts) };
  return null;
}
