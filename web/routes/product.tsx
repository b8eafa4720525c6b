import { useState } from 'react';
import { Link, data, type ShouldRevalidateFunction } from 'react-router';
import { CART_QUANTITY_MAX } from '../../contract/cart-values';
import { formatINR, formatRupees } from '../../contract/format';
import { imageSources } from '../../contract/media';
import { PageLoadError } from '../components/ui/load-error';
import { metaWithoutData } from '../components/ui/not-found';
import { Stars } from '../components/ui/card-marks';
import { toast } from '../components/ui/toast';
import { DimensionsDrawing } from '../features/catalog/dimensions-drawing';
import { FinishPicker } from '../features/catalog/finish-picker';
import { LeadTime, StockedFinishNote } from '../features/catalog/lead-time';
import { MAIN_SIZES, ProductGallery } from '../features/catalog/product-gallery';
import { ProductGrid, toCard } from '../features/catalog/product-card';
import { AddToCartButton } from '../features/cart/add-to-cart';
import { PincodeCheck } from '../features/delivery/pincode-check';
import { reviewsJsonLd } from '../features/reviews/json-ld';
import { ReviewsBlock, reviewsQueryOf } from '../features/reviews/reviews-block';
import { SaveHeart } from '../components/ui/card-marks';
import type { PincodeAnswer } from '../lib/pincode-answer';
import { FORM_PAGE_REFERRER } from '../lib/form-page';
import { LOAD_FAILURE } from '../lib/load-failure';
import { addToCart, type AddAnswer } from '../lib/cart.server';
import { checkPincode, rememberedEstimate } from '../lib/delivery.server';
import { dispatch, done, failed, refusal, type IntentArgs } from '../lib/form.server';
import { loadSection } from '../lib/load.server';
import { changedNothing } from '../lib/unchanged';
import { breadcrumbs, publicUrlOf, seo } from '../lib/seo';
import { useHydrated } from '../lib/use-hydrated';
import type { Route } from './+types/product';
import { keptLoader, type Kept } from '../lib/kept.server';

/** The same for every shopper with the same facts: kept and stitched for a shopper (server/stitch.ts). */
export const handle = { shell: true };

export const loader = keptLoader(async ({ params, request, context }: Kept<Route.LoaderArgs>) => {
  const { catalog } = context.services;
  // Only a product that does not exist is Page Not Found; a failed load is the page's error state.
  const loaded = await loadSection(context, 'products', () => catalog.getProduct(params.slug), { notFound: '404' });
  if (!loaded.ok) throw data(null, { status: 503 });
  const product = loaded.data;
  const [related, finishesInCart, delivery, reviews] = await Promise.all([
    loadSection(context, 'products', () => catalog.relatedProducts(product, 8)),
    context.shopper.finishesInCart(product.id),
    rememberedEstimate(request, context, { product: product.slug }),
    // Published reviews only: the page is the same for every shopper, and dropped when one is published, hidden or answered.
    loadSection(context, 'products', () =>
      context.services.reviews.forProduct(product.slug, reviewsQueryOf(new URL(request.url)), { lastPageAtMost: true, product }),
    ),
  ]);
  return {
    product,
    related: related.ok ? related.data.map(toCard) : [],
    finishesInCart,
    delivery,
    reviews: reviews.ok ? reviews.data : null,
  };
});

/**
 * ADD TO CART posts here (web/features/cart/add-to-cart.tsx): the current page's own action, always at hand;
 * and the pincode check (intent "pincode"), which answers with the delivery to that pincode and remembers it.
 */
export async function action(args: Route.ActionArgs) {
  return dispatch(args, { 'add-to-cart': add, pincode, helpful }, { fallback: 'add-to-cart' });
}

