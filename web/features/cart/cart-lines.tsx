import { useId } from 'react';
import { Link, useFetcher } from 'react-router';
import type { CartItem } from '../../../contract/cart';
import { CART_QUANTITY_MAX } from '../../../contract/cart-values';
import { formatRupees } from '../../../contract/format';
import { leadTimeText, madeToOrderIn } from '../../../contract/lead-time';
import { Picture } from '../../components/ui/picture';
import type { Answer } from '../../lib/answer';

/** What the cart's action answers about one line: the line, and a sentence when it refused the change. */
export type LineExtra = { itemId: number | null };
export type LineAnswer = Answer<LineExtra>;

/** The cart page's action (web/routes/cart.tsx): quantity and remove are forms posting to it, with or without scripts. */
export const CART_ACTION = '/cart';

function QuantityForm({ item, fetcher, busy }: { item: CartItem; fetcher: ReturnType<typeof useFetcher<LineAnswer>>; busy: boolean }) {
  const id = useId();

  // The typed quantity is sent by Enter or by leaving the field. Below 1, above the cap, not a whole number or
  // unchanged, it is ignored, as the spec says: the line keeps its quantity (without scripts the server says why).
  function check(event: React.FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter instanceof HTMLButtonElement && submitter.name === 'set') return;
    const input = event.currentTarget.elements.namedItem('quantity') as HTMLInputElement;
    const n = Number(input.value);
    if (!Number.isInteger(n) || n < 1 || n > CART_QUANTITY_MAX || n === item.quantity) {
      event.preventDefault();
      input.value = String(item.quantity);
    }
  }

  return (
    <fetcher.Form method="post" action={CART_ACTION} onSubmit={check} noValidate>
      <input type="hidden" name="intent" value="quantity" />
      <input type="hidden" name="item_id" value={item.id} />
      {/* The form's default button: Enter in the field sends the typed quantity (first in the form on purpose). */}
      <button type="submit" className="sr-only" disabled={busy}>
        Update quantity of {item.product.name}
      </button>
      <label htmlFor={id} className="sr-only">
        Quantity of {item.product.name}
      </label>
      <div className="flex items-center rounded-full border border-teak-200 bg-white">
        <button
          type="submit"
          name="set"
          value={item.quantity - 1}
          aria-label={`Decrease quantity of ${item.product.name}`}
          disabled={busy || item.quantity <= 1}
          className="grid h-10 w-10 place-items-center rounded-full text-lg text-teak-800 hover:bg-teak-50 disabled:opacity-30"
        >
          −
        </button>
        <input
          // A new quantity from the server starts the field over.
          key={item.quantity}
          id={id}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={CART_QUANTITY_MAX}
          defaultValue={item.quantity}
          readOnly={busy}
          onBlur={(e) => {
            if (e.currentTarget.value !== String(item.quantity)) e.currentTarget.form?.requestSubmit();
          }}
          className="w-10 [appearance:textfield] bg-transparent text-center font-semibold text-ink [&::-webkit-inner-spin-button]:appearance-none"
        />
        <button
          type="submit"
          name="set"
          value={item.quantity + 1}
          aria-label={`Increase quantity of ${item.product.name}`}
          disabled={busy || item.quantity >= CART_QUANTITY_MAX}
          className="grid h-10 w-10 place-items-center rounded-full text-lg text-teak-800 hover:bg-teak-50 disabled:opacity-30"
        >
          +
        </button>
      </div>
    </fetcher.Form>
  );
}

function CartLine({ item, noScriptAnswer }: { item: CartItem; noScriptAnswer: LineAnswer | undefined }) {
  const fetcher = useFetcher<LineAnswer>({ key: `cart-line-${item.id}` });
  const busy = fetcher.state !== 'idle';
  const answer = fetcher.data ?? (noScriptAnswer?.itemId === item.id ? noScriptAnswer : undefined);
  return (
    <li className="py-5" aria-busy={busy}>
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
            <p className="mt-1 text-sm font-medium text-teak-800">{leadTimeText(item.product, item.finish)}</p>
            {!item.product.in_stock ? <p className="mt-1 text-sm font-semibold text-red-700">Currently unavailable</p> : null}
          </div>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2 sm:flex-col sm:flex-nowrap sm:items-end sm:gap-4">
            <p className="w-full font-semibold text-ink sm:w-auto">
              <span className="sr-only">Line total: </span>
              {formatRupees(item.total)}
            </p>
            <div className="flex items-center gap-3">
              <QuantityForm item={item} fetcher={fetcher} busy={busy} />
              <fetcher.Form method="post" action={CART_ACTION}>
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="item_id" value={item.id} />
                <button
                  type="submit"
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
              </fetcher.Form>
            </div>
          </div>
        </div>
      </article>
      {answer && !answer.ok ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {answer.message}
        </p>
      ) : null}
    </li>
  );
}

interface CartLinesProps {
  items: CartItem[];
  /** The action's answer to a form sent without scripts (with scripts each line's fetcher holds its own). */
  noScriptAnswer?: LineAnswer;
}

/**
 * A cart of ready and made-to-order pieces travels as one delivery (decision 0047): the ready piece waits for the
 * made one, so the buyer is told before she pays.
 */
export function mixedDispatchText(items: CartItem[]): string | null {
  const made = items.filter((i) => madeToOrderIn(i.product, i.finish));
  if (made.length === 0 || made.length === items.length) return null;
  const ready = items.length - made.length;
  return `Your ready ${ready === 1 ? 'piece is' : 'pieces are'} sent with the made-to-order ${made.length === 1 ? 'one' : 'ones'}, in one delivery, once ${made.length === 1 ? 'it is' : 'they are'} made.`;
}

export function CartLines({ items, noScriptAnswer }: CartLinesProps) {
  const mixed = mixedDispatchText(items);
  return (
    <>
      {mixed ? <p className="mb-3 rounded-2xl bg-teak-50 px-4 py-3 text-sm text-teak-900 ring-1 ring-teak-200/60">{mixed}</p> : null}
      <ul className="divide-y divide-teak-200/70 rounded-3xl bg-white px-4 ring-1 ring-teak-200/60 sm:px-6" aria-label="Items in your cart">
        {items.map((item) => (
          <CartLine key={item.id} item={item} noScriptAnswer={noScriptAnswer} />
        ))}
      </ul>
    </>
  );
}
