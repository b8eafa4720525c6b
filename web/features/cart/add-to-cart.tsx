import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api';
import { LOAD_FAILURE } from '../../lib/load-failure';
import { useHydrated } from '../../lib/use-hydrated';
import { CART_CHANGED_EVENT, addToCart, fetchCart, isProductInCart } from './cart-api';
import { useToast } from './toast';

interface AddToCartProps {
  productId: number;
  /** The chosen finish; empty when the product offers none. */
  finish: string;
  quantity: number;
  inStock: boolean;
}

/**
 * ADD TO CART, which becomes a disabled ADDED TO CART once this product in this finish is in the cart.
 * Another finish of the same product is another line, so choosing it offers the button again.
 */
export function AddToCartButton({ productId, finish, quantity, inStock }: AddToCartProps) {
  const [lines, setLines] = useState<{ productId: number; finish: string }[]>([]);
  const [busy, setBusy] = useState(false);
  const { toast, notify } = useToast();
  // The page's scripts start after its first paint: until then a tap would do nothing, so the button says so.
  const hydrated = useHydrated();

  useEffect(() => {
    const controller = new AbortController();
    const load = () => {
      // Asking for the whole cart only when the product is in it spares a new visitor a 404 for a cart not yet made.
      isProductInCart(productId, controller.signal)
        .then((inCart) => (inCart ? fetchCart(controller.signal) : null))
        .then((cart) => setLines(cart ? cart.items.map((i) => ({ productId: i.product.id, finish: i.finish })) : []))
        // The button still works without knowing the cart; the server adds to an existing line.
        .catch(() => undefined);
    };
    load();
    window.addEventListener(CART_CHANGED_EVENT, load);
    return () => {
      controller.abort();
      window.removeEventListener(CART_CHANGED_EVENT, load);
    };
  }, [productId]);

  const added = lines.some((l) => l.productId === productId && l.finish === finish);

  async function add() {
    setBusy(true);
    try {
      const item = await addToCart(productId, quantity, finish);
      setLines((ls) => [...ls, { productId: item.product.id, finish: item.finish }]);
      notify('Item added to cart');
    } catch (err) {
      // The visitor is told why (the server's sentence, or that the shop could not be reached); the button
      // stays available for another try.
      notify(err instanceof ApiError ? err.detail : LOAD_FAILURE.unreachable, 'error');
    } finally {
      setBusy(false);
    }
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
      <button type="button" className="btn-primary h-12 min-w-52" disabled={!hydrated || added || busy} onClick={() => void add()} aria-busy={busy}>
        {added ? 'ADDED TO CART' : 'ADD TO CART'}
      </button>
      {added ? (
        <Link to="/cart" className="text-sm font-semibold text-teak-700 underline underline-offset-4 hover:text-teak-900">
          View cart
        </Link>
      ) : null}
      {toast}
    </div>
  );
}
