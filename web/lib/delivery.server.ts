import { data, type AppLoadContext } from 'react-router';
import { pincodeSchema, type DeliveryEstimate } from '../features/delivery/estimate';
import type { PincodeAnswer } from '../features/delivery/pincode-check';
import { rememberedPincode, rememberPincode } from './pincode.server';

/**
 * The delivery estimate for the pincode this browser remembers (for one product, or for the visitor's cart),
 * or null when none is remembered. A failure is logged and shows as no estimate: a page never goes down with it.
 */
export async function rememberedEstimate(
  request: Request,
  context: AppLoadContext,
  of: { product?: string } = {},
): Promise<DeliveryEstimate | null> {
  const pincode = await rememberedPincode(request, context);
  if (!pincode) return null;
  try {
    return await context.services.delivery.estimate({ pincode, product: of.product });
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
export async function checkPincode(formData: FormData, context: AppLoadContext, of: { product?: string } = {}) {
  const typed = formData.get('pincode');
  const pincode = typeof typed === 'string' ? typed.trim() : '';
  const parsed = pincodeSchema.safeParse(pincode);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Enter a 6-digit pincode.';
    return data<PincodeAnswer>({ intent: 'pincode', ok: false, pincode, message, unchanged: true }, { status: 400 });
  }
  const estimate = await context.services.delivery.estimate({ pincode: parsed.data, product: of.product });
  return data<PincodeAnswer>(
    { intent: 'pincode', ok: true, estimate },
    { headers: { 'set-cookie': await rememberPincode(context, parsed.data) } },
  );
}
