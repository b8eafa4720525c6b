import type { AppLoadContext } from 'react-router';
import { newCartCode } from '../../contract/cart-values';
import { savedInputSchema } from '../../contract/reviews';
import { guestCartCode, keepGuestCartCode } from './cart.server';
import { done, failed, refusal, type IntentArgs } from './form.server';

// A shopper's saved pieces: as the saved page and the hearts (web/routes/saved-slugs.ts) change them, and as every
// heart of a page reads them.

type Owner = { userId: number } | { guestCode: string };

/**
 * A code made by this request's save, for its own loader: a heart posted without scripts lands on this page,
 * whose list is read in the same request, before the browser has the cookie.
 */
const madeThisRequest = new WeakMap<AppLoadContext, string>();

/**
 * Whose saved pieces: a signed-in user's (a visitor's pieces still under this browser's cart code join them), or
 * the visitor's by her cart code. `create`: a visitor without a code gets one (with an empty cart, as ADD TO CART
 * would make), kept in the same cookie, so that her pieces move to her account when she logs in.
 */
export async function ownerOf(request: Request, context: AppLoadContext, create: boolean): Promise<{ owner: Owner | null; headers: Headers }> {
  const headers = new Headers();
  const code = (await guestCartCode(request, context)) ?? madeThisRequest.get(context) ?? null;
  if (context.user) {
    if (code) await context.services.saved.mergeGuest(code, context.user.id);
    return { owner: { userId: context.user.id }, headers };
  }
  if (code) return { owner: { guestCode: code }, headers };
  if (!create) return { owner: null, headers };
  const made = newCartCode();
  await context.services.cart.resolveCart(made, null, true);
  headers.append('set-cookie', await keepGuestCartCode(context, made));
  madeThisRequest.set(context, made);
  return { owner: { guestCode: made }, headers };
}

/** What a heart's press (or the saved page) posts: an action's arguments with the form read. */
type HeartArgs = IntentArgs<{ request: Request; context: AppLoadContext }>;

export async function save({ request, context, formData }: HeartArgs) {
  const parsed = savedInputSchema.safeParse({ product: formData.get('product'), finish: formData.get('finish') ?? '' });
  if (!parsed.success) return failed('save', 400, parsed.error.issues[0]?.message ?? 'Name the piece to save.');
  try {
    const { owner, headers } = await ownerOf(request, context, true);
    const piece = await context.services.saved.save(owner!, parsed.data);
    return done('save', { message: `${piece.product.name} is saved.`, headers });
  } catch (err) {
    return refusal('save', err);
  }
}

/** A filled heart pressed again: the piece leaves the saved pieces, in whichever finishes it was kept. */
export async function unsave({ request, context, formData }: HeartArgs) {
  const product = formData.get('product');
  if (typeof product !== 'string' || !product.trim() || product.length > 200) return failed('unsave', 400, 'Name the piece to remove.');
  try {
    const { owner } = await ownerOf(request, context, false);
    if (!owner) return failed('unsave', 404, 'This saved piece was not found.');
    await context.services.saved.remove(owner, { product: product.trim(), everyFinish: true });
    return done('unsave', { message: 'Removed from your saved pieces.' });
  } catch (err) {
    return refusal('unsave', err);
  }
}

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
