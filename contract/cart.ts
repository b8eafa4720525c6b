import { strictObject, z } from './zod';
import { productSchema } from './catalog';
import { CART_CODE_MESSAGE, CART_CODE_PATTERN, CART_QUANTITY_MAX, QUANTITY_MESSAGE, SHIPPING_METHODS } from './cart-values';

export * from './cart-values';

export const cartCodeSchema = z.string({ message: CART_CODE_MESSAGE }).regex(CART_CODE_PATTERN, CART_CODE_MESSAGE);

/** Accepts 3 and "3" (query strings, older clients) but never 2.5, 0 or 21. */
export const quantitySchema = z.coerce
  .number({ message: QUANTITY_MESSAGE })
  .int(QUANTITY_MESSAGE)
  .min(1, QUANTITY_MESSAGE)
  .max(CART_QUANTITY_MAX, QUANTITY_MESSAGE);

const idSchema = (what: string) =>
  z.coerce
    .number({ message: `Give a valid ${what} id.` })
    .int(`Give a valid ${what} id.`)
    .positive(`Give a valid ${what} id.`);

export const cartItemSchema = z
  .object({
    id: z.number().int(),
    product: productSchema,
    quantity: z.number().int(),
    finish: z.string().describe('One of the product finishes; empty when the product has none'),
    image: z.string().nullable().describe('The picture of the piece in the chosen finish, or its main picture'),
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

/** A badge's question: with `missing=zero`, no open cart is a count of 0 (200) rather than a 404 (which browsers log as an error). */
export const cartStatusQuerySchema = z.object({
  cart_code: cartCodeSchema,
  missing: z.enum(['zero']).optional().describe('zero: answer 200 with id null and number_of_items 0 when there is no open cart'),
});
export const emptyCartStatusSchema = z.object({ id: z.null(), cart_code: z.string(), number_of_items: z.literal(0) });

export const productInCartQuerySchema = z.object({ cart_code: cartCodeSchema, product_id: idSchema('product') });
export const cartCodeQuerySchema = z.object({ cart_code: cartCodeSchema });

export const addItemSchema = strictObject({
  cart_code: cartCodeSchema,
  product_id: idSchema('product'),
  quantity: quantitySchema.optional(),
  finish: z.string().trim().max(100, 'Choose one of the finishes offered.').optional(),
});

export const updateQuantitySchema = strictObject({
  item_id: idSchema('cart item'),
  quantity: quantitySchema,
  cart_code: cartCodeSchema.optional(),
});

export const deleteCartItemSchema = strictObject({
  item_id: idSchema('cart item'),
  cart_code: cartCodeSchema.optional(),
});

export const shippingOptionSchema = z
  .object({ id: z.enum(SHIPPING_METHODS), label: z.string(), price: z.number().describe('Rupees') })
  .meta({ id: 'ShippingOption' });

export type CartItem = z.infer<typeof cartItemSchema>;
export type Cart = z.infer<typeof cartSchema>;
export type CartStatus = z.infer<typeof cartStatusSchema>;
export type AddItemInput = z.infer<typeof addItemSchema>;
