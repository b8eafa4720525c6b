import type { Product } from '../../../contract/catalog';

/** What the owner's list says of how a product is sold (see StockFact). */
export type ProductStock = Pick<Product, 'on_sale' | 'stock_kind' | 'in_stock' | 'stock_quantity' | 'available_quantity'>;

/**
 * One row of the owner's product list: only what the row shows. The editor reads the whole product when Edit
 * is pressed (`/dashboard/products/<slug>`), so a page of 50 rows does not carry 50 descriptions, picture lists
 * and shipping figures in its loader data (decision 0058).
 */
export interface ProductRow extends ProductStock {
  slug: string;
  name: string;
  /** The first picture; the row draws its smallest variant. */
  image: string | null;
  /** Rupees. */
  price: number;
  /** The category's name, with the subcategory's after it when it has one. */
  place: string;
}

export function toProductRow(p: Product): ProductRow {
  return {
    slug: p.slug,
    name: p.name,
    image: p.image,
    price: p.price,
    place: p.subcategory ? `${p.category.name} › ${p.subcategory.name}` : p.category.name,
    on_sale: p.on_sale,
    stock_kind: p.stock_kind,
    in_stock: p.in_stock,
    stock_quantity: p.stock_quantity,
    available_quantity: p.available_quantity,
  };
}
