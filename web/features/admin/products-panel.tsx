import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link, useFetcher } from 'react-router';
import { productFormSchema, type Category, type Product, type StockKind, type Subcategory } from '../../../contract/catalog';
import { PRODUCTION_WEEKS_DEFAULT } from '../../../contract/delivery';
import { formatRupees, typedSum } from '../../../contract/format';
import type { loader as productLoader } from '../../routes/dashboard.product';
import { CatalogueNav } from './admin-panel';
import type { ProductRow } from './product-rows';
import { StockFact } from './stock-fact';
import { CrudLayout, DeleteConfirm, UploadFormPanel, useDeleteConfirm } from './crud';
import { useEditing, useListParams, useUploadForm } from './forms';
import {
  CategoryOptions,
  Checkbox,
  EditableRow,
  Facts,
  ImagePicker,
  ItemList,
  Panel,
  SelectField,
  TextField,
  Thumb,
  dangerButton,
  FormAlert,
  inputClass,
  secondaryButton,
  smallButton,
  thumbUrl,
} from './ui';

const FLAGS = [
  { name: 'trending', label: 'Trending' },
  { name: 'topselling', label: 'Top selling' },
  { name: 'newin', label: 'New in' },
  { name: 'in_stock', label: 'On sale' },
  { name: 'customizable', label: 'Customizable' },
] as const;
type Flag = (typeof FLAGS)[number]['name'];

const DIMENSIONS = [
  { name: 'length', label: 'Length' },
  { name: 'breadth', label: 'Breadth' },
  { name: 'height', label: 'Height' },
] as const;
type Dimension = (typeof DIMENSIONS)[number]['name'];

const PACKED = [
  { name: 'packed_length_cm', key: 'length', label: 'length' },
  { name: 'packed_width_cm', key: 'width', label: 'width' },
  { name: 'packed_height_cm', key: 'height', label: 'height' },
] as const;

// The form also carries the new files and, when editing, which images to remove and in what order the rest go:
// the contract's schema checks the fields it knows and lets those through.
const productSchema = productFormSchema.loose();

interface KeptImage {
  id: number | undefined;
  image: string;
  removed: boolean;
}

function dimensionsObject(d: Record<Dimension, string>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const { name } of DIMENSIONS) if (d[name].trim() !== '') out[name] = Number(d[name]);
  return out;
}

/** The JSON a person may edit by hand, when it parses. */
function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function isDimensions(v: unknown): v is Partial<Record<Dimension, number>> {
  return (
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    Object.entries(v).every(([k, n]) => (k === 'length' || k === 'breadth' || k === 'height') && typeof n === 'number' && n >= 0)
  );
}

/** What the form offers to choose: categories and subcategories by slug and name. */
export type CategoryChoice = Pick<Category, 'slug' | 'name'>;
export type SubcategoryChoice = Pick<Subcategory, 'slug' | 'name'> & { category: { slug: string } };

/** The list's address with its filters, at the page after `after` (the first page: null). */
function pageAddress(params: URLSearchParams, after: number | null): string {
  const next = new URLSearchParams(params);
  if (after === null) next.delete('after');
  else next.set('after', String(after));
  const query = next.toString();
  return query ? `?${query}` : '?';
}

