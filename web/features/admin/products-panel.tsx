import { useState, type FormEvent } from 'react';
import { PRODUCT_IMAGES_MAX, type Category, type Product, type StockKind, type Subcategory } from '../../../contract/catalog';
import { COLLECTION_IDS } from '../../../contract/catalog-values';
import { formatRupees } from '../../../contract/format';
import { api } from '../../lib/api';
import {
  CategoryOptions,
  CrudImage,
  CrudLayout,
  EditableRow,
  Facts,
  RemoteList,
  SearchAndFilter,
  SelectField,
  TextField,
  useCrud,
  useDebouncedSearch,
} from './crud';
import {
  Checkbox,
  ConfirmDialog,
  Thumb,
  dangerButton,
  failureLine,
  failureOf,
  firstError,
  inputClass,
  secondaryButton,
  smallButton,
  thumbUrl,
  useRemote,
  type Remote,
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

interface KeptImage {
  id: number | undefined;
  image: string;
  removed: boolean;
}

interface Values {
  name: string;
  price: string;
  category: string;
  subcategory: string;
  description: string;
  collection: string;
  stock_kind: StockKind;
  stock_quantity: string;
  ratings: string;
  flags: Record<Flag, boolean>;
  dimensions: Record<Dimension, string>;
  finishes: string[];
}

const EMPTY: Values = {
  name: '',
  price: '',
  category: '',
  subcategory: '',
  description: '',
  collection: '',
  // A new piece is made to order unless the owner says it is counted stock: never "in stock" with 0 pieces.
  stock_kind: 'made_to_order',
  stock_quantity: '0',
  ratings: '0',
  flags: {
    trending: false,
    topselling: false,
    newin: false,
    in_stock: true,
    customizable: false,
  },
  dimensions: { length: '', breadth: '', height: '' },
  finishes: [],
};

function valuesOf(p: Product): Values {
  const d = (n: number | undefined) => (n === undefined ? '' : String(n));
  return {
    name: p.name,
    price: String(p.price),
    category: p.category.slug,
    subcategory: p.subcategory?.slug ?? '',
    description: p.description,
    collection: p.collection ?? '',
    stock_kind: p.stock_kind,
    stock_quantity: String(p.stock_quantity),
    ratings: String(p.ratings),
    flags: {
      trending: p.trending,
      topselling: p.topselling,
      newin: p.newin,
      // The owner's switch, not the computed availability (a sold-out piece stays on sale for restocking).
      in_stock: p.on_sale,
      customizable: p.customizable,
    },
    dimensions: {
      length: d(p.dimensions.length),
      breadth: d(p.dimensions.breadth),
      height: d(p.dimensions.height),
    },
    finishes: [...p.finishes],
  };
}

const PRICE = /^\d{1,9}(\.\d{1,2})?$/;
const CM = /^\d{1,5}(\.\d{1,2})?$/;

function dimensionsObject(d: Values['dimensions']): Record<string, number> {
  const out: Record<string, number> = {};
  for (const { name } of DIMENSIONS) if (d[name].trim() !== '') out[name] = Number(d[name]);
  return out;
}

/** The JSON text a person may edit by hand; 'Invalid JSON format' when it does not parse. */
function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function isDimensions(v: unknown): v is Record<Dimension, number | undefined> {
  return (
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    Object.entries(v).every(([k, n]) => (k === 'length' || k === 'breadth' || k === 'height') && typeof n === 'number' && n >= 0)
  );
}

export function ProductsPanel({ categories }: { categories: Remote<Category[]> }) {
  const [search, setSearch, query] = useDebouncedSearch();
  const [filter, setFilter] = useState('');
  const products = useRemote<Product[]>('/api/products/', 'Error loading products', {
    limit: 500,
    search: query || undefined,
    category: filter || undefined,
  });
  const [values, setValues] = useState<Values>(EMPTY);
  const [files, setFiles] = useState<File[]>([]);
  const [kept, setKept] = useState<KeptImage[]>([]);
  const [newFinish, setNewFinish] = useState('');
  const [jsonMode, setJsonMode] = useState(false);
  const [dimensionsJson, setDimensionsJson] = useState('');
  const [finishesJson, setFinishesJson] = useState('');
  const [doomed, setDoomed] = useState<Product | null>(null);
  const [listFailure, setListFailure] = useState('');
  const subcategories = useRemote<Subcategory[]>(values.category ? '/api/subcategories/' : null, 'Error loading subcategories.', {
    category: values.category || undefined,
  });
  const crud = useCrud<Product>({
    path: '/api/products/',
    keyOf: (p) => p.slug,
    noun: 'product',
    reset: (p) => {
      const v = p ? valuesOf(p) : EMPTY;
      setValues(v);
      setFiles([]);
      setKept(p ? p.images.map((i) => ({ id: i.id, image: i.image, removed: false })) : []);
      setNewFinish('');
      setJsonMode(false);
      setDimensionsJson(JSON.stringify(dimensionsObject(v.dimensions)));
      setFinishesJson(JSON.stringify(v.finishes));
    },
  });
  const { editing, form, fill } = crud;

  function set<K extends keyof Values>(key: K, value: Values[K]) {
    setValues((v) => ({ ...v, [key]: value }));
    form.clearField(key);
  }

  function toggleJson() {
    if (!jsonMode) {
      setDimensionsJson(JSON.stringify(dimensionsObject(values.dimensions), null, 1));
      setFinishesJson(JSON.stringify(values.finishes));
      setJsonMode(true);
      return;
    }
    // Back to the form: carry over what was typed when it is valid, else keep the person in JSON mode.
    const d = parseJson(dimensionsJson);
    const f = parseJson(finishesJson);
    const ok = form.check({
      dimensions: !d.ok
        ? 'Invalid JSON format'
        : d.value !== undefined && !isDimensions(d.value)
          ? 'Give length, breadth and height in cm.'
          : undefined,
      finishes: !f.ok
        ? 'Invalid JSON format'
        : f.value !== undefined && !(Array.isArray(f.value) && f.value.every((x) => typeof x === 'string'))
          ? 'Give a list of finish names.'
          : undefined,
    });
    if (!ok || !d.ok || !f.ok) return;
    const dims = (d.value ?? {}) as Record<Dimension, number | undefined>;
    setValues((v) => ({
      ...v,
      dimensions: {
        length: dims.length?.toString() ?? '',
        breadth: dims.breadth?.toString() ?? '',
        height: dims.height?.toString() ?? '',
      },
      finishes: (f.value ?? []) as string[],
    }));
    setJsonMode(false);
  }

  function addFinish() {
    const name = newFinish.trim();
    if (!name) return;
    if (!values.finishes.some((f) => f.toLowerCase() === name.toLowerCase())) set('finishes', [...values.finishes, name]);
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

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const dims = jsonMode ? parseJson(dimensionsJson) : { ok: true as const, value: dimensionsObject(values.dimensions) };
    const fins = jsonMode ? parseJson(finishesJson) : { ok: true as const, value: values.finishes };
    const keptCount = kept.filter((k) => !k.removed).length;
    const ok = form.check({
      name: values.name.trim() ? undefined : 'Name is required',
      price: PRICE.test(values.price.trim()) ? undefined : 'Valid price is required',
      category: values.category ? undefined : 'Category is required',
      stock_quantity:
        values.stock_kind === 'made_to_order' || /^\d{1,7}$/.test(values.stock_quantity.trim())
          ? undefined
          : 'Stock quantity must be a whole number, 0 or more.',
      ratings: (() => {
        const n = Number(values.ratings);
        return values.ratings.trim() !== '' &&
          n >= 0 &&
          n <= 5 &&
          Number.isInteger(Math.round(n * 10)) &&
          Math.abs(n * 10 - Math.round(n * 10)) < 1e-9
          ? undefined
          : 'Ratings must be a number from 0 to 5 in steps of 0.1.';
      })(),
      dimensions: !dims.ok
        ? 'Invalid JSON format'
        : jsonMode && dims.value !== undefined && !isDimensions(dims.value)
          ? 'Give length, breadth and height in cm.'
          : !jsonMode && DIMENSIONS.some((d) => values.dimensions[d.name].trim() !== '' && !CM.test(values.dimensions[d.name].trim()))
            ? 'Give each size in cm as a number, 0 or more.'
            : undefined,
      finishes: !fins.ok
        ? 'Invalid JSON format'
        : jsonMode && fins.value !== undefined && !(Array.isArray(fins.value) && fins.value.every((x) => typeof x === 'string'))
          ? 'Give a list of finish names.'
          : undefined,
      images: keptCount + files.length > PRODUCT_IMAGES_MAX ? `A product can have at most ${PRODUCT_IMAGES_MAX} images.` : undefined,
    });
    if (!ok || !dims.ok || !fins.ok) return;

    const body = new FormData();
    body.set('name', values.name.trim());
    body.set('price', values.price.trim());
    body.set('category', values.category);
    body.set('subcategory', values.subcategory);
    body.set('description', values.description);
    body.set('collection', values.collection);
    for (const { name } of FLAGS) body.set(name, String(values.flags[name]));
    body.set('stock_kind', values.stock_kind);
    if (values.stock_kind === 'ready_stock') body.set('stock_quantity', values.stock_quantity.trim());
    body.set('ratings', values.ratings.trim());
    body.set('dimensions', JSON.stringify(dims.value ?? {}));
    body.set('finishes', JSON.stringify(fins.value ?? []));
    for (const file of files) body.append('images', file);
    if (editing) {
      for (const k of kept) if (k.removed) body.append('remove_images', String(k.id ?? k.image));
      for (const k of kept) if (!k.removed) body.append('image_order', String(k.id ?? k.image));
    }
    const saved = await crud.save(
      body,
      editing
        ? {
            success: 'Product updated successfully',
            failure: 'Failed to update product',
          }
        : {
            success: 'Product created successfully',
            failure: 'Failed to create product',
          },
    );
    if (saved) {
      fill(null);
      await products.reload();
    }
  }

  async function confirmDelete() {
    const item = doomed;
    if (!item) return;
    setListFailure('');
    try {
      await api(`/api/products/${item.slug}/`, { method: 'DELETE' });
      form.flash('Product deleted successfully');
      if (editing?.slug === item.slug) fill(null);
      await products.reload();
    } catch (err) {
      setListFailure(failureLine(failureOf(err), 'Failed to delete product'));
    } finally {
      setDoomed(null);
    }
  }

  const err = (name: string) => firstError(form.errors, name);
  return (
    <CrudLayout
      crud={crud}
      listTitle="Products"
      columns="xl:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]"
      formClassName="grid scroll-mt-20 gap-4"
      onSubmit={onSubmit}
      after={
        <ConfirmDialog
          open={doomed !== null}
          title="Delete this product?"
          message={`"${doomed?.name ?? ''}" will be removed from the shop for good. Orders already placed keep their copy.`}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDoomed(null)}
        />
      }
      list={
        <>
          <SearchAndFilter
            className="mb-3 flex flex-wrap gap-2"
            search={search}
            onSearch={setSearch}
            placeholder="Search products"
            searchLabel="Search products"
            filter={filter}
            onFilter={setFilter}
            filterLabel="Filter products by category"
            allLabel="All categories"
            options={(categories.data ?? []).map((c) => ({ value: c.slug, label: c.name }))}
          />
          {listFailure ? (
            <p role="alert" className="mb-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {listFailure}
            </p>
          ) : null}
          <RemoteList
            remote={products}
            loadingText="Loading products…"
            emptyText="No products match."
            className="max-h-[70vh] divide-y divide-teak-100 overflow-y-auto"
            label="Product list"
            summary={
              products.data ? (
                <p className="text-xs text-teak-700" aria-live="polite">
                  {products.data.length} {products.data.length === 1 ? 'product' : 'products'}
                </p>
              ) : null
            }
          >
            {(p) => (
              <EditableRow
                key={p.slug}
                media={<Thumb src={p.image} />}
                name={p.name}
                onEdit={() => fill(p)}
                onDelete={() => setDoomed(p)}
                extraActions={
                  <a
                    href={`/product/${p.slug}`}
                    target="_blank"
                    rel="noopener"
                    className={`${secondaryButton} hidden sm:inline-flex`}
                    aria-label={`View ${p.name} in the shop`}
                  >
                    View
                  </a>
                }
              >
                <p className="font-semibold text-teak-900">{p.name}</p>
                <Facts>
                  <span>
                    {p.category.name}
                    {p.subcategory ? ` › ${p.subcategory.name}` : ''}
                  </span>
                  <span className="font-semibold whitespace-nowrap text-teak-900 tabular-nums">{formatRupees(p.price)}</span>
                  <StockFact product={p} />
                </Facts>
              </EditableRow>
            )}
          </RemoteList>
        </>
      }
    >
      <TextField label="Name" error={err('name')} value={values.name} maxLength={200} onChange={(v) => set('name', v)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Price (₹)"
          error={err('price')}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          value={values.price}
          onChange={(v) => set('price', v)}
        />
        <SelectField
          label="How it is sold"
          error={err('stock_kind')}
          hint={
            values.stock_kind === 'made_to_order'
              ? 'Made after each order: no stock limit.'
              : 'Counted pieces, ready to ship: it shows as sold out when none are left.'
          }
          value={values.stock_kind}
          onChange={(v) => set('stock_kind', v === 'ready_stock' ? 'ready_stock' : 'made_to_order')}
        >
          <option value="made_to_order">Made to order</option>
          <option value="ready_stock">Ready stock (counted)</option>
        </SelectField>
        {values.stock_kind === 'ready_stock' ? (
          <TextField
            label="Pieces in stock"
            error={err('stock_quantity')}
            hint={
              editing?.stock_kind === 'ready_stock' && editing.available_quantity !== null && editing.available_quantity < editing.stock_quantity
                ? `${editing.stock_quantity - editing.available_quantity} held for buyers paying now.`
                : values.stock_quantity.trim() === '0'
                  ? 'With 0 pieces it shows as sold out.'
                  : undefined
            }
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={values.stock_quantity}
            onChange={(v) => set('stock_quantity', v)}
          />
        ) : null}
        <SelectField
          label="Category"
          form={form}
          field="category"
          value={values.category}
          onChange={(category) => setValues((v) => ({ ...v, category, subcategory: '' }))}
        >
          <CategoryOptions categories={categories.data} prompt="Choose a category" />
        </SelectField>
        <SelectField
          label="Subcategory"
          error={err('subcategory')}
          hint={values.category ? undefined : 'Choose a category first.'}
          value={values.subcategory}
          disabled={!values.category}
          onChange={(v) => set('subcategory', v)}
        >
          <option value="">No subcategory</option>
          {values.category
            ? subcategories.data
                ?.filter((s) => s.category.slug === values.category)
                .map((s) => (
                  <option key={s.slug} value={s.slug}>
                    {s.name}
                  </option>
                ))
            : null}
          {/* Keep the saved choice visible while the list for its category loads. */}
          {values.subcategory && !subcategories.data?.some((s) => s.slug === values.subcategory) ? (
            <option value={values.subcategory}>{editing?.subcategory?.name ?? values.subcategory}</option>
          ) : null}
        </SelectField>
        <TextField
          label="Ratings (0 to 5)"
          error={err('ratings')}
          type="number"
          min={0}
          max={5}
          step={0.1}
          value={values.ratings}
          onChange={(v) => set('ratings', v)}
        />
        <SelectField label="Collection" error={err('collection')} value={values.collection} onChange={(v) => set('collection', v)}>
          <option value="">None</option>
          {COLLECTION_IDS.map((c, i) => (
            <option key={c} value={c}>
              Collection {i + 1}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField label="Description" error={err('description')} rows={4} value={values.description} onChange={(v) => set('description', v)} />
      <fieldset className="flex flex-wrap gap-x-5 gap-y-2">
        <legend className="mb-1 text-sm font-semibold text-teak-900">Shown as</legend>
        {FLAGS.map((f) => (
          <Checkbox
            key={f.name}
            label={f.label}
            checked={values.flags[f.name]}
            onChange={(checked) => set('flags', { ...values.flags, [f.name]: checked })}
          />
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
            form={form}
            field="dimensions"
            hint='For example {"length": 180, "breadth": 90, "height": 75}'
            rows={3}
            value={dimensionsJson}
            onChange={setDimensionsJson}
            className={`${inputClass} font-mono`}
          />
          <TextField
            label="Finishes (JSON)"
            form={form}
            field="finishes"
            hint='For example ["Natural Teak", "Walnut"]'
            rows={2}
            value={finishesJson}
            onChange={setFinishesJson}
            className={`${inputClass} font-mono`}
          />
        </>
      ) : (
        <>
          <fieldset aria-describedby={err('dimensions') ? 'dimensions-error' : undefined}>
            <legend className="text-sm font-semibold text-teak-900">Dimensions (cm)</legend>
            <div className="mt-1 grid grid-cols-3 gap-2">
              {DIMENSIONS.map((d) => (
                <label key={d.name} className="text-xs text-teak-800">
                  {d.label}
                  <input
                    type="number"
                    min={0}
                    step={0.1}
                    inputMode="decimal"
                    value={values.dimensions[d.name]}
                    aria-invalid={Boolean(err('dimensions'))}
                    onChange={(e) =>
                      set('dimensions', {
                        ...values.dimensions,
                        [d.name]: e.target.value,
                      })
                    }
                    className={inputClass}
                  />
                </label>
              ))}
            </div>
            {err('dimensions') ? (
              <p id="dimensions-error" className="mt-1 text-sm text-red-800">
                {err('dimensions')}
              </p>
            ) : null}
          </fieldset>
          <fieldset>
            <legend className="text-sm font-semibold text-teak-900">Finishes</legend>
            {values.finishes.length > 0 ? (
              <ul className="mt-1 flex flex-wrap gap-2" aria-label="Finishes">
                {values.finishes.map((f) => (
                  <li key={f} className="inline-flex items-center gap-1 rounded-full bg-teak-100 py-1 pr-1 pl-3 text-sm text-teak-900">
                    {f}
                    <button
                      type="button"
                      className="grid h-6 w-6 place-items-center rounded-full text-teak-700 hover:bg-teak-200"
                      aria-label={`Remove finish ${f}`}
                      onClick={() =>
                        set(
                          'finishes',
                          values.finishes.filter((x) => x !== f),
                        )
                      }
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
            {err('finishes') ? <p className="mt-1 text-sm text-red-800">{err('finishes')}</p> : null}
          </fieldset>
        </>
      )}

      {editing && kept.length > 0 ? (
        <fieldset>
          <legend className="text-sm font-semibold text-teak-900">Current images</legend>
          <p className="text-xs text-teak-700">The first image is the one shown in lists. Images you do not touch are kept.</p>
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
      <CrudImage crud={crud} label={editing ? 'Add images' : 'Images'} field="images" files={files} setFiles={setFiles} multiple />
    </CrudLayout>
  );
}

/** How a product is sold, as the owner reads it in the list: made to order, counted pieces, sold out or off sale. */
function StockFact({ product: p }: { product: Product }) {
  if (!p.on_sale) return <span className="font-semibold whitespace-nowrap text-red-800">Off sale</span>;
  if (p.stock_kind === 'made_to_order') return <span className="whitespace-nowrap">Made to order</span>;
  if (!p.in_stock) return <span className="font-semibold whitespace-nowrap text-red-800">Sold out</span>;
  const held = p.available_quantity === null ? 0 : p.stock_quantity - p.available_quantity;
  return <span className="whitespace-nowrap">{`${p.stock_quantity} in stock${held > 0 ? `, ${held} held` : ''}`}</span>;
}
