import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Form, useFetcher, useNavigation } from 'react-router';
import { readyToShipFormSchema, type Product, type ReadyToShipEntry } from '../../../contract/catalog';
import { formatRupees } from '../../../contract/format';
import { CatalogueNav } from './admin-panel';
import { useListParams, useAnswerToast } from './forms';
import type { Answer } from '../../lib/answer';
import { Checkbox, FormAlert, Panel, SelectField, Thumb, dangerButton, inputClass, primaryButton, secondaryButton } from './ui';

export const RTS_PAGE_SIZE = 50;

export function ReadyToShipPanel({
  entries,
  count,
  page,
  candidates,
  answer,
}: {
  entries: ReadyToShipEntry[];
  count: number;
  page: number;
  candidates: Product[];
  answer: Answer | undefined;
}) {
  const [params, setParams] = useListParams();
  const pages = Math.max(1, Math.ceil(count / RTS_PAGE_SIZE));
  const listed = new Set(entries.map((e) => e.product.slug));
  const goTo = (to: number) => setParams({ page: to > 1 ? String(to) : null });
  return (
    <>
      <CatalogueNav />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <Panel title="Ready to Ship">
          {count === 0 ? <p className="text-sm text-teak-700">No products are ready to ship yet.</p> : null}
          <ul className="divide-y divide-teak-100" aria-label="Ready to ship products">
            {entries.map((entry) => (
              <EntryRow key={entry.id} entry={entry} />
            ))}
          </ul>
          {pages > 1 ? (
            <nav aria-label="Ready to ship pages" className="mt-3 flex items-center gap-3 text-sm">
              <button type="button" className={secondaryButton} disabled={page <= 1} onClick={() => goTo(page - 1)}>
                Previous
              </button>
              <span>
                Page {page} of {pages}
              </span>
              <button type="button" className={secondaryButton} disabled={page >= pages} onClick={() => goTo(page + 1)}>
                Next
              </button>
            </nav>
          ) : null}
        </Panel>
        <Panel title="Add to Ready to Ship">
          <input
            type="search"
            defaultValue={params.get('find') ?? ''}
            onChange={(e) => setParams({ find: e.target.value.trim() }, { debounce: true })}
            placeholder="Find a product"
            aria-label="Find a product"
            className={`${inputClass} mb-4`}
          />
          <AddForm candidates={candidates.filter((p) => !listed.has(p.slug))} answer={answer} />
        </Panel>
      </div>
    </>
  );
}

/** One entry: its flags change at once (through the page's action), Remove takes it out of the range. */
function EntryRow({ entry }: { entry: ReadyToShipEntry }) {
  const flags = useFetcher<Answer>();
  const removal = useFetcher<Answer>();
  useAnswerToast(flags.data);
  useAnswerToast(removal.data);
  // While a change is on its way, show it as done.
  const pending = (name: 'MostSold' | 'NewArrival') => {
    const v = flags.formData?.get(name);
    return typeof v === 'string' ? v === 'true' : entry[name];
  };
  const set = (name: 'MostSold' | 'NewArrival', value: boolean) =>
    void flags.submit({ intent: 'flags', id: String(entry.id), [name]: String(value) }, { method: 'post' });
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Thumb src={entry.product.image} />
      <div className="min-w-0 flex-1 basis-32">
        <p className="truncate font-semibold text-teak-900">{entry.product.name}</p>
        <p className="text-xs text-teak-700">{formatRupees(entry.product.price)}</p>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <Checkbox
          label="Most sold"
          fullLabel={`${entry.product.name}: most sold`}
          checked={pending('MostSold')}
          onChange={(e) => set('MostSold', e.target.checked)}
        />
        <Checkbox
          label="New arrival"
          fullLabel={`${entry.product.name}: new arrival`}
          checked={pending('NewArrival')}
          onChange={(e) => set('NewArrival', e.target.checked)}
        />
        <removal.Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={entry.id} />
          <input type="hidden" name="name" value={entry.product.name} />
          <button
            type="submit"
            className={dangerButton}
            disabled={removal.state !== 'idle'}
            aria-label={`Remove ${entry.product.name} from Ready to Ship`}
          >
            Remove
          </button>
        </removal.Form>
      </div>
    </li>
  );
}

function AddForm({ candidates, answer }: { candidates: Product[]; answer: Answer | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'add';
  useAnswerToast(answer);
  const [form, fields] = useForm({
    lastResult: answer?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: readyToShipFormSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4" aria-label="Add to Ready to Ship">
      <input type="hidden" name="intent" value="add" />
      <SelectField label="Product" name={fields.product.name} key={fields.product.key} defaultValue="" errors={fields.product.errors}>
        <option value="">Choose a product</option>
        {candidates.map((p) => (
          <option key={p.slug} value={p.slug}>
            {p.name}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-wrap gap-5">
        <Checkbox label="Most sold" name={fields.MostSold.name} key={`m-${fields.MostSold.key}`} value="true" />
        <Checkbox label="New arrival" name={fields.NewArrival.name} key={`n-${fields.NewArrival.key}`} value="true" />
      </div>
      <FormAlert messages={form.errors} />
      <div>
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? 'Adding…' : 'Add to Ready to Ship'}
        </button>
      </div>
    </Form>
  );
}
