import { z } from './zod';
import { productSchema } from './catalog';

/** The most of one product and finish a cart line may hold; made-to-order furniture is not bought by the pallet. */
export const CART_QUANTITY_MAX = 20;
export const CART_CODE_PATTERN = /^[A-Za-z0-9]{10,64}$/;
export const CART_CODE_MESSAGE = 'A cart code is 10 to 64 letters and digits.';
export const QUANTITY_MESSAGE = `Quantity must be a whole number from 1 to ${CART_QUANTITY_MAX}.`;

export const cartCodeSchema = z
  .string({ message: CART_CODE_MESSAGE })
  .regex(CART_CODE_PATTERN, CART_CODE_MESSAGE);

/** Accepts 3 and "3" (query strings, older clients) but never 2.5, 0 or 21. */
export const quantitySchema = z.coerce
  .number({ message: QUANTITY_MESSAGE })
  .int(QUANTITY_MESSAGE)
  .min(1, QUANTITY_MESSAGE)
  .max(CART_QUANTITY_MAX, QUANTITY_MESSAGE);

const idSchema = (what: string) =>
  z.coerce.number({ message: `Give a valid ${what} id.` }).int(`Give a valid ${what} id.`).positive(`Give a valid ${what} id.`);

export const cartItemSchema = z
  .object({
    id: z.number().int(),
    product: productSchema,
    quantity: z.number().int(),
    finish: z.string().describe('One of the product finishes; empty when the product has none'),
    total: z.number().describe('Rupees: unit price × quantity'),
  })
  .meta({ id: 'CartItem' });

export const cartSchema = z
  .object({
    id: z.number().int(),
    cart_code: z.string(),
    items: z.array(cartItemSchema),
    sum_of_items: z.number().describe('Rupees: sum of the line totals, without shipping'),
    num_of_items: z.number().int().describe('Sum of quantities'),
  })
  .meta({ id: 'Cart' });

export const cartStatusSchema = z.object({
  id: z.number().int(),
  cart_code: z.string(),
  number_of_items: z.number().int().describe('Sum of quantities of the open cart'),
});

export const productInCartQuerySchema = z.object({ cart_code: cartCodeSchema, product_id: idSchema('product') });
export const cartCodeQuerySchema = z.object({ cart_code: cartCodeSchema });

export const addItemSchema = z.object({
  cart_code: cartCodeSchema,
  product_id: idSchema('product'),
  quantity: quantitySchema.optional(),
  finish: z.string().trim().max(100, 'Choose one of the finishes offered.').optional(),
});

export const updateQuantitySchema = z.object({
  item_id: idSchema('cart item'),
  quantity: quantitySchema,
  cart_code: cartCodeSchema.optional(),
});

export const deleteCartItemSchema = z.object({
  item_id: idSchema('cart item'),
  cart_code: cartCodeSchema.optional(),
});

export const SHIPPING_METHODS = ['standard', 'express'] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

export const shippingOptionSchema = z
  .object({ id: z.enum(SHIPPING_METHODS), label: z.string(), price: z.number().describe('Rupees') })
  .meta({ id: 'ShippingOption' });

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

export type CartItem = z.infer<typeof cartItemSchema>;
export type Cart = z.infer<typeof cartSchema>;
export type CartStatus = z.infer<typeof cartStatusSchema>;
export type ShippingOption = z.infer<typeof shippingOptionSchema>;
export type AddItemInput = z.infer<typeof addItemSchema>;
