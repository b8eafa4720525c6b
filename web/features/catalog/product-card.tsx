import { Link } from 'react-router';
import type { Product } from '../../../contract/catalog';
import { formatRupees } from '../../../contract/format';
import { PRODUCT_FALLBACK_IMAGE, siteImageUrl } from '../../../contract/site-images';
import { Picture } from '../../components/ui/picture';

const CARD_SIZES = '(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw';

/** What a product card shows: loaders send only this, not descriptions and galleries, to keep pages light. */
export type CardProduct = Pick<Product, 'id' | 'slug' | 'name' | 'price' | 'image' | 'in_stock' | 'newin' | 'category'>;

export function toCard(p: Product): CardProduct {
  return { id: p.id, slug: p.slug, name: p.name, price: p.price, image: p.image, in_stock: p.in_stock, newin: p.newin, category: p.category };
}

export function ProductCard({ product }: { product: CardProduct }) {
  return (
    <Link
      to={`/product/${product.slug}`}
      className="group block h-full overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-teak-200/60 transition hover:shadow-md"
    >
      <div className="relative overflow-hidden bg-teak-100">
        <Picture
          src={product.image}
          fallback={siteImageUrl(PRODUCT_FALLBACK_IMAGE)}
          alt={product.name}
          sizes={CARD_SIZES}
          className="aspect-[4/3] w-full object-cover transition duration-500 group-hover:scale-105"
        />
        {!product.in_stock ? (
          <span className="absolute top-3 left-3 rounded-full bg-ink/85 px-3 py-1 text-xs font-semibold text-white">Sold out</span>
        ) : product.newin ? (
          <span className="absolute top-3 left-3 rounded-full bg-white/90 px-3 py-1 text-xs font-semibold text-teak-700">New</span>
        ) : null}
      </div>
      <div className="p-3 sm:p-4">
        <p className="text-xs font-medium tracking-wide text-teak-700 uppercase">{product.category.name}</p>
        <h3 className="mt-1 font-display text-base leading-snug text-teak-900 sm:text-lg">{product.name}</h3>
        <p className="mt-2 font-semibold text-ink">{formatRupees(product.price)}</p>
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
