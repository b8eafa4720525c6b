import { useEffect, useState, type FormEvent } from 'react';
import type { Product, ReadyToShipEntry, ReadyToShipPage } from '../../../contract/catalog';
import { formatRupees } from '../../../contract/format';
import { api } from '../../lib/api';
import { SelectField } from './crud';
import {
  Checkbox,
  FormStatus,
  Panel,
  Thumb,
  dangerButton,
  failureLine,
  failureOf,
  inputClass,
  primaryButton,
  secondaryButton,
  useRemote,
  useSubmitter,
} from './ui';

const PAGE_SIZE = 50;

function flagsForm(values: Record<string, string>): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(values)) body.set(k, v);
  return body;
}

export function ReadyToShipPanel() {
  const [page, setPage] = useState(1);
  const entries = useRemote<ReadyToShipPage>('/api/RTShip/', 'Error loading the ready-to-ship list.', { page, page_size: PAGE_SIZE });
  const form = useSubmitter();
  const [rowFailure, setRowFailure] = useState('');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const candidates = useRemote<Product[]>('/api/products/', 'Error loading products', { search: query || undefined, limit: 50 });
  const [product, setProduct] = useState('');
  const [mostSold, setMostSold] = useState(false);
  const [newArrival, setNewArrival] = useState(false);

  useEffect(() => {
    const t = setTimeout(() => setQuery(search.trim()), 300);
    return () => clearTimeout(t);
  }, [search]);

  // A page past the end is 404: after removing the last entry of a page, step back.
  useEffect(() => {
    if (!entries.loading && !entries.error && !entries.data && page > 1) setPage((p) => p - 1);
  }, [entries.loading, entries.error, entries.data, page]);

  async function onAdd(event: FormEvent) {
    event.preventDefault();
    if (!form.check({ product: product ? undefined : 'Product is required' })) return;
    const added = await form.run(
      () =>
        api<ReadyToShipEntry>('/api/RTShip/', {
          method: 'POST',
          form: flagsForm({
            product,
            MostSold: String(mostSold),
            NewArrival: String(newArrival),
          }),
        }),
      { success: 'Product added to Ready to Ship' },
    );
    if (added) {
      setProduct('');
      setMostSold(false);
      setNewArrival(false);
      await entries.reload();
    }
  }

  async function update(entry: ReadyToShipEntry, changes: Partial<Record<'MostSold' | 'NewArrival', boolean>>) {
    setRowFailure('');
    try {
      const values = Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, String(v)]));
      await api(`/api/RTShip/${entry.id}/`, {
        method: 'PATCH',
        form: flagsForm(values),
      });
      form.flash('Ready to Ship entry updated');
    } catch (err) {
      setRowFailure(failureLine(failureOf(err)));
    }
    await entries.reload();
  }

  async function remove(entry: ReadyToShipEntry) {
    setRowFailure('');
    try {
      await api(`/api/RTShip/${entry.id}/`, { method: 'DELETE' });
      form.flash(`${entry.product.name} removed from Ready to Ship`);
    } catch (err) {
      setRowFailure(failureLine(failureOf(err)));
    }
    await entries.reload();
  }

  const listed = new Set(entries.data?.results.map((e) => e.product.slug));
  const total = entries.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      <Panel title="Ready to Ship">
        {rowFailure ? (
          <p role="alert" className="mb-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {rowFailure}
          </p>
        ) : null}
        {entries.error ? <p className="text-sm text-red-800">{entries.error}</p> : null}
        {entries.loading && !entries.data ? <p className="text-sm text-teak-700">Loading…</p> : null}
        {!entries.loading && !entries.error && (!entries.data || entries.data.count === 0) ? (
          <p className="text-sm text-teak-700">No products are ready to ship yet.</p>
        ) : null}
        <ul className="divide-y divide-teak-100" aria-label="Ready to ship products">
          {entries.data?.results.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-center gap-3 py-3">
              <Thumb src={entry.product.image} />
              <div className="min-w-0 flex-1 basis-32">
                <p className="truncate font-semibold text-teak-900">{entry.product.name}</p>
                <p className="text-xs text-teak-700">{formatRupees(entry.product.price)}</p>
              </div>
              <div className="flex flex-wrap items-center gap-4">
                <Checkbox
                  label="Most sold"
                  fullLabel={`${entry.product.name}: most sold`}
                  checked={entry.MostSold}
                  onChange={(v) => void update(entry, { MostSold: v })}
                />
                <Checkbox
                  label="New arrival"
                  fullLabel={`${entry.product.name}: new arrival`}
                  checked={entry.NewArrival}
                  onChange={(v) => void update(entry, { NewArrival: v })}
                />
                <button
                  type="button"
                  className={dangerButton}
                  onClick={() => void remove(entry)}
                  aria-label={`Remove ${entry.product.name} from Ready to Ship`}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ul>
        {pages > 1 ? (
          <nav aria-label="Ready to ship pages" className="mt-3 flex items-center gap-3 text-sm">
            <button type="button" className={secondaryButton} disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Previous
            </button>
            <span>
              Page {page} of {pages}
            </span>
            <button type="button" className={secondaryButton} disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              Next
            </button>
          </nav>
        ) : null}
      </Panel>
      <Panel title="Add to Ready to Ship">
        <form noValidate onSubmit={(e) => void onAdd(e)} className="grid gap-4" aria-label="Add to Ready to Ship">
          <input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Find a product"
            aria-label="Find a product"
            className={inputClass}
          />
          <SelectField label="Product" form={form} field="product" value={product} onChange={setProduct}>
            <option value="">Choose a product</option>
            {candidates.data
              ?.filter((p) => !listed.has(p.slug) || p.slug === product)
              .map((p) => (
                <option key={p.slug} value={p.slug}>
                  {p.name}
                </option>
              ))}
          </SelectField>
          <div className="flex flex-wrap gap-5">
            <Checkbox label="Most sold" checked={mostSold} onChange={setMostSold} />
            <Checkbox label="New arrival" checked={newArrival} onChange={setNewArrival} />
          </div>
          <FormStatus success={form.success} failure={form.failure} />
          <div>
            <button type="submit" className={primaryButton} disabled={form.busy}>
              {form.busy ? 'Adding…' : 'Add to Ready to Ship'}
            </button>
          </div>
        </form>
      </Panel>
    </div>
  );
}
