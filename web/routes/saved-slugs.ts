import type { Route } from './+types/saved-slugs';
import { guestCartCode } from '../lib/cart.server';

/**
 * Which pieces this shopper has saved, as slugs: what the hearts on kept pages ask after hydration (decision 0050).
 * Kept pages are the same for every shopper, so they draw each heart neutral and fill it from this small answer.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const headers = { 'cache-control': 'private, no-store' };
  const code = context.user ? null : await guestCartCode(request, context);
  const owner = context.user ? { userId: context.user.id } : code ? { guestCode: code } : null;
  const pieces = owner ? await context.services.saved.list(owner) : [];
  return Response.json({ slugs: [...new Set(pieces.map((p) => p.product.slug))] }, { headers });
}
