/** Plain values of the cart contract, free of schema code so pages can import them without zod. */

/** The most of one product and finish a cart line may hold; made-to-order furniture is not bought by the pallet. */
export const CART_QUANTITY_MAX = 20;
export const CART_CODE_PATTERN = /^[A-Za-z0-9]{10,64}$/;
export const CART_CODE_MESSAGE = 'A cart code is 10 to 64 letters and digits.';
export const QUANTITY_MESSAGE = `Quantity must be a whole number from 1 to ${CART_QUANTITY_MAX}.`;

export const SHIPPING_METHODS = ['standard', 'express'] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

export interface ShippingOption {
  id: ShippingMethod;
  label: string;
  /** Rupees. */
  price: number;
}

/** Prices in rupees; the server is the authority (it prices every order from these). */
export const SHIPPING_OPTIONS: readonly ShippingOption[] = [
  { id: 'standard', label: 'Standard Delivery', price: 500 },
  { id: 'express', label: 'Express Delivery', price: 1000 },
];

/** A long random cart code (the spec's 10 characters are too guessable for a cart that holds an address step). */
export function newCartCode(length = 32): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  // 62 does not divide 256; rejecting the top values keeps every character equally likely.
  let out = '';
  for (const b of bytes) {
    if (b < 248) out += alphabet[b % 62];
  }
  return out.length >= length ? out.slice(0, length) : out + newCartCode(length - out.length);
}
