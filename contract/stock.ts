import { CART_QUANTITY_MAX } from './cart';

export interface StockFields {
  inStock: boolean;
  stockKind: 'made_to_order' | 'ready_stock';
  stockQuantity: number;
  reservedQuantity: number;
}

/**
 * Pieces a buyer may take now. A product off sale has none. A made-to-order piece is made after the
 * order, so it has no stock limit (a cart line's own cap still applies). Ready stock is what is on the
 * shelf less the pieces held for buyers who are paying (see decision 0010).
 */
export function availableStock(p: StockFields): number {
  if (!p.inStock) return 0;
  if (p.stockKind === 'made_to_order') return CART_QUANTITY_MAX;
  return Math.max(p.stockQuantity - p.reservedQuantity, 0);
}
