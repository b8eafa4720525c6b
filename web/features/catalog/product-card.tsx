import { Link } from 'react-router';
import type { Product } from '../../../contract/catalog';
import { formatRupees } from '../../../contract/format';
import { PRODUCT_FALLBACK_IMAGE, siteImageUrl } from '../../../contract/site-images';
import { Picture } from '../../components/ui/picture';

/** What a product card shows: loaders send only this, not descriptions and galleries, to keep pages light. */
export type CardProduct = Pick<Product, 'id' | 'slug' | 'name' | 'price' | 'image' | 'in_stock' | 'newin'> & {
  category: Pick<Product['category'], 'name'>;
};

export function toCard(p: Product): CardProduct {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    price: p.price,
    image: p.image,
    in_stock: p.in_stock,
    newin: p.newin,
    category: { name: p.category.name },
  };
}

export function ProductCard({ product }: { product: CardProduct }) {
  return (
    <Link to={`/product/${product.slug}`} className="card-link">
      <div className="card-picture">
        <Picture src={product.image} fallback={siteImageUrl(PRODUCT_FALLBACK_IMAGE)} alt={product.name} variant={640} className="card-photo" />
        {!product.in_stock ? <span className="tag-sold">Sold out</span> : product.newin ? <span className="tag-new">New</span> : null}
      </div>
      <div className="card-body">
        <p className="card-eyebrow">{product.category.name}</p>
        <h3 className="card-title">{product.name}</h3>
        <p className="card-price">{formatRupees(product.price)}</p>
      </div>
    </Link>
  );
}

/** Product cards in 2, 3 then 4 columns (the spec's listing grids); `columns="2-4"` for 2 then 4. */
export function ProductGrid({ products, columns = '2-3-4' }: { products: CardProduct[]; columns?: '2-3-4' | '2-4' }) {
  const grid = columns === '2-4' ? 'grid-cols-2 md:grid-cols-4' : 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-4';
  return (
    <ul className={`grid gap-3 sm:gap-4 ${grid}`}>
      {products.map((p) => (
        <li key={p.id}>
          <ProductCard product={p} />
        </li>
      ))}
    </ul>
  );
}
