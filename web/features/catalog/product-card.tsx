import { Link, useLocation, useNavigation } from 'react-router';
import type { Product } from '../../../contract/catalog';
import { formatRupees } from '../../../contract/format';
import { leadTimeText } from '../../../contract/lead-time';
import { PRODUCT_FALLBACK_IMAGE, siteImageUrl } from '../../../contract/site-images';
import { Picture } from '../../components/ui/picture';
import { SaveHeart, Stars } from '../../components/ui/card-marks';
import { useDiscover } from '../../lib/use-hydrated';

/**
 * What a product card shows: loaders send only this, not descriptions and galleries, to keep pages light. The
 * category is its name; the tag is 'Sold out' for a piece out of stock, else 'New' for a new one, else absent;
 * `lead` is when a piece that can be bought leaves the workshop ("Made to order · ships in 6–10 weeks").
 */
export type CardProduct = Pick<Product, 'slug' | 'name' | 'price' | 'image'> & {
  category: string;
  tag?: 'New' | 'Sold out';
  lead?: string;
  ready?: boolean;
  /** Once buyers' reviews are published: their average (to a half) and how many (decision 0050). */
  stars?: { rating: number; count: number };
};

export function toCard(p: Product): CardProduct {
  const card: CardProduct = { slug: p.slug, name: p.name, price: p.price, image: p.image, category: p.category.name };
  if (p.review_count > 0) card.stars = { rating: p.ratings, count: p.review_count };
  if (!p.in_stock) card.tag = 'Sold out';
  else {
    if (p.newin) card.tag = 'New';
    card.lead = leadTimeText(p);
    if (p.stock_kind === 'ready_stock') card.ready = true;
  }
  return card;
}

/**
 * A product's card. Its parts are styled by their place in the card (`product-card` in app.css: the picture's
 * frame, then the category, name and price), so forty cards do not repeat five class names each. The heart
 * that saves the piece sits on its picture, beside the link (a form cannot be inside a link): every card that
 * shows a product carries one (decision 0050), filled or empty in the first HTML; `lateHeart` (the home page's
 * cards, whose HTML is held under 60 KB): in the first HTML only when she has saved a piece, otherwise drawn empty
 * once the page is live.
 */
export function ProductCard({ product, lateHeart = false }: { product: CardProduct; lateHeart?: boolean }) {
  const link = (
    <Link to={`/product/${product.slug}`} className="product-card" discover={useDiscover()}>
      <div>
        <Picture src={product.image} fallback={siteImageUrl(PRODUCT_FALLBACK_IMAGE)} alt={product.name} variant={640} className="card-photo" />
        {product.tag ? <span className={product.tag === 'New' ? 'tag-new' : 'tag-sold'}>{product.tag}</span> : null}
      </div>
      <div>
        <p>{product.category}</p>
        <h3>{product.name}</h3>
        {product.stars ? (
          <span className="flex items-center gap-1 text-xs text-teak-700">
            <Stars rating={product.stars.rating} />({product.stars.count})
          </span>
        ) : null}
        <p>{formatRupees(product.price)}</p>
        {product.lead ? <span className={product.ready ? 'lead-ready' : 'lead-made'}>{product.lead}</span> : null}
      </div>
    </Link>
  );
  if (lateHeart) {
    return (
      <div className="hearted">
        {link}
        <SaveHeart slug={product.slug} name={product.name} late />
      </div>
    );
  }
  return (
    <SaveHeart slug={product.slug} name={product.name}>
      {link}
    </SaveHeart>
  );
}

/** Product cards in 2, 3 then 4 columns (the spec's listing grids); `columns="2-4"` for 2 then 4. */
export function ProductGrid({ products, columns = '2-3-4' }: { products: CardProduct[]; columns?: '2-3-4' | '2-4' }) {
  const grid = columns === '2-4' ? 'grid-cols-2 md:grid-cols-4' : 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-4';
  return (
    <ul className={`grid gap-3 sm:gap-4 ${grid}`}>
      {products.map((p) => (
        <li key={p.slug}>
          <ProductCard product={p} />
        </li>
      ))}
    </ul>
  );
}

/** The spec's text while a page's product list is being read again. */
export const LOADING_PRODUCTS = 'Loading products...';

/**
 * Whether the page's own product list is being read again: a visit to the same page with other filters (the
 * shop's category or order, another collection). The list on screen is then the previous one.
 */
export function useProductsLoading(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  return (
    navigation.state === 'loading' &&
    navigation.location.pathname.toLowerCase() === location.pathname.toLowerCase() &&
    navigation.location.search !== location.search
  );
}
