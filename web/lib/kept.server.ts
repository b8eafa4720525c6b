import { keptLoaders, type Kept, type KeptPageContext } from '../../server/page/kept-context';
import { cartCount, finishesInCartOf } from './cart.server';
import { savedSlugsOf } from './saved.server';

export type { Kept, KeptPageContext };

/**
 * The loader of a page kept for shoppers (`handle.shell`) and of every layout above one (decision 0056): it reads
 * her facts (`context.shopper`, `context.shell`), and `context.user` does not compile. Outside a render kept for
 * shoppers her facts are read for the request's own browser, as every page reads them.
 * A test over the routes (web/kept-loaders.test.ts) refuses a kept route whose loader is not made with it.
 */
export const keptLoader = keptLoaders((request, context) => ({
  profile: () => (context.user ? context.services.accounts.profile(context.user) : null),
  cartCount: () => cartCount(request, context),
  finishesInCart: (productId) => finishesInCartOf(request, context, productId),
  savedSlugs: () => savedSlugsOf(request, context),
}));