export function ProductsPanel({
  products,
  nextAfter = null,
  paged = false,
  categories,
  subcategories,
  collections,
}: {
  /** The page's rows; the editor reads the whole product when Edit is pressed. */
  products: ProductRow[];
  /** The last product's id when the list goes on past this page. */
  nextAfter?: number | null;
  /** This is a later page than the first. */
  paged?: boolean;
  categories: CategoryChoice[];
  subcategories: SubcategoryChoice[];
  /** The collections a product can be in (id and title). */
  collections: { id: string; title: string }[];
}) {
  const edit = useEditing<ProductRow>();
  const editorRef = useRef<HTMLDivElement>(null);
  const doom = useDeleteConfirm(edit, 'slug');
  const [params, setParams] = useListParams();
  return (
    <>
      <CatalogueNav />
      <CrudLayout
        listTitle="Products"
        columns="xl:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]"
        after={
          <DeleteConfirm
            of={doom}
            title="Delete this product?"
            message={`"${doom.doomed?.name ?? ''}" will be removed from the shop for good. Orders already placed keep their copy.`}
          />
        }
        list={
          <>
            <div className="mb-3 flex flex-wrap gap-2">
              <input
                type="search"
                defaultValue={params.get('search') ?? ''}
                onChange={(e) => setParams({ search: e.target.value.trim(), after: null }, { debounce: true })}
                placeholder="Search products"
                aria-label="Search products"
                className="min-w-48 flex-1 rounded-lg border border-teak-200 bg-white px-3 py-2 text-sm"
              />
              <select
                value={params.get('category') ?? ''}
                onChange={(e) => setParams({ category: e.target.value, after: null })}
                aria-label="Filter products by category"
                className="rounded-lg border border-teak-200 bg-white px-2 py-2 text-sm"
              >
                <CategoryOptions categories={categories} prompt="All categories" />
              </select>
            </div>
            <ItemList
              items={products}
              emptyText="No products match."
              className="max-h-[70vh] divide-y divide-teak-100 overflow-y-auto"
              label="Product list"
              summary={
                <p className="text-xs text-teak-700" aria-live="polite">
                  {products.length} {products.length === 1 ? 'product' : 'products'}
                  {nextAfter !== null || paged ? ' on this page' : ''}
                </p>
              }
            >
              {(p) => (
                <EditableRow
                  key={p.slug}
                  media={<Thumb src={p.image} />}
                  name={p.name}
                  onEdit={() => {
                    edit.toEditMode(p);
                    // On a phone the editor sits below the list: bring it into view while the product loads.
                    editorRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
                  }}
                  onDelete={() => doom.ask(p)}
                  extraActions={
                    <a
                      href={`/product/${p.slug}`}
                      target="_blank"
                      rel="noopener"
                      className={`${secondaryButton} max-sm:hidden`}
                      aria-label={`View ${p.name} in the shop`}
                    >
                      View
                    </a>
                  }
                >
                  <p className="font-semibold text-teak-900">{p.name}</p>
                  <Facts>
                    <span>{p.place}</span>
                    <span className="font-semibold whitespace-nowrap text-teak-900 tabular-nums">{formatRupees(p.price)}</span>
                    <StockFact product={p} />
                  </Facts>
                </EditableRow>
              )}
            </ItemList>
            {nextAfter !== null || paged ? (
              <nav aria-label="Pages of products" className="mt-3 flex flex-wrap gap-2">
                {paged ? (
                  <Link to={pageAddress(params, null)} className={secondaryButton} preventScrollReset>
                    First page
                  </Link>
                ) : null}
                {nextAfter !== null ? (
                  <Link to={pageAddress(params, nextAfter)} className={secondaryButton} preventScrollReset>
                    Next products
                  </Link>
                ) : null}
              </nav>
            ) : null}
          </>
        }
      >
        <div ref={editorRef} className="scroll-mt-20">
          {edit.editing ? (
            <ProductEditor
              key={edit.formKey}
              row={edit.editing}
              categories={categories}
              subcategories={subcategories}
              collections={collections}
              formRef={edit.formRef}
              onDone={edit.toAddMode}
            />
          ) : (
            <ProductForm
              key={edit.formKey}
              product={null}
              categories={categories}
              subcategories={subcategories}
              collections={collections}
              formRef={edit.formRef}
              onDone={edit.toAddMode}
            />
          )}
        </div>
      </CrudLayout>
    </>
  );
}

/**
 * Editing a product chosen in the list: its whole record is read first (the list's rows carry only what they
 * show), so the form opens with every saved field, never empty. Until then the panel says it is loading; a
 * failed read says why, with Try again.
 */
