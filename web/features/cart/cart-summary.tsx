import { useEffect, useId, useRef } from 'react';
import { SHIPPING_OPTIONS, type ShippingMethod } from '../../../contract/cart-values';
import { formatPaise, formatRupees, toPaise } from '../../../contract/format';

interface CartSummaryProps {
  subtotal: number;
  itemCount: number;
  shipping: ShippingMethod;
  onShipping: (method: ShippingMethod) => void;
  /** The action under the totals (Check Out, or nothing once the address step is open). */
  children?: React.ReactNode;
  shippingLocked?: boolean;
  /** Each method's charge (rupees) to the known pincode, as the server priced it; the spec's flat rates without one. */
  prices?: Partial<Record<ShippingMethod, number>>;
  /** What the page says about the delivery under its charge: the window to the known pincode, or why not. */
  deliveryNote?: React.ReactNode;
  /** The known pincode is not served: no charge is shown or added (the note says why). */
  deliveryUnavailable?: boolean;
  /** The pincode the charge is priced to (the chosen address's, or the one checked); none for the flat rates. */
  pincode?: string | null;
  /** False where Express would not bring the order materially sooner (decision 0040): Standard only. */
  expressOffered?: boolean;
}

export function shippingPrice(method: ShippingMethod, prices?: Partial<Record<ShippingMethod, number>>): number {
  return prices?.[method] ?? SHIPPING_OPTIONS.find((o) => o.id === method)?.price ?? 0;
}

/** A shipping choice as the select offers it: the spec's name and its price, "Standard Delivery ₹500". */
export function shippingOptionText(option: { label: string; price: number }): string {
  return `${option.label} ${formatRupees(option.price)}`;
}

/**
 * Subtotal, the shipping choice and the total (item sum + shipping). Amounts arrive in rupees and are added
 * in whole paise, so a piece at ₹12,999.50 makes a total of exactly ₹13,499.50, the amount the payment asks.
 * Totals show two decimals, as the spec asks.
 */
export function CartSummary({
  subtotal,
  itemCount,
  shipping,
  onShipping,
  children,
  shippingLocked,
  prices,
  deliveryNote,
  deliveryUnavailable,
  pincode,
  expressOffered = true,
}: CartSummaryProps) {
  const id = useId();
  const select = useRef<HTMLSelectElement>(null);
  // A choice made before the page was interactive stays in the select but not in React's state: it is read
  // once on hydration, so the total and the payment follow what the buyer sees selected.
  useEffect(() => {
    const chosen = select.current?.value as ShippingMethod | undefined;
    if (chosen && chosen !== shipping && SHIPPING_OPTIONS.some((o) => o.id === chosen)) onShipping(chosen);
    // Only the first render can differ from the page the server sent.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const totalPaise = toPaise(subtotal) + (deliveryUnavailable ? 0 : toPaise(shippingPrice(shipping, prices)));
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-3xl bg-white p-6 ring-1 ring-teak-200/60 lg:sticky lg:top-24">
      <h2 id={`${id}-title`} className="text-2xl text-teak-900">
        Order summary
      </h2>
      <dl className="mt-5 space-y-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-teak-800">
            Subtotal ({itemCount} {itemCount === 1 ? 'item' : 'items'})
          </dt>
          <dd className="font-medium text-ink">{formatPaise(toPaise(subtotal), { decimals: 'always' })}</dd>
        </div>
        <div>
          <dt>
            <label htmlFor={`${id}-shipping`} className="text-teak-800">
              Shipping
            </label>
          </dt>
          <dd className="mt-2">
            <select
              ref={select}
              id={`${id}-shipping`}
              value={shipping}
              disabled={shippingLocked}
              onChange={(e) => onShipping(e.target.value as ShippingMethod)}
              className="w-full rounded-xl border border-teak-200 bg-white px-4 py-3 text-ink focus:border-teak-500 focus:ring-2 focus:ring-teak-200 focus:outline-none"
            >
              {SHIPPING_OPTIONS.filter((o) => expressOffered || o.id !== 'express').map((o) => (
                <option key={o.id} value={o.id}>
                  {deliveryUnavailable ? o.label : shippingOptionText({ label: o.label, price: shippingPrice(o.id, prices) })}
                </option>
              ))}
            </select>
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-teak-800">{pincode && !deliveryUnavailable ? `Delivery to ${pincode}` : 'Delivery'}</dt>
          <dd className="font-medium text-ink">{deliveryUnavailable ? 'Not available' : formatRupees(shippingPrice(shipping, prices))}</dd>
        </div>
        {deliveryNote ? <div className="text-sm">{deliveryNote}</div> : null}
        <div className="flex items-baseline justify-between gap-4 border-t border-teak-200/70 pt-4">
          <dt className="text-base font-semibold text-teak-900">
            Total
            {deliveryUnavailable ? <span className="block text-xs font-normal text-teak-700">without delivery</span> : null}
          </dt>
          <dd className="text-2xl font-semibold text-ink" aria-live="polite">
            {formatPaise(totalPaise, { decimals: 'always' })}
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-teak-700">Inclusive of GST. The delivery charge depends on the pincode and the pieces’ weight.</p>
      {children ? <div className="mt-6">{children}</div> : null}
    </section>
  );
}
