import { productIdOf, readPersonal } from '../lib/personal.server';
import type { Route } from './+types/personal';

/**
 * The personal answer of a page served from a shopper's shell (server/page-cache.ts): who is signed in, the
 * cart's count and, for a product page (`?path=/product/<slug>`), that product's finishes in the cart and the
 * remembered pincode's delivery window. Read from the shopper's own cookies; never kept by any cache.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).searchParams.get('path') ?? '';
  const slug = /^\/product\/([^/?#]+)$/i.exec(path)?.[1];
  const product = slug ? await productIdOf(context, decodeURIComponent(slug)) : null;
  const personal = await readPersonal(request, context, product);
  return Response.json(personal, { headers: { 'cache-control': 'private, no-store', vary: 'Cookie' } });
}
