import { useCallback, useEffect, useState } from 'react';
import type { Cart, CartItem } from '../../../contract/cart';
import { CART_QUANTITY_MAX } from '../../../contract/cart-values';
import { ApiError } from '../../lib/api';
import { CART_CHANGED_EVENT, fetchCart, removeItem, updateQuantity } from './cart-api';

export type CartState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; cart: Cart | null };

/** The open cart of this visitor, kept in step with changes made here, in the header or in another tab. */
export function useCart() {
  const [state, setState] = useState<CartState>({ status: 'loading' });
  const [pending, setPending] = useState<Set<number>>(new Set());
  const [lineError, setLineError] = useState<{ itemId: number; message: string } | null>(null);

  const reload = useCallback(async () => {
    try {
      const cart = await fetchCart();
      setState({ status: 'ready', cart });
    } catch (err) {
      setState({ status: 'error', message: err instanceof ApiError ? err.detail : 'We could not load your cart.' });
    }
  }, []);

  useEffect(() => {
    void reload();
    const onChanged = () => void reload();
    window.addEventListener(CART_CHANGED_EVENT, onChanged);
    return () => window.removeEventListener(CART_CHANGED_EVENT, onChanged);
  }, [reload]);

  const track = (itemId: number, on: boolean) =>
    setPending((set) => {
      const next = new Set(set);
      if (on) next.add(itemId);
      else next.delete(itemId);
      return next;
    });

  const setQuantity = useCallback(async (item: CartItem, quantity: number) => {
    // The spec ignores changes below 1 (removing is its own button); the cap keeps orders sane.
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > CART_QUANTITY_MAX || quantity === item.quantity) return;
    setLineError(null);
    track(item.id, true);
    try {
      // The change announces itself, and the announcement reloads the cart with the server's totals.
      await updateQuantity(item.id, quantity);
    } catch (err) {
      setLineError({ itemId: item.id, message: err instanceof ApiError ? err.detail : 'We could not change the quantity.' });
    } finally {
      track(item.id, false);
    }
  }, []);

  const remove = useCallback(async (item: CartItem) => {
    setLineError(null);
    track(item.id, true);
    try {
      await removeItem(item.id);
    } catch (err) {
      setLineError({ itemId: item.id, message: err instanceof ApiError ? err.detail : 'We could not remove this item.' });
    } finally {
      track(item.id, false);
    }
  }, []);

  return { state, reload, setQuantity, remove, pending, lineError };
}
