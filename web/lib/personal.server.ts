import type { AppLoadContext } from 'react-router';
import { cartCount, finishesInCartOf } from './cart.server';
import { rememberedEstimate } from './delivery.server';
import { isNotFound } from './load.server';
import type { Personal } from './personal';

/** A product's id and slug for its personal lines, or null when there is no such product. */
export async function productIdOf(context: AppLoadContext, slug: string): Promise<{ id: number; slug: string } | null> {
  try {
    const product = await context.services.catalog.getProduct(slug);
    return { id: product.id, slug: product.slug };
  } catch (err) {
    if (isNotFound(err)) return null;
    context.log.error({ err }, 'the product of a personal answer could not be read');
    return null;
  }
}

/**
 * What is this shopper's on a page: the profile's public fields, the cart's count and, for a product, its
 * finishes already in the cart and the remembered pincode's delivery window. Each part that fails is logged
 * and left neutral (no count, no window), as the pages do.
 */
export async function readPersonal(request: Request, context: AppLoadContext, product: { id: number; slug: string } | null): Promise<Personal> {
  const user = context.user ? context.services.accounts.profile(context.user) : null;
  const [count, finishes, delivery] = await Promise.all([
    cartCount(request, context),
    product ? finishesInCartOf(request, context, product.id) : Promise.resolve([]),
    product ? rememberedEstimate(request, context, { product: product.slug }) : Promise.resolve(null),
  ]);
  return {
    user,
    cartCount: count,
    ...(product ? { product: { slug: product.slug, finishesInCart: finishes, delivery } } : {}),
  };
}
