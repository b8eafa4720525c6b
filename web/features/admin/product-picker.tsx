import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useFetcher } from 'react-router';
import { formatRupees } from '../../../contract/format';
import type { ShowcaseProduct } from '../../../contract/rooms';
import type { loader as choicesLoader } from '../../routes/dashboard.product-choices';
import { Field, Thumb, inputClass, secondaryButton } from './ui';

/** What a picker knows of a product: enough to show it and to post its slug. */
export type ProductChoice = Pick<ShowcaseProduct, 'slug' | 'name' | 'price' | 'in_stock'> & { image?: string | null };

/** The resource route the pickers ask as the owner types. */
const CHOICES_URL = '/dashboard/product-choices';
/** The pause in typing after which the catalogue is searched. */
const TYPING_PAUSE_MS = 250;

/**
 * A product picker: a search box that finds products by name as the owner types (the catalogue's search,
 * through a fetcher), a list of matches to choose from with the mouse, a tap or the keyboard (the ARIA
 * combobox pattern: arrows move, Enter chooses, Escape closes), and the chosen products, each with its
 * remove button. `multiple` keeps a list; otherwise choosing replaces the one product. The picker only
 * chooses: the form posts the slugs (see ProductListField) or the caller does (a hotspot's product).
 */
export function ProductPicker({
  label,
  value,
  onChange,
  multiple = false,
  errors,
  hint,
  max,
  onFocus,
}: {
  label: string;
  value: ProductChoice[];
  onChange: (next: ProductChoice[]) => void;
  multiple?: boolean;
  errors?: string[] | null;
  hint?: string;
  max?: number;
  onFocus?: () => void;
}) {
  const fetcher = useFetcher<typeof choicesLoader>();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [announcement, setAnnouncement] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const chosenRef = useRef<HTMLUListElement>(null);
  const listId = useId();
  const statusId = useId();
  const typingPause = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const wanted = query.trim();
  /** The text typed: the products matching it are asked for once the owner pauses (a new word waits anew). */
  function search(text: string) {
    setQuery(text);
    const next = text.trim();
    if (next === wanted) return;
    clearTimeout(typingPause.current);
    if (next) typingPause.current = setTimeout(() => void fetcher.load(`${CHOICES_URL}?q=${encodeURIComponent(next)}`), TYPING_PAUSE_MS);
  }

  const answer = fetcher.data;
  const current = answer !== undefined && answer.query === wanted;
  // While the next answer is on its way, the last one stays (the list does not flicker as the owner types).
  const results = wanted && answer ? answer.products : [];
  const searching = wanted !== '' && !current;
  const chosen = new Set(value.map((p) => p.slug));
  const full = multiple && max !== undefined && value.length >= max;
  const expanded = open && wanted !== '' && results.length > 0;

  let status = '';
  if (wanted && open) {
    if (searching) status = 'Searching…';
    else if (answer?.failed) status = 'The search failed. Please try again.';
    else if (results.length === 0) status = `No product matches “${wanted}”.`;
    else status = `${results.length} ${results.length === 1 ? 'product' : 'products'} found. Use the arrow keys to choose.`;
  }

  function choose(product: ProductChoice) {
    if (multiple) {
      if (chosen.has(product.slug)) {
        setAnnouncement(`${product.name} is already chosen.`);
        return;
      }
      if (full) {
        setAnnouncement(`Choose at most ${max} products.`);
        return;
      }
      onChange([...value, product]);
      setAnnouncement(`Added ${product.name}. ${value.length + 1} ${value.length + 1 === 1 ? 'product' : 'products'} chosen.`);
    } else {
      onChange([product]);
      setAnnouncement(`Chose ${product.name}.`);
    }
    search('');
    setOpen(false);
    setActive(-1);
    inputRef.current?.focus();
  }

  function remove(index: number) {
    const product = value[index]!;
    onChange(value.filter((_, i) => i !== index));
    setAnnouncement(`Removed ${product.name}.`);
    // Focus stays in the list: on the next product's remove button, else the previous one's, else the search box.
    requestAnimationFrame(() => {
      const buttons = chosenRef.current?.querySelectorAll<HTMLButtonElement>('button[data-remove]');
      const next = buttons?.[Math.min(index, buttons.length - 1)];
      (next ?? inputRef.current)?.focus();
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!results.length) return;
        setOpen(true);
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((i) => (i < 0 ? (step > 0 ? 0 : results.length - 1) : (i + step + results.length) % results.length));
        return;
      }
      case 'Enter':
        // Enter in the search box chooses; it never sends the whole form half-filled.
        event.preventDefault();
        if (expanded && active >= 0 && results[active]) choose(results[active]);
        else if (expanded && results.length === 1) choose(results[0]!);
        return;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (query) {
          event.preventDefault();
          search('');
        }
        return;
    }
  }

  const optionId = (i: number) => `${listId}-option-${i}`;
  return (
    <Field label={label} errors={errors} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <div className="grid gap-2">
          <div className="relative">
            <input
              ref={inputRef}
              id={id}
              type="search"
              role="combobox"
              autoComplete="off"
              spellCheck={false}
              enterKeyHint="search"
              placeholder={multiple ? 'Type a product’s name to add it' : value.length ? 'Type to choose another product' : 'Type a product’s name'}
              aria-autocomplete="list"
              aria-expanded={expanded}
              aria-controls={listId}
              aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
              aria-describedby={[describedBy, statusId].filter(Boolean).join(' ')}
              aria-invalid={invalid}
              value={query}
              onChange={(e) => {
                search(e.target.value);
                setOpen(true);
                setActive(-1);
              }}
              onFocus={() => {
                setOpen(true);
                onFocus?.();
              }}
              onBlur={() => {
                setOpen(false);
                setActive(-1);
              }}
              onKeyDown={onKeyDown}
              className={inputClass}
            />
            <ul
              id={listId}
              role="listbox"
              aria-label={`${label}: matches`}
              aria-busy={searching}
              hidden={!expanded}
              className="absolute inset-x-0 top-full z-30 mt-1 max-h-72 overflow-y-auto rounded-lg bg-white py-1 shadow-lg ring-1 ring-teak-200"
            >
              {results.map((p, i) => {
                const taken = chosen.has(p.slug);
                return (
                  <li
                    key={p.slug}
                    id={optionId(i)}
                    role="option"
                    aria-selected={taken}
                    // The search box keeps the focus: the choice is made on release, not on blur.
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => choose(p)}
                    onMouseMove={() => setActive(i)}
                    className={`flex min-h-11 cursor-pointer items-center gap-3 px-3 py-1.5 text-sm ${i === active ? 'bg-teak-100' : ''}`}
                  >
                    <Thumb src={p.image} />
                    <span className="min-w-0 flex-1 break-words">
                      <span className="block font-semibold text-teak-900">{p.name}</span>
                      <span className="block text-teak-700">
                        {formatRupees(p.price)}
                        {p.in_stock ? '' : ' · sold out or off sale'}
                        {taken ? ' · chosen' : ''}
                      </span>
                    </span>
                    {taken ? (
                      <span aria-hidden className="font-bold text-teak-700">
                        ✓
                      </span>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </div>
          {/* The search's state shows under the box; what was added or removed is only announced (the list shows it). */}
          <p id={statusId} role="status" className={status ? 'text-xs text-teak-700' : 'sr-only'}>
            {status || announcement}
          </p>
          {value.length ? (
            <ul ref={chosenRef} className="grid gap-2" aria-label={`${label}: chosen`}>
              {value.map((p, i) => (
                <li key={p.slug} className="flex items-center gap-3 rounded-lg bg-teak-50 p-2 ring-1 ring-teak-200">
                  <Thumb src={p.image} />
                  <span className="min-w-0 flex-1 text-sm break-words">
                    <span className="block font-semibold text-teak-900">{p.name}</span>
                    <span className="block text-teak-700">
                      {formatRupees(p.price)}
                      {p.in_stock ? null : <span className="text-amber-800"> · sold out or off sale: visitors do not see it</span>}
                    </span>
                  </span>
                  <button
                    type="button"
                    data-remove
                    className={`${secondaryButton} shrink-0`}
                    aria-label={`Remove ${p.name}`}
                    onClick={() => remove(i)}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          ) : multiple ? (
            <p className="text-sm text-teak-700">No products chosen yet.</p>
          ) : null}
        </div>
      )}
    </Field>
  );
}

/**
 * The products of a room or a collection: a picker whose choice the form posts under `name` as a JSON list
 * of slugs, which the contract's schema for the form reads (`products`).
 */
export function ProductListField({
  label,
  name,
  initial,
  errors,
  hint,
  max,
}: {
  label: string;
  name: string;
  initial: ProductChoice[];
  errors?: string[] | null;
  hint?: string;
  max?: number;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <input type="hidden" name={name} value={JSON.stringify(value.map((p) => p.slug))} />
      <ProductPicker label={label} value={value} onChange={setValue} multiple errors={errors} hint={hint} max={max} />
    </>
  );
}