/** A reader marks a published review helpful (once); the count shows when the kept pages are next dropped (decision 0050). */
async function helpful({ context, formData }: IntentArgs<Route.ActionArgs>) {
  if (!context.user) return failed('helpful', 401, 'Log in to mark a review as helpful.', {}, { logIn: true as const });
  const id = Number(formData.get('review'));
  if (!Number.isInteger(id) || id <= 0) return failed('helpful', 400, 'Choose a review.');
  try {
    await context.services.reviews.helpful(context.user.id, id);
  } catch (err) {
    return refusal('helpful', err);
  }
  return done('helpful', { message: 'Thank you: marked as helpful.' }, { unchanged: true as const });
}

function add({ request, context, formData }: IntentArgs<Route.ActionArgs>) {
  return addToCart(request, context, formData);
}

function pincode({ params, context, formData }: IntentArgs<Route.ActionArgs>) {
  return checkPincode(formData, context, { product: params.slug });
}

/**
 * The shop out of reach: the form that was posted (ADD TO CART, the pincode check, "Helpful") gets the
 * unreachable sentence as its answer, and the page stays as it was.
 */
export async function clientAction({ serverAction, request }: Route.ClientActionArgs): Promise<AddAnswer | PincodeAnswer> {
  const form = await request.clone().formData();
  const intent = form.get('intent');
  const pincode = form.get('pincode');
  let answer: AddAnswer | PincodeAnswer;
  try {
    answer = await serverAction();
  } catch {
    const message = LOAD_FAILURE.unreachable;
    answer =
      intent === 'pincode'
        ? { intent, ok: false, message, pincode: typeof pincode === 'string' ? pincode : '', estimate: null, unchanged: true }
        : { intent: intent === 'helpful' ? intent : 'add-to-cart', ok: false, message, unchanged: true };
  }
  // Each add and each "Helpful" is announced once, as it arrives (two finishes added in a row are two toasts); a
  // refusal, or the shop out of reach, is said beside its button instead (web/features/cart/add-to-cart.tsx,
  // web/features/reviews/reviews-block.tsx). The pincode check answers in its box.
  if (answer.message && answer.ok && (answer.intent === 'helpful' || answer.intent === 'add-to-cart')) toast(answer.message, 'success');
  return answer;
}

/** After an action that changed nothing (a refused ADD TO CART, the shop out of reach) or a pincode check, nothing is read again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  changedNothing(actionResult) || isPincodeAnswer(actionResult) ? false : defaultShouldRevalidate;

/** A pincode check answers with its own estimate: the page need not ask the delivery service a second time. */
function isPincodeAnswer(actionResult: unknown): boolean {
  return typeof actionResult === 'object' && actionResult !== null && 'intent' in actionResult && actionResult.intent === 'pincode';
}

