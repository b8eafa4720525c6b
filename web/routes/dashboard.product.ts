import { data } from 'react-router';
import type { Product } from '../../contract/catalog';
import { isNotFound } from '../lib/load.server';
import { requireUser } from '../lib/guards.server';
import type { Route } from './+types/dashboard.product';

/** What the editor gets: the whole product, or the sentence it shows instead of the form. */
export type ProductRecord = { product: Product; message: null } | { product: null; message: string };

/** The spec's sentence for an admin product read that failed without a reason of its own. */
export const PRODUCT_READ_FAILURE = 'Failed to fetch products';

/**
 * The whole product, every field the editor shows, read when the owner presses Edit in the list (a fetcher; a
 * resource route: data only). The list itself carries only its rows (decision 0058). The owner's own read,
 * not the shared, cacheable `/api/products/<slug>/`: the editor must show what was last saved. A visitor is
 * sent to log in, as everywhere in the panel; a signed-in customer gets 403 and a missing product 404, each with
 * a sentence, never the panel's error page.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  if (!user.isSuperuser) return data<ProductRecord>({ product: null, message: 'Only the shop’s administrators can do this.' }, { status: 403 });
  try {
    return data<ProductRecord>({ product: await context.services.catalog.getProduct(params.slug), message: null });
  } catch (err) {
    if (isNotFound(err)) return data<ProductRecord>({ product: null, message: 'This product is no longer in the catalogue.' }, { status: 404 });
    context.log.error({ err, section: 'product' }, 'an admin product could not be read');
    return data<ProductRecord>({ product: null, message: PRODUCT_READ_FAILURE }, { status: 500 });
  }
}
