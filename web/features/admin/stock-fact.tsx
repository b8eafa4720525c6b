import type { ProductStock } from './product-rows';

/** How a product is sold, as the owner reads it in the list: made to order, counted pieces, sold out or off sale. */
export function StockFact({ product: p }: { product: ProductStock }) {
  if (!p.on_sale) return <span className="font-semibold whitespace-nowrap text-red-800">Off sale</span>;
  if (p.stock_kind === 'made_to_order') return <span className="whitespace-nowrap">Made to order</span>;
  if (!p.in_stock) return <span className="font-semibold whitespace-nowrap text-red-800">Sold out</span>;
  const held = p.available_quantity === null ? 0 : p.stock_quantity - p.available_quantity;
  return <span className="whitespace-nowrap">{`${p.stock_quantity} in stock${held > 0 ? `, ${held} held` : ''}`}</span>;
}
