import { useId, useRef, useState } from 'react';
import { Form, useNavigate } from 'react-router';
import type { Product } from '../../../contract/catalog';
import { formatRupees } from '../../../contract/format';

const DEBOUNCE_MS = 300;
const CLOSE_DELAY_MS = 150;
const MAX_SUGGESTIONS = 5;

/**
 * The home search: suggestions after a 300 ms pause (at most 5), arrow keys to move, Enter to open one
 * or to see every result on /search. Without JavaScript it is a plain GET form to /search.
 */
export function SearchBox() {
  const [text, setText] = useState('');
  const [results, setResults] = useState<Product[]>([]);
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(-1);
  const navigate = useNavigate();
  const listId = useId();
  const closeTimer = useRef<number | undefined>(undefined);

  // The suggestions asked for the last text typed: a newer keystroke drops the older wait (and its request).
  const pending = useRef<{ timer: number; controller: AbortController } | null>(null);
  const drop = () => {
    if (!pending.current) return;
    window.clearTimeout(pending.current.timer);
    pending.current.controller.abort();
    pending.current = null;
  };

  const type = (value: string) => {
    setText(value);
    drop();
    const q = value.trim();
    if (!q) {
      setResults([]);
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      fetch(`/api/products/?search=${encodeURIComponent(q)}&limit=${MAX_SUGGESTIONS}`, { signal: controller.signal })
        .then((res) => (res.ok ? (res.json() as Promise<Product[]>) : []))
        .then((list) => {
          setResults(list.slice(0, MAX_SUGGESTIONS));
          setHighlight(-1);
          setOpen(true);
        })
        .catch(() => {
          if (!controller.signal.aborted) setResults([]); // failures give no suggestions, silently
        });
    }, DEBOUNCE_MS);
    pending.current = { timer, controller };
  };

  const choose = (product: Product) => {
    drop();
    setText('');
    setResults([]);
    setOpen(false);
    void navigate(`/product/${product.slug}`);
  };

  const expanded = open && results.length > 0;
  return (
    <Form action="/search" method="get" role="search" className="relative mx-auto w-full max-w-2xl">
      <label htmlFor={`${listId}-input`} className="sr-only">
        Search for your product
      </label>
      <input
        id={`${listId}-input`}
        name="q"
        type="search"
        autoComplete="off"
        placeholder="Search for your product"
        value={text}
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={highlight >= 0 ? `${listId}-${highlight}` : undefined}
        onChange={(e) => type(e.target.value)}
        onFocus={() => {
          window.clearTimeout(closeTimer.current);
          if (results.length) setOpen(true);
        }}
        onBlur={() => {
          closeTimer.current = window.setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
        }}
        onKeyDown={(e) => {
          if (!expanded) return;
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setHighlight((h) => (h + 1) % results.length);
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setHighlight((h) => (h <= 0 ? results.length - 1 : h - 1));
          } else if (e.key === 'Escape') {
            setOpen(false);
          } else if (e.key === 'Enter' && highlight >= 0) {
            e.preventDefault();
            choose(results[highlight]!);
          }
        }}
        className="w-full rounded-full border border-teak-200 bg-white py-4 pr-14 pl-6 text-base shadow-sm placeholder:text-teak-400 focus:border-teak-500"
      />
      <button
        type="submit"
        className="absolute top-1/2 right-2 grid h-11 w-11 -translate-y-1/2 place-items-center rounded-full bg-teak-600 text-white hover:bg-teak-700"
      >
        <span className="sr-only">Search</span>
        <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" strokeLinecap="round" />
        </svg>
      </button>
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-30 mt-2 overflow-hidden rounded-2xl bg-white shadow-lg ring-1 ring-teak-200"
      >
        {results.map((p, i) => (
          <li
            key={p.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === highlight}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(p)}
            className={`flex cursor-pointer items-center justify-between gap-4 px-5 py-3 text-sm ${i === highlight ? 'bg-teak-100' : 'hover:bg-teak-50'}`}
          >
            <span className="font-medium text-teak-900">{p.name}</span>
            <span className="shrink-0 text-teak-700">{formatRupees(p.price)}</span>
          </li>
        ))}
      </ul>
    </Form>
  );
}
