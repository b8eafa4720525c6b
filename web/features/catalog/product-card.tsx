import { Link } from 'react-router';
import type { Product } from '../../../contract/catalog';
import { formatRupees } from '../../../contract/format';
import { Picture } from '../../components/ui/picture';

const CARD_SIZES = '(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw';

export function ProductCard({ product }: { product: Product }) {
  return (
    <Link
      to={`/product/${product.slug}`}
      className="group block h-full overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-teak-200/60 transition hover:shadow-md"
    >
      <div className="relative overflow-hidden">
        <Picture
          src={product.image}
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
      <div className="p-4">
        <p className="text-xs font-medium tracking-wide text-teak-700 uppercase">{product.category.name}</p>
        <h3 className="mt-1 font-display text-lg leading-snug text-teak-900">{product.name}</h3>
        <p className="mt-2 font-semibold text-ink">{formatRupees(product.price)}</p>
      </div>
    </Link>
  );
}

export function ProductGrid({ products }: { products: Product[] }) {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
      {products.map((p) => (
        <li key={p.id}>
          <ProductCard product={p} />
        </li>
      ))}
    </ul>
  );
}
