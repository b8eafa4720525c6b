import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import type { CartItem } from '../../../contract/cart';
import { CART_QUANTITY_MAX } from '../../../contract/cart-values';
import { formatRupees } from '../../../contract/format';
import { Picture } from '../../components/ui/picture';

function QuantityControl({ item, disabled, onChange }: { item: CartItem; disabled: boolean; onChange: (quantity: number) => void }) {
  const id = useId();
  const [text, setText] = useState(String(item.quantity));
  useEffect(() => setText(String(item.quantity)), [item.quantity]);

  const commit = () => {
    const n = Number(text);
    // Below 1 (or not a whole number) is ignored, as the spec says: the line keeps its quantity.
    if (Number.isInteger(n) && n >= 1 && n <= CART_QUANTITY_MAX) onChange(n);
    else setText(String(item.quantity));
  };

  return (
    <div>
      <label htmlFor={id} className="sr-only">
        Quantity of {item.product.name}
      </label>
      <div className="flex items-center rounded-full border border-teak-200 bg-white">
        <button
          type="button"
          aria-label={`Decrease quantity of ${item.product.name}`}
          disabled={disabled || item.quantity <= 1}
          onClick={() => onChange(item.quantity - 1)}
          className="grid h-10 w-10 place-items-center rounded-full text-lg text-teak-800 hover:bg-teak-50 disabled:opacity-30"
        >
          −
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={CART_QUANTITY_MAX}
          value={text}
          disabled={disabled}
          onChange={(e) => setText(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit();
          }}
          className="w-10 [appearance:textfield] bg-transparent text-center font-semibold text-ink [&::-webkit-inner-spin-button]:appearance-none"
        />
        <button
          type="button"
          aria-label={`Increase quantity of ${item.product.name}`}
          disabled={disabled || item.quantity >= CART_QUANTITY_MAX}
          onClick={() => onChange(item.quantity + 1)}
          className="grid h-10 w-10 place-items-center rounded-full text-lg text-teak-800 hover:bg-teak-50 disabled:opacity-30"
        >
          +
        </button>
      </div>
    </div>
  );
}

interface CartLinesProps {
  items: CartItem[];
  pending: Set<number>;
  lineError: { itemId: number; message: string } | null;
  onQuantity: (item: CartItem, quantity: number) => void;
  onRemove: (item: CartItem) => void;
}

export function CartLines({ items, pending, lineError, onQuantity, onRemove }: CartLinesProps) {
  return (
    <ul className="divide-y divide-teak-200/70 rounded-3xl bg-white px-4 ring-1 ring-teak-200/60 sm:px-6" aria-label="Items in your cart">
      {items.map((item) => {
        const busy = pending.has(item.id);
        return (
          <li key={item.id} className="py-5" aria-busy={busy}>
            <article aria-label={item.product.name} className="flex gap-4 sm:gap-6">
              <Link
                to={`/product/${item.product.slug}`}
                className="block w-24 shrink-0 self-start overflow-hidden rounded-2xl bg-teak-100 sm:w-32"
                tabIndex={-1}
                aria-hidden
              >
                <Picture src={item.image ?? item.product.image} alt="" sizes="128px" className="aspect-square w-full object-cover" />
              </Link>
              <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:justify-between">
                <div className="min-w-0">
                  <h3 className="font-display text-lg leading-snug text-teak-900">
                    <Link to={`/product/${item.product.slug}`} className="hover:text-teak-600">
                      {item.product.name}
                    </Link>
                  </h3>
                  {item.finish ? (
                    <p className="mt-1 text-sm text-teak-700">
                      Finish: <span className="font-medium text-teak-900">{item.finish}</span>
                    </p>
                  ) : null}
                  <p className="mt-1 text-sm text-teak-700">{formatRupees(item.product.price)} each</p>
                  {!item.product.in_stock ? <p className="mt-1 text-sm font-semibold text-red-700">Currently unavailable</p> : null}
                </div>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-2 sm:flex-col sm:flex-nowrap sm:items-end sm:gap-4">
                  <p className="w-full font-semibold text-ink sm:w-auto">
                    <span className="sr-only">Line total: </span>
                    {formatRupees(item.total)}
                  </p>
                  <div className="flex items-center gap-3">
                    <QuantityControl item={item} disabled={busy} onChange={(q) => onQuantity(item, q)} />
                    <button
                      type="button"
                      onClick={() => onRemove(item)}
                      disabled={busy}
                      aria-label={`Remove ${item.product.name}`}
                      className="grid h-10 w-10 place-items-center rounded-full text-teak-600 hover:bg-red-50 hover:text-red-700 disabled:opacity-40"
                    >
                      <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8">
                        <path
                          d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3"
                          strokeLinecap="round"
                          strokeLinejoin="round"
                        />
                      </svg>
                    </button>
                  </div>
                </div>
              </div>
            </article>
            {lineError?.itemId === item.id ? (
              <p role="alert" className="mt-3 text-sm text-red-700">
                {lineError.message}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