export const meta: Route.MetaFunction = ({ data: d, matches, error }) => {
  if (!d) return metaWithoutData(error);
  const { product } = d;
  const publicUrl = publicUrlOf(matches);
  const path = `/product/${product.slug}`;
  const preload = imageSources(product.image);
  return [
    ...(preload
      ? [
          {
            tagName: 'link',
            rel: 'preload',
            as: 'image',
            href: preload.src,
            imageSrcSet: preload.avif,
            imageSizes: MAIN_SIZES,
            type: 'image/avif',
            fetchPriority: 'high',
          },
        ]
      : []),
    ...seo({
      title: product.name,
      description: product.description.slice(0, 160),
      path,
      publicUrl,
      image: product.image,
      type: 'product',
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: product.name,
          description: product.description,
          sku: product.slug,
          image: product.images.map((i) => `${publicUrl}${i.image}`),
          category: product.category.name,
          brand: { '@type': 'Brand', name: 'Teakwood Studio' },
          ...reviewsJsonLd(d.reviews),
          offers: {
            '@type': 'Offer',
            url: `${publicUrl}${path}`,
            priceCurrency: 'INR',
            price: product.price.toFixed(2),
            availability: product.in_stock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
          },
        },
        breadcrumbs(publicUrl, [
          { name: 'Home', path: '/' },
          { name: product.category.name, path: `/Category/${product.category.slug}` },
          { name: product.name, path },
        ]),
      ],
    }),
    // The pincode check is posted to this page without scripts too: the browser must send its origin.
    FORM_PAGE_REFERRER,
  ];
};

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, related, finishesInCart, delivery, reviews } = loaderData;
  // The quantity's buttons are the page's script: until it runs they wait, as ADD TO CART does.
  const hydrated = useHydrated();
  const [finish, setFinish] = useState(product.finishes[0] ?? '');
  const [quantity, setQuantity] = useState(1);
  // The first picture shows the piece in the chosen finish, when there is one of it.
  const finishImage = product.finish_images.find((f) => f.finish === finish)?.image;
  const galleryImages = product.images.map((i, n) => (n === 0 && finishImage ? finishImage : i.image));
  const dims = product.dimensions;
  const dimensionRows = (
    [
      ['Length', dims.length],
      ['Breadth', dims.breadth],
      ['Height', dims.height],
    ] as const
  ).filter(([, v]) => v !== undefined);

  return (
    <>
      <div className="container-page py-10">
        <nav aria-label="Breadcrumb" className="mb-6 text-sm text-teak-700">
          <ol className="flex flex-wrap gap-2">
            <li>
              <Link to="/" className="hover:text-teak-900">
                Home
              </Link>
            </li>
            <li aria-hidden>/</li>
            <li>
              <Link to={`/Category/${product.category.slug}`} className="hover:text-teak-900">
                {product.category.name}
              </Link>
            </li>
            <li aria-hidden>/</li>
            <li aria-current="page" className="text-teak-900">
              {product.name}
            </li>
          </ol>
        </nav>
        {/* min-w-0: a wide row inside a column must not stretch the whole column past the screen. */}
        <div className="grid gap-10 lg:grid-cols-[1.2fr_1fr] [&>*]:min-w-0">
          <ProductGallery images={galleryImages} name={product.name} caption={finishImage ? `in ${finish}` : undefined} />
          <div>
            <p className="text-sm font-semibold tracking-wide text-teak-700 uppercase">
              <Link to={`/Category/${product.category.slug}`}>{product.category.name}</Link>
            </p>
            <h1 className="mt-2 text-3xl leading-tight text-teak-900 sm:text-4xl">{product.name}</h1>
            <div className="mt-3 flex flex-wrap items-center gap-3">
              <Stars rating={product.ratings} />
              <span className="text-sm text-teak-700">{product.ratings.toFixed(1)}</span>
              {product.review_count > 0 ? (
                <a href="#reviews" className="text-sm text-teak-700 underline underline-offset-4">
                  {product.review_count} {product.review_count === 1 ? 'review' : 'reviews'}
                </a>
              ) : null}
              {product.customizable ? (
                <span className="rounded-full bg-leaf/10 px-3 py-1 text-xs font-semibold tracking-wider text-leaf">CUSTOMIZE</span>
              ) : null}
            </div>
            <div className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2">
              <p className="text-3xl font-semibold text-ink">
                {formatRupees(product.price)}
                <span className="sr-only"> ({formatINR(product.price)})</span>
              </p>
              {product.in_stock ? <LeadTime product={product} finish={finish} /> : null}
            </div>
            <p className="mt-1 text-sm text-teak-700">Inclusive of GST. Delivery is charged by pincode and weight.</p>
            <FinishPicker finishes={product.finishes} value={finish} onChange={setFinish} />
            {product.in_stock ? <StockedFinishNote product={product} /> : null}
            <div className="mt-6 flex flex-wrap items-end gap-4">
              <div>
                <label htmlFor="quantity" className="text-sm font-semibold text-teak-900">
                  Quantity
                </label>
                <div className="mt-2 flex items-center rounded-full border border-teak-200 bg-white">
                  <button
                    type="button"
                    aria-label="Decrease quantity"
                    disabled={!hydrated || quantity <= 1}
                    onClick={() => setQuantity((q) => Math.max(1, q - 1))}
                    className="h-11 w-11 rounded-full text-lg disabled:opacity-30"
                  >
                    −
                  </button>
                  <input
                    id="quantity"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={CART_QUANTITY_MAX}
                    value={quantity}
                    onChange={(e) => {
                      const n = Math.floor(Number(e.target.value));
                      if (Number.isFinite(n) && n >= 1) setQuantity(Math.min(CART_QUANTITY_MAX, n));
                    }}
                    className="w-12 [appearance:textfield] bg-transparent text-center [&::-webkit-inner-spin-button]:appearance-none"
                  />
                  <button
                    type="button"
                    aria-label="Increase quantity"
                    disabled={!hydrated || quantity >= CART_QUANTITY_MAX}
                    onClick={() => setQuantity((q) => Math.min(CART_QUANTITY_MAX, q + 1))}
                    className="h-11 w-11 rounded-full text-lg disabled:opacity-30"
                  >
                    +
                  </button>
                </div>
              </div>
              <AddToCartButton
                productId={product.id}
                finish={finish}
                quantity={quantity}
                inStock={product.in_stock}
                finishesInCart={finishesInCart}
                action={`/product/${product.slug}`}
              />
              <SaveHeart slug={product.slug} finish={finish} name={product.name} />
            </div>
            <PincodeCheck
              action={`/product/${product.slug}`}
              remembered={delivery}
              noScriptAnswer={actionData && 'estimate' in actionData ? actionData : undefined}
            />
            {product.customizable ? (
              <p className="mt-4">
                <Link to={`/request-quote?product=${encodeURIComponent(product.slug)}`} className="btn-secondary">
                  Request in your size
                </Link>
              </p>
            ) : null}
            <p className="mt-4 text-sm text-teak-800">
              Want it in another size or finish?{' '}
              <Link
                to={`/book-consultation?product=${encodeURIComponent(product.slug)}`}
                className="font-semibold text-teak-700 underline underline-offset-4"
              >
                Book a consultation
              </Link>
            </p>
            {dimensionRows.length ? (
              <section className="below-fold mt-8 [--fold-height:480px]" aria-labelledby="dimensions">
                <h2 id="dimensions" className="font-sans text-sm font-semibold tracking-wide text-teak-900 uppercase">
                  Dimensions
                </h2>
                <dl className="mt-3 grid grid-cols-3 gap-3">
                  {dimensionRows.map(([label, value]) => (
                    <div key={label} className="rounded-2xl bg-white p-3 text-center ring-1 ring-teak-200/60">
                      <dt className="text-xs text-teak-600">{label}</dt>
                      <dd className="font-semibold text-teak-900">{value} cm</dd>
                    </div>
                  ))}
                </dl>
                <DimensionsDrawing dimensions={dims} />
              </section>
            ) : null}
            <section className="below-fold mt-8 [--fold-height:200px]" aria-labelledby="description">
              <h2 id="description" className="font-sans text-sm font-semibold tracking-wide text-teak-900 uppercase">
                Description
              </h2>
              <p className="mt-3 leading-relaxed whitespace-pre-line text-teak-900">{product.description}</p>
            </section>
          </div>
        </div>
      </div>
      {reviews ? <ReviewsBlock slug={product.slug} name={product.name} page={reviews} /> : null}
      {related.length ? (
        <section className="below-fold container-page mt-8" aria-labelledby="related">
          <h2 id="related" className="text-3xl text-teak-900">
            Related Products
          </h2>
          <div className="mt-6">
            <ProductGrid products={related} columns="2-4" />
          </div>
        </section>
      ) : null}
    </>
  );
}

/** A product that could not be loaded (not a missing one, which is Page Not Found): the spec's message, in the layout. */
export function ErrorBoundary() {
  return <PageLoadError title="Product" message={LOAD_FAILURE.products} />;
}
