import { useEffect, useState, type FormEvent } from 'react';
import { PRODUCT_IMAGES_MAX, type Category, type Product, type Subcategory } from '../../../contract/catalog';
import { COLLECTION_IDS } from '../../../contract/catalog-values';
import { formatRupees } from '../../../contract/format';
import { api } from '../../lib/api';
import {
  Checkbox,
  ConfirmDialog,
  Field,
  FormActions,
  FormStatus,
  ImagePicker,
  Panel,
  Thumb,
  UploadProgress,
  dangerButton,
  failureLine,
  failureOf,
  firstError,
  inputClass,
  secondaryButton,
  smallButton,
  thumbUrl,
  useEditMode,
  useRemote,
  useSubmitter,
  type Remote,
} from './ui';

const FLAGS = [
  { name: 'trending', label: 'Trending' },
  { name: 'topselling', label: 'Top selling' },
  { name: 'newin', label: 'New in' },
  { name: 'in_stock', label: 'In stock' },
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
    stock_quantity: String(p.stock_quantity),
    ratings: String(p.ratings),
    flags: {
      trending: p.trending,
      topselling: p.topselling,
      newin: p.newin,
      in_stock: p.in_stock,
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
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState('');
  const products = useRemote<Product[]>('/api/products/', 'Error loading products', { limit: 500, search: query || undefined, category: filter || undefined });
  const { editing, formKey, formRef, toAddMode, toEditMode } = useEditMode<Product>();
  const form = useSubmitter();
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

  // Search as the person types, but ask the server only once they pause.
  useEffect(() => {
    const t = setTimeout(() => setQuery(search.trim()), 300);
    return () => clearTimeout(t);
  }, [search]);

  function set<K extends keyof Values>(key: K, value: Values[K]) {
    setValues((v) => ({ ...v, [key]: value }));
    form.clearField(key);
  }

  function fill(p: Product | null) {
    const v = p ? valuesOf(p) : EMPTY;
    setValues(v);
    setFiles([]);
    setKept(p ? p.images.map((i) => ({ id: i.id, image: i.image, removed: false })) : []);
    setNewFinish('');
    setJsonMode(false);
    setDimensionsJson(JSON.stringify(dimensionsObject(v.dimensions)));
    setFinishesJson(JSON.stringify(v.finishes));
    form.clear();
    if (p) toEditMode(p);
    else toAddMode();
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
      dimensions: !d.ok ? 'Invalid JSON format' : d.value !== undefined && !isDimensions(d.value) ? 'Give length, breadth and height in cm.' : undefined,
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
      stock_quantity: /^\d{1,7}$/.test(values.stock_quantity.trim()) ? undefined : 'Stock quantity must be a whole number, 0 or more.',
      ratings: (() => {
        const n = Number(values.ratings);
        return values.ratings.trim() !== '' && n >= 0 && n <= 5 && Number.isInteger(Math.round(n * 10)) && Math.abs(n * 10 - Math.round(n * 10)) < 1e-9
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
    body.set('stock_quantity', values.stock_quantity.trim());
    body.set('ratings', values.ratings.trim());
    body.set('dimensions', JSON.stringify(dims.value ?? {}));
    body.set('finishes', JSON.stringify(fins.value ?? []));
    for (const file of files) body.append('images', file);
    if (editing) {
      for (const k of kept) if (k.removed) body.append('remove_images', String(k.id ?? k.image));
      for (const k of kept) if (!k.removed) body.append('image_order', String(k.id ?? k.image));
    }
    const saved = await form.run(
      (onUploadProgress) =>
        editing
          ? api<Product>(`/api/products/${editing.slug}/`, {
              method: 'PATCH',
              form: body,
              onUploadProgress,
            })
          : api<Product>('/api/products/', {
              method: 'POST',
              form: body,
              onUploadProgress,
            }),
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
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]">
      <Panel title="Products">
        <div className="mb-3 flex flex-wrap gap-2">
          <input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Search products"
            aria-label="Search products"
            className="min-w-0 flex-1 rounded-lg border border-teak-200 bg-white px-3 py-2 text-sm"
          />
          <select
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            aria-label="Filter products by category"
            className="rounded-lg border border-teak-200 bg-white px-2 py-2 text-sm"
          >
            <option value="">All categories</option>
            {categories.data?.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        {listFailure ? (
          <p role="alert" className="mb-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {listFailure}
          </p>
        ) : null}
        {products.error ? <p className="text-sm text-red-800">{products.error}</p> : null}
        {products.loading && !products.data ? <p className="text-sm text-teak-700">Loading products…</p> : null}
        {products.data ? (
          <p className="text-xs text-teak-700" aria-live="polite">
            {products.data.length} {products.data.length === 1 ? 'product' : 'products'}
          </p>
        ) : null}
        {products.data && products.data.length === 0 ? <p className="text-sm text-teak-700">No products match.</p> : null}
        <ul className="max-h-[70vh] divide-y divide-teak-100 overflow-y-auto" aria-label="Product list">
          {products.data?.map((p) => (
            <li key={p.slug} className="flex flex-wrap items-center gap-3 py-3">
              <Thumb src={p.image} />
              <div className="min-w-0 flex-1 basis-32">
                <p className="truncate font-semibold text-teak-900">{p.name}</p>
                <p className="truncate text-xs text-teak-700">
                  {p.category.name}
                  {p.subcategory ? ` › ${p.subcategory.name}` : ''} · {formatRupees(p.price)} ·{' '}
                  {p.in_stock ? `${p.stock_quantity} in stock` : <span className="font-semibold text-red-800">Out of stock</span>}
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap justify-end gap-2">
                <a
                  href={`/product/${p.slug}`}
                  target="_blank"
                  rel="noopener"
                  className={`${secondaryButton} hidden sm:inline-flex`}
                  aria-label={`View ${p.name} in the shop`}
                >
                  View
                </a>
                <button type="button" className={secondaryButton} onClick={() => fill(p)} aria-label={`Edit ${p.name}`}>
                  Edit
                </button>
                <button type="button" className={dangerButton} onClick={() => setDoomed(p)} aria-label={`Delete ${p.name}`}>
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      </Panel>

      <Panel title={editing ? 'Edit product' : 'Add product'}>
        <form
          ref={formRef}
          noValidate
          onSubmit={(e) => void onSubmit(e)}
          className="grid scroll-mt-20 gap-4"
          aria-label={editing ? 'Edit product' : 'Add product'}
        >
          <Field label="Name" error={err('name')}>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                value={values.name}
                maxLength={200}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                onChange={(e) => set('name', e.target.value)}
                className={inputClass}
              />
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Price (Rs.)" error={err('price')}>
              {({ id, describedBy, invalid }) => (
                <input
                  id={id}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={0.01}
                  value={values.price}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  onChange={(e) => set('price', e.target.value)}
                  className={inputClass}
                />
              )}
            </Field>
            <Field label="Stock quantity" error={err('stock_quantity')}>
              {({ id, describedBy, invalid }) => (
                <input
                  id={id}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  value={values.stock_quantity}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  onChange={(e) => set('stock_quantity', e.target.value)}
                  className={inputClass}
                />
              )}
            </Field>
            <Field label="Category" error={err('category')}>
              {({ id, describedBy, invalid }) => (
                <select
                  id={id}
                  value={values.category}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  onChange={(e) => {
                    setValues((v) => ({
                      ...v,
                      category: e.target.value,
                      subcategory: '',
                    }));
                    form.clearField('category');
                  }}
                  className={inputClass}
                >
                  <option value="">Choose a category</option>
                  {categories.data?.map((c) => (
                    <option key={c.slug} value={c.slug}>
                      {c.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Subcategory" error={err('subcategory')} hint={values.category ? undefined : 'Choose a category first.'}>
              {({ id, describedBy, invalid }) => (
                <select
                  id={id}
                  value={values.subcategory}
                  disabled={!values.category}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  onChange={(e) => set('subcategory', e.target.value)}
                  className={inputClass}
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
                </select>
              )}
            </Field>
            <Field label="Ratings (0 to 5)" error={err('ratings')}>
              {({ id, describedBy, invalid }) => (
                <input
                  id={id}
                  type="number"
                  min={0}
                  max={5}
                  step={0.1}
                  value={values.ratings}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  onChange={(e) => set('ratings', e.target.value)}
                  className={inputClass}
                />
              )}
            </Field>
            <Field label="Collection" error={err('collection')}>
              {({ id, describedBy, invalid }) => (
                <select
                  id={id}
                  value={values.collection}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  onChange={(e) => set('collection', e.target.value)}
                  className={inputClass}
                >
                  <option value="">None</option>
                  {COLLECTION_IDS.map((c, i) => (
                    <option key={c} value={c}>
                      Collection {i + 1}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <Field label="Description" error={err('description')}>
            {({ id, describedBy, invalid }) => (
              <textarea
                id={id}
                rows={4}
                value={values.description}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                onChange={(e) => set('description', e.target.value)}
                className={inputClass}
              />
            )}
          </Field>
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
              <Field label="Dimensions (JSON)" error={err('dimensions')} hint='For example {"length": 180, "breadth": 90, "height": 75}'>
                {({ id, describedBy, invalid }) => (
                  <textarea
                    id={id}
                    rows={3}
                    value={dimensionsJson}
                    aria-describedby={describedBy}
                    aria-invalid={invalid}
                    onChange={(e) => {
                      setDimensionsJson(e.target.value);
                      form.clearField('dimensions');
                    }}
                    className={`${inputClass} font-mono`}
                  />
                )}
              </Field>
              <Field label="Finishes (JSON)" error={err('finishes')} hint='For example ["Natural Teak", "Walnut"]'>
                {({ id, describedBy, invalid }) => (
                  <textarea
                    id={id}
                    rows={2}
                    value={finishesJson}
                    aria-describedby={describedBy}
                    aria-invalid={invalid}
                    onChange={(e) => {
                      setFinishesJson(e.target.value);
                      form.clearField('finishes');
                    }}
                    className={`${inputClass} font-mono`}
                  />
                )}
              </Field>
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
          <ImagePicker
            label={editing ? 'Add images' : 'Images'}
            files={files}
            onChange={(f) => {
              setFiles(f);
              form.clearField('images');
            }}
            multiple
            error={err('images')}
            resetKey={formKey}
          />
          <UploadProgress fraction={form.progress} />
          <FormStatus success={form.success} failure={form.failure} />
          <FormActions editing={Boolean(editing)} busy={form.busy} addLabel="Add product" onCancel={() => fill(null)} />
        </form>
      </Panel>
      <ConfirmDialog
        open={doomed !== null}
        title="Delete this product?"
        message={`"${doomed?.name ?? ''}" will be removed from the shop for good. Orders already placed keep their copy.`}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDoomed(null)}
      />
    </div>
  );
}
