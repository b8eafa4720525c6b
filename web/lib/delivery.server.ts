import type { AppLoadContext } from 'react-router';
import { PINCODE_PATTERN, pincodeSchema, type DeliveryEstimate } from '../../contract/delivery';
import { done, failed } from './form.server';
import { rememberedPincode, rememberPincode } from './pincode.server';

/**
 * The delivery estimate for the pincode this browser remembers (for one product, or for the visitor's cart),
 * or null when none is remembered. A failure is logged and shows as no estimate: a page never goes down with it.
 */
export async function rememberedEstimate(
  request: Request,
  context: Pick<AppLoadContext, 'services' | 'log' | 'shell'>,
  of: { product?: string; cartCode?: string } = {},
): Promise<DeliveryEstimate | null> {
  const pincode = await rememberedPincode(request, context);
  if (!pincode) return null;
  try {
    return await context.services.delivery.estimate({ pincode, productSlug: of.product, cartCode: of.cartCode });
  } catch (err) {
    context.log.error({ err }, 'a delivery estimate could not be made');
    return null;
  }
}

/**
 * A pincode check posted by a page (the product page's fetcher form, or a plain POST without scripts): the
 * contract's schema first (a malformed pincode is a 400 with its sentence, nothing remembered), then the
 * delivery service's estimate, and the pincode is remembered for the next pages and the address form.
 */
export async function checkPincode(formData: FormData, context: AppLoadContext, of: { product?: string; cartCode?: string } = {}) {
  const typed = formData.get('pincode');
  const pincode = typeof typed === 'string' ? typed.trim() : '';
  const parsed = pincodeSchema.safeParse(pincode);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Enter a 6-digit pincode.';
    return failed('pincode', 400, message, {}, { pincode, estimate: null });
  }
  const estimate = await context.services.delivery.estimate({ pincode: parsed.data, productSlug: of.product, cartCode: of.cartCode });
  const headers = { 'set-cookie': await rememberPincode(context, parsed.data) };
  return done('pincode', { headers }, { pincode: parsed.data, estimate });
}

/**
 * The delivery of the visitor's cart at the checkout: the pincode remembered (checked on a product page, in
 * the cart, or typed in the address form) and the estimate of the cart to it and to each saved address's
 * pincode, so the summary and every address say the charge and the window the order will get.
 */
export async function checkoutDelivery(
  request: Request,
  context: AppLoadContext,
  cart: { cart_code: string; items: unknown[] } | null,
  addresses: { postal_code: string }[],
): Promise<{ pincode: string | null; quotes: Record<string, DeliveryEstimate> }> {
  const pincode = await rememberedPincode(request, context);
  const quotes: Record<string, DeliveryEstimate> = {};
  if (!cart || cart.items.length === 0) return { pincode, quotes };
  const wanted = new Set([pincode, ...addresses.map((a) => a.postal_code)].filter((p): p is string => p !== null && PINCODE_PATTERN.test(p)));
  await Promise.all(
    [...wanted].map(async (p) => {
      try {
        quotes[p] = await context.services.delivery.estimate({ pincode: p, cartCode: cart.cart_code });
      } catch (err) {
        context.log.error({ err }, 'a delivery estimate of the cart could not be made');
      }
    }),
  );
  return { pincode, quotes };
}