function ProductEditor({
  row,
  categories,
  subcategories,
  collections,
  formRef,
  onDone,
}: {
  row: ProductRow;
  categories: CategoryChoice[];
  subcategories: SubcategoryChoice[];
  collections: { id: string; title: string }[];
  formRef: RefObject<HTMLFormElement | null>;
  onDone: () => void;
}) {
  const fetcher = useFetcher<typeof productLoader>();
  const { load } = fetcher;
  const address = `/dashboard/products/${encodeURIComponent(row.slug)}`;
  useEffect(() => {
    void load(address);
  }, [load, address]);
  const product = fetcher.data?.product ?? null;
  // The first field takes the focus once, when the form first appears (not again when the page's data reloads).
  const focused = useRef(false);
  useEffect(() => {
    if (!product || focused.current) return;
    focused.current = true;
    formRef.current?.querySelector<HTMLElement>('input:not([type=file]), textarea, select')?.focus({ preventScroll: true });
  }, [product, formRef]);
  if (product)
    return (
      <ProductForm
        product={product}
        categories={categories}
        subcategories={subcategories}
        collections={collections}
        formRef={formRef}
        onDone={onDone}
      />
    );
  const failed = fetcher.state === 'idle' && fetcher.data ? fetcher.data.message : null;
  return (
    <Panel title="Edit product">
      <div className="grid gap-4" aria-busy={!failed}>
        <p className="font-semibold text-teak-900">{row.name}</p>
        {failed ? <FormAlert messages={[failed]} /> : <p role="status">Loading...</p>}
        <div className="flex flex-wrap gap-3">
          {failed ? (
            <button type="button" className={secondaryButton} onClick={() => void load(address)}>
              Try again
            </button>
          ) : null}
          <button type="button" className={secondaryButton} onClick={onDone}>
            Cancel
          </button>
        </div>
      </div>
    </Panel>
  );
}

