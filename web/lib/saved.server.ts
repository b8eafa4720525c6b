import type { AppLoadContext } from 'react-router';
import { guestCartCode } from './cart.server';

/**
 * The pieces this shopper has saved, by slug (decision 0050), for every heart of the page, in the first HTML: on
 * a kept page the host's fact (`context.shell.savedSlugs`), otherwise hers (a signed-in user's, a visitor's by her
 * cart code), read as the kept pages read it (kept in memory until one of hers changes). Null when they cannot be
 * read: the failure is logged, and the hearts are drawn neutral rather than empty.
 */
export async function savedSlugsOf(request: Request, context: AppLoadContext): Promise<string[] | null> {
  if (context.shell) return context.shell.savedSlugs;
  try {
    const code = context.user ? null : await guestCartCode(request, context);
    return (await context.services.shopperFacts.saved(code, context.user)).slugs;
  } catch (err) {
    context.log.error({ err }, 'the saved pieces could not be read for the hearts');
    return null;
  }
}
