import { Form, Link, useActionData, useNavigation } from 'react-router';
import { formatRupees } from '../../contract/format';
import type { SavedPiece } from '../../contract/reviews';
import { FormAlert } from '../components/ui/field';
import { addToCart } from '../lib/cart.server';
import { FORM_PAGE_REFERRER } from '../lib/form-page';
import { dispatch, done, failed, refusal, type IntentArgs } from '../lib/form.server';
import { ownerOf, save, unsave } from '../lib/saved.server';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/saved';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({ title: 'Saved pieces', description: 'The pieces you keep for later.', path: '/saved', publicUrl: publicUrlOf(matches), noindex: true }),
  FORM_PAGE_REFERRER,
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { owner } = await ownerOf(request, context, false);
  return { pieces: owner ? await context.services.saved.list(owner) : [], signedIn: !!context.user };
}

export async function action(args: Route.ActionArgs) {
  return dispatch(args, { save, unsave, remove, move }, { fallback: 'save' });
}

async function remove({ request, context, formData }: IntentArgs<Route.ActionArgs>) {
  const id = Number(formData.get('id'));
  if (!Number.isInteger(id) || id <= 0) return failed('remove', 400, 'Choose a saved piece to remove.');
  try {
    const { owner } = await ownerOf(request, context, false);
    if (!owner) return failed('remove', 404, 'This saved piece was not found.');
    await context.services.saved.remove(owner, { id });
    return done('remove', { message: 'Removed from your saved pieces.' });
  } catch (err) {
    return refusal('remove', err);
  }
}

/** Moves a saved piece into the cart (one, in its finish): it leaves the saved pieces once it is in the cart. */
async function move({ request, context, formData }: IntentArgs<Route.ActionArgs>) {
  const id = Number(formData.get('id'));
  const { owner } = await ownerOf(request, context, false);
  const piece = owner ? (await context.services.saved.list(owner)).find((p) => p.id === id) : undefined;
  if (!owner || !piece) return failed('move', 404, 'This saved piece was not found.');
  const line = new FormData();
  line.set('product_id', String(piece.product.id));
  line.set('quantity', '1');
  if (piece.finish) line.set('finish', piece.finish);
  const added = await addToCart(request, context, line);
  if (!added.data.ok) return failed('move', added.init?.status ?? 400, added.data.message ?? 'The piece could not be added to the cart.');
  await context.services.saved.remove(owner, { id });
  return done('move', { message: `${piece.product.name} is in your cart.`, headers: new Headers(added.init?.headers) });
}

function PieceRow({ piece }: { piece: SavedPiece }) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  return (
    <li className="flex flex-wrap gap-4 rounded-2xl bg-white p-4 ring-1 ring-teak-200/60">
      {piece.product.image ? (
        <img src={piece.product.image} alt="" width={96} height={96} className="h-24 w-24 rounded-xl object-cover" />
      ) : (
        <span className="h-24 w-24 rounded-xl bg-teak-100" aria-hidden />
      )}
      <div className="grid min-w-0 flex-1 content-start gap-1">
        <Link to={`/product/${piece.product.slug}`} className="font-semibold text-teak-900 underline-offset-4 hover:underline">
          {piece.product.name}
        </Link>
        {piece.finish ? <p className="text-sm text-teak-700">Finish: {piece.finish}</p> : null}
        <p className="font-semibold text-ink">{formatRupees(piece.product.price)}</p>
        <p className="text-sm text-teak-700">{piece.product.in_stock ? piece.product.lead_time : 'Not available at the moment'}</p>
        <div className="mt-2 flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="id" value={piece.id} />
            <button
              type="submit"
              className="btn-primary"
              disabled={busy || !piece.product.in_stock}
              aria-label={`Move ${piece.product.name} to the cart`}
            >
              Move to cart
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="id" value={piece.id} />
            <button type="submit" className="btn-secondary" disabled={busy} aria-label={`Remove ${piece.product.name} from saved pieces`}>
              Remove
            </button>
          </Form>
        </div>
      </div>
    </li>
  );
}

export default function SavedPage({ loaderData }: Route.ComponentProps) {
  const { pieces, signedIn } = loaderData;
  const answer = useActionData<typeof action>();
  return (
    <div className="container-page max-w-3xl py-10 sm:py-14">
      <h1 className="text-3xl text-teak-900 sm:text-4xl">Saved pieces</h1>
      {!signedIn ? (
        <p className="mt-3 text-teak-800">
          Your saved pieces are kept in this browser.{' '}
          <Link to="/login?next=/saved" className="underline">
            Log in
          </Link>{' '}
          to keep them with your account.
        </p>
      ) : null}
      {answer?.message ? (
        <div className="mt-4">
          <FormAlert message={answer.message} tone={answer.ok ? 'success' : 'error'} />
        </div>
      ) : null}
      {pieces.length === 0 ? (
        <p className="mt-6 text-teak-800">
          Nothing saved yet. Press Save on a piece you like to keep it here.{' '}
          <Link to="/shop" className="underline">
            Browse the shop
          </Link>
        </p>
      ) : (
        <ul className="mt-6 grid gap-3" aria-label="Saved pieces">
          {pieces.map((p) => (
            <PieceRow key={p.id} piece={p} />
          ))}
        </ul>
      )}
    </div>
  );
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}