function ProductForm({
  product,
  categories,
  subcategories,
  collections,
  formRef,
  onDone,
}: {
  product: Product | null;
  categories: CategoryChoice[];
  subcategories: SubcategoryChoice[];
  collections: { id: string; title: string }[];
  formRef: RefObject<HTMLFormElement | null>;
  onDone: () => void;
}) {
  const { form, errorsOf, progress } = useUploadForm({
    schema: productSchema,
    path: product ? `/api/products/${product.slug}/` : '/api/products/',
    method: product ? 'PATCH' : 'POST',
    success: product ? 'Product updated successfully' : 'Product created successfully',
    failure: product ? 'Failed to update product' : 'Failed to create product',
    onSaved: onDone,
  });
  const d = (n: number | undefined) => (n === undefined ? '' : String(n));
  const [category, setCategory] = useState(product?.category.slug ?? '');
  // A new piece is made to order unless the owner says it is counted stock: never "in stock" with 0 pieces.
  const [stockKind, setStockKind] = useState<StockKind>(product?.stock_kind ?? 'made_to_order');
  const [flags, setFlags] = useState<Record<Flag, boolean>>({
    trending: product?.trending ?? false,
    topselling: product?.topselling ?? false,
    newin: product?.newin ?? false,
    // The owner's switch, not the computed availability (a sold-out piece stays on sale for restocking).
    in_stock: product?.on_sale ?? true,
    customizable: product?.customizable ?? false,
  });
  const [dims, setDims] = useState<Record<Dimension, string>>({
    length: d(product?.dimensions.length),
    breadth: d(product?.dimensions.breadth),
    height: d(product?.dimensions.height),
  });
  const [finishes, setFinishes] = useState<string[]>(product ? [...product.finishes] : []);
  const [newFinish, setNewFinish] = useState('');
  const [jsonMode, setJsonMode] = useState(false);
  const [dimensionsJson, setDimensionsJson] = useState('');
  const [finishesJson, setFinishesJson] = useState('');
  const [jsonErrors, setJsonErrors] = useState<Partial<Record<'dimensions' | 'finishes', string[]>>>({});
  const [kept, setKept] = useState<KeptImage[]>(product ? product.images.map((i) => ({ id: i.id, image: i.image, removed: false })) : []);

  function toggleJson() {
    if (!jsonMode) {
      setDimensionsJson(JSON.stringify(dimensionsObject(dims), null, 1));
      setFinishesJson(JSON.stringify(finishes));
      setJsonErrors({});
      setJsonMode(true);
      return;
    }
    // Back to the form: carry over what was typed when it is valid, else keep the person in JSON mode.
    const dj = parseJson(dimensionsJson);
    const fj = parseJson(finishesJson);
    const problems: typeof jsonErrors = {};
    if (!dj.ok) problems.dimensions = ['Invalid JSON format'];
    else if (dj.value !== undefined && !isDimensions(dj.value)) problems.dimensions = ['Give length, breadth and height in cm.'];
    if (!fj.ok) problems.finishes = ['Invalid JSON format'];
    else if (fj.value !== undefined && !(Array.isArray(fj.value) && fj.value.every((x) => typeof x === 'string')))
      problems.finishes = ['Give a list of finish names.'];
    setJsonErrors(problems);
    if (Object.keys(problems).length || !dj.ok || !fj.ok) return;
    const parsed = (dj.value ?? {}) as Partial<Record<Dimension, number>>;
    setDims({ length: d(parsed.length), breadth: d(parsed.breadth), height: d(parsed.height) });
    setFinishes((fj.value ?? []) as string[]);
    setJsonMode(false);
  }

  function addFinish() {
    const name = newFinish.trim();
    if (!name) return;
    if (!finishes.some((f) => f.toLowerCase() === name.toLowerCase())) setFinishes([...finishes, name]);
    setNewFinish('');
  }

  function moveImage(index: number, by: -1 | 1) {
    setKept((list) => {
      const next = [...list];
      const target = index + by;
      if (target < 0 || target >= next.length) return list;
      [next[index], next[target]] = [next[target]!, next[index]!];
      return next;
    });
  }

  const errorOf = (name: 'dimensions' | 'finishes') => jsonErrors[name] ?? errorsOf(name);
  return (
    <UploadFormPanel
      form={form}
      formRef={formRef}
      noun="product"
      editing={product !== null}
      progress={progress}
      onCancel={onDone}
      className="grid scroll-mt-20 gap-4"
    >
      <TextField label="Name" name="name" defaultValue={product?.name} errors={errorsOf('name')} maxLength={200} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Price (₹)"
          name="price"
          defaultValue={product ? typedSum(product.price) : ''}
          errors={errorsOf('price')}
          inputMode="decimal"
          hint="In rupees, such as 1,35,000 or 49999.50."
        />
        <SelectField
          label="How it is sold"
          name="stock_kind"
          errors={errorsOf('stock_kind')}
          hint={
            stockKind === 'made_to_order'
              ? 'Made after each order: no stock limit.'
              : 'Counted pieces, ready to ship: it shows as sold out when none are left.'
          }
          value={stockKind}
          onChange={(e) => setStockKind(e.target.value === 'ready_stock' ? 'ready_stock' : 'made_to_order')}
        >
          <option value="made_to_order">Made to order</option>
          <option value="ready_stock">Ready stock (counted)</option>
        </SelectField>
        {stockKind === 'ready_stock' ? (
          <TextField
            label="Pieces in stock"
            name="stock_quantity"
            defaultValue={String(product?.stock_quantity ?? 0)}
            errors={errorsOf('stock_quantity')}
            hint={
              product?.stock_kind === 'ready_stock' && product.available_quantity !== null && product.available_quantity < product.stock_quantity
                ? `${product.stock_quantity - product.available_quantity} held for buyers paying now.`
                : 'With 0 pieces it shows as sold out.'
            }
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
          />
        ) : null}
        <SelectField label="Category" name="category" errors={errorsOf('category')} value={category} onChange={(e) => setCategory(e.target.value)}>
          <CategoryOptions categories={categories} prompt="Choose a category" />
        </SelectField>
        <SelectField
          key={category}
          label="Subcategory"
          name="subcategory"
          errors={errorsOf('subcategory')}
          hint={category ? undefined : 'Choose a category first.'}
          defaultValue={category === product?.category.slug ? (product.subcategory?.slug ?? '') : ''}
          disabled={!category}
        >
          <option value="">No subcategory</option>
          {subcategories
            .filter((s) => s.category.slug === category)
            .map((s) => (
              <option key={s.slug} value={s.slug}>
                {s.name}
              </option>
            ))}
        </SelectField>
        <TextField
          label="Ratings (0 to 5)"
          name="ratings"
          defaultValue={String(product?.ratings ?? 0)}
          errors={errorsOf('ratings')}
          type="number"
          min={0}
          max={5}
          step={0.1}
        />
        <SelectField label="Collection" name="collection" errors={errorsOf('collection')} defaultValue={product?.collection ?? ''}>
          <option value="">None</option>
          {collections.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset className="grid gap-3 rounded-xl p-3 ring-1 ring-teak-200">
        <legend className="px-1 text-sm font-semibold text-teak-900">Shipping</legend>
        <p className="text-xs text-teak-700">
          {stockKind === 'made_to_order'
            ? 'Made to order: the delivery window starts after the production time.'
            : 'Ready to ship: dispatched 1 to 6 days after the order is confirmed.'}{' '}
          The charge beyond the home zone follows the packed weight or volume (L×W×H/5000), whichever is larger
          {product ? `; now charged as ${product.chargeable_weight_kg} kg` : ''}.
        </p>
        {stockKind === 'made_to_order' ? (
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label="Production weeks, from"
              name="production_weeks_min"
              defaultValue={String(product?.production_weeks_min ?? PRODUCTION_WEEKS_DEFAULT.min)}
              errors={errorsOf('production_weeks_min')}
              type="number"
              inputMode="numeric"
              min={1}
              max={52}
            />
            <TextField
              label="Production weeks, to"
              name="production_weeks_max"
              defaultValue={String(product?.production_weeks_max ?? PRODUCTION_WEEKS_DEFAULT.max)}
              errors={errorsOf('production_weeks_max')}
              type="number"
              inputMode="numeric"
              min={1}
              max={52}
            />
          </div>
        ) : null}
        <div className="grid grid-cols-2 items-end gap-3">
          <TextField
            label="Weight (kg)"
            name="shipping_weight_kg"
            defaultValue={product?.shipping_weight_kg ?? ''}
            errors={errorsOf('shipping_weight_kg')}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.1}
          />
          {PACKED.map((d) => (
            <TextField
              key={d.name}
              label={`Packed ${d.label} (cm)`}
              name={d.name}
              defaultValue={product?.packed_size?.[d.key] ?? ''}
              errors={errorsOf(d.name)}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
            />
          ))}
        </div>
      </fieldset>
      <TextField label="Description" name="description" defaultValue={product?.description} errors={errorsOf('description')} rows={4} />
      <fieldset className="flex flex-wrap gap-x-5 gap-y-2">
        <legend className="mb-1 text-sm font-semibold text-teak-900">Shown as</legend>
        {FLAGS.map((f) => (
          <span key={f.name}>
            <input type="hidden" name={f.name} value={String(flags[f.name])} />
            <Checkbox label={f.label} checked={flags[f.name]} onChange={(e) => setFlags({ ...flags, [f.name]: e.target.checked })} />
          </span>
        ))}
      </fieldset>

      <div className="flex items-center justify-between gap-3">
        <span className="text-sm font-semibold text-teak-900">Dimensions and finishes</span>
        <button type="button" className={secondaryButton} onClick={toggleJson} aria-pressed={jsonMode}>
          {jsonMode ? 'Use the form' : 'Edit as JSON'}
        </button>
      </div>
      {jsonMode ? (
        <>
          <TextField
            label="Dimensions (JSON)"
            name="dimensions"
            errors={errorOf('dimensions')}
            hint='For example {"length": 180, "breadth": 90, "height": 75}'
            rows={3}
            value={dimensionsJson}
            onChange={(e) => setDimensionsJson(e.target.value)}
            className={`${inputClass} font-mono`}
          />
          <TextField
            label="Finishes (JSON)"
            name="finishes"
            errors={errorOf('finishes')}
            hint='For example ["Natural Teak", "Walnut"]'
            rows={2}
            value={finishesJson}
            onChange={(e) => setFinishesJson(e.target.value)}
            className={`${inputClass} font-mono`}
          />
        </>
      ) : (
        <>
          <input type="hidden" name="dimensions" value={JSON.stringify(dimensionsObject(dims))} />
          <input type="hidden" name="finishes" value={JSON.stringify(finishes)} />
          <fieldset aria-describedby={errorOf('dimensions') ? 'dimensions-error' : undefined}>
            <legend className="text-sm font-semibold text-teak-900">Dimensions (cm)</legend>
            <div className="mt-1 grid grid-cols-3 gap-2">
              {DIMENSIONS.map((dim) => (
                <label key={dim.name} className="text-xs text-teak-800">
                  {dim.label}
                  <input
                    type="number"
                    min={0}
                    step={0.1}
                    inputMode="decimal"
                    value={dims[dim.name]}
                    aria-invalid={Boolean(errorOf('dimensions'))}
                    onChange={(e) => setDims({ ...dims, [dim.name]: e.target.value })}
                    className={inputClass}
                  />
                </label>
              ))}
            </div>
            {errorOf('dimensions') ? (
              <p id="dimensions-error" className="mt-1 text-sm text-red-800">
                {errorOf('dimensions')?.[0]}
              </p>
            ) : null}
          </fieldset>
          <fieldset>
            <legend className="text-sm font-semibold text-teak-900">Finishes</legend>
            {finishes.length > 0 ? (
              <ul className="mt-1 flex flex-wrap gap-2" aria-label="Finishes">
                {finishes.map((f) => (
                  <li key={f} className="inline-flex items-center gap-1 rounded-full bg-teak-100 py-1 pr-1 pl-3 text-sm text-teak-900">
                    {f}
                    <button
                      type="button"
                      className="grid h-6 w-6 place-items-center rounded-full text-teak-700 hover:bg-teak-200"
                      aria-label={`Remove finish ${f}`}
                      onClick={() => setFinishes(finishes.filter((x) => x !== f))}
                    >
                      ×
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-xs text-teak-700">No finishes yet.</p>
            )}
            <div className="mt-2 flex gap-2">
              <input
                value={newFinish}
                maxLength={60}
                aria-label="New finish"
                placeholder="e.g. Natural Teak"
                onChange={(e) => setNewFinish(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addFinish();
                  }
                }}
                className={`${inputClass} mt-0`}
              />
              <button type="button" className={secondaryButton} onClick={addFinish}>
                Add finish
              </button>
            </div>
            {errorOf('finishes') ? <p className="mt-1 text-sm text-red-800">{errorOf('finishes')?.[0]}</p> : null}
          </fieldset>
        </>
      )}

      {product && kept.length > 0 ? (
        <fieldset>
          <legend className="text-sm font-semibold text-teak-900">Current images</legend>
          <p className="text-xs text-teak-700">The first image is the one shown in lists. Images you do not touch are kept.</p>
          {kept.map((k) => (
            <input key={k.id ?? k.image} type="hidden" name={k.removed ? 'remove_images' : 'image_order'} value={String(k.id ?? k.image)} />
          ))}
          <ol className="mt-2 grid gap-2" aria-label="Current images">
            {kept.map((k, i) => (
              <li
                key={k.id ?? k.image}
                className={`flex items-center gap-3 rounded-lg p-2 ring-1 ring-teak-200 ${k.removed ? 'bg-red-50 opacity-70' : ''}`}
              >
                <img src={thumbUrl(k.image) ?? k.image} alt={`Image ${i + 1}`} className="h-14 w-14 rounded object-cover" />
                <span className="flex-1 text-sm text-teak-800">{k.removed ? 'Will be removed' : `Image ${i + 1}`}</span>
                <button
                  type="button"
                  className={smallButton + ' ring-teak-200'}
                  disabled={i === 0 || k.removed}
                  onClick={() => moveImage(i, -1)}
                  aria-label={`Move image ${i + 1} up`}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className={smallButton + ' ring-teak-200'}
                  disabled={i === kept.length - 1 || k.removed}
                  onClick={() => moveImage(i, 1)}
                  aria-label={`Move image ${i + 1} down`}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className={k.removed ? secondaryButton : dangerButton}
                  onClick={() => setKept((list) => list.map((x, j) => (j === i ? { ...x, removed: !x.removed } : x)))}
                  aria-label={k.removed ? `Keep image ${i + 1}` : `Remove image ${i + 1}`}
                >
                  {k.removed ? 'Keep' : 'Remove'}
                </button>
              </li>
            ))}
          </ol>
        </fieldset>
      ) : null}
      <ImagePicker label={product ? 'Add images' : 'Images'} name="images" errors={errorsOf('images')} multiple />
    </UploadFormPanel>
  );
}
