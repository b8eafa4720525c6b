import { Link, useFetcher } from 'react-router';
import type { Answer } from '../../lib/answer';
import { useHydrated } from '../../lib/use-hydrated';

interface AddToCartProps {
  productId: number;
  /** The chosen finish; empty when the product offers none. */
  finish: string;
  quantity: number;
  inStock: boolean;
  /** The finishes of this product already in the visitor's cart, as the page's loader read them. */
  finishesInCart: string[];
  /** The product page, whose action adds to the cart. */
  action: string;
}

/**
 * ADD TO CART, which becomes a disabled ADDED TO CART once this product in this finish is in the cart.
 * Another finish of the same product is another line, so choosing it offers the button again. The add is a
 * fetcher posting to the product page's action; the page's loaders then read the cart again (button and badge).
 * A refused add (or the shop out of reach, which the page's client action answers) is said beside the button,
 * in the page, until the next try: the button is usable again at once.
 */
export function AddToCartButton({ productId, finish, quantity, inStock, finishesInCart, action }: AddToCartProps) {
  // The page's action answers; its client action announces each answer as it arrives.
  const fetcher = useFetcher<Answer>({ key: `add-to-cart-${productId}` });
  const busy = fetcher.state !== 'idle';
  // The page's scripts start after its first paint: until then a tap would do nothing, so the button says so.
  const hydrated = useHydrated();

  const added = finishesInCart.some((f) => f.toLowerCase() === finish.toLowerCase());
  const refused = !busy && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;

  function add() {
    void fetcher.submit({ product_id: productId, quantity, finish }, { method: 'post', action });
  }

  if (!inStock) {
    return (
      <button type="button" className="btn-primary h-12 min-w-52" disabled>
        SOLD OUT
      </button>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="button" className="btn-primary h-12 min-w-52" disabled={!hydrated || added || busy} onClick={add} aria-busy={busy}>
        {added ? 'ADDED TO CART' : 'ADD TO CART'}
      </button>
      {added ? (
        <Link to="/cart" className="text-sm font-semibold text-teak-700 underline underline-offset-4 hover:text-teak-900">
          View cart
        </Link>
      ) : null}
      {refused ? (
        <p role="alert" className="w-full text-sm text-red-800">
          {refused}
        </p>
      ) : null}
    </div>
  );
}
