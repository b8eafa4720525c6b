import { useId, useState } from 'react';
import { useFetcher, useLocation, useSearchParams } from 'react-router';
import type { ShippingMethod } from '../../../contract/cart-values';
import { formatPaise } from '../../../contract/format';
import type { Address, AddressInput } from '../../../contract/orders';
import { useHydrated } from '../../lib/use-hydrated';
import { AddressForm } from './address-form';
import { CHECKOUT_ACTION, type CheckoutAnswer, type usePayment } from './use-payment';

interface AddressStepProps {
  /** The buyer's saved addresses, from the page's loader (it reads them again after every change). */
  addresses: Address[];
  /** Picking an address starts this payment at once (the spec's flow); a new address too, once saved. */
  payment: ReturnType<typeof usePayment>;
  prefill?: Partial<AddressInput>;
  /** The small line above the heading; the cart names the step, the address screen needs none. */
  eyebrow?: string;
  /** The delivery to an address's pincode, as the page's loader priced it: the total to pay there and the window, or why not. */
  deliveryTo?: (pincode: string) => AddressDelivery | null;
  /** A complete pincode typed in the new address form (see AddressForm). */
  onPincode?: (pincode: string) => void;
  /** Deliver here was pressed for an address with this pincode: the summary follows it. */
  onChoose?: (pincode: string) => void;
}

/** What a saved address's card says about the delivery there. */
export interface AddressDelivery {
  served: boolean;
  /** The window (or the refusal) sentence. */
  sentence: string | null;
  /** The method charged to this address: the buyer's choice where it is offered there, else Standard (decision 0046). */
  method: ShippingMethod;
  /** The buyer's choice is not offered here: the card says so and is priced by the method that is. */
  fellBack: boolean;
  /** The delivery charge to this address, in paise. */
  shippingPaise: number;
  /** The total to pay with delivery to this address, in paise. */
  amountPaise: number;
}

export function AddressLines({ address }: { address: Omit<Address, 'id'> }) {
  return (
    <address className="text-sm leading-relaxed text-teak-800 not-italic">
      <span className="block font-semibold text-teak-900">
        {address.first_name} {address.last_name}
      </span>
      {address.address_line1}
      {address.address_line2 ? `, ${address.address_line2}` : ''}
      <br />
      {address.city}, {address.state} {address.postal_code}
      <br />
      {address.country} · {address.phone}
    </address>
  );
}

export function AddressStep({ addresses, payment, prefill, eyebrow, deliveryTo, onPincode, onChoose }: AddressStepProps) {
  const headingId = useId();
  // With nothing saved yet, the form is the only way forward: it shows straight away.
  const [adding, setAdding] = useState(addresses.length === 0);
  // Choosing an address and opening the payment are the page's script: until it runs, these buttons wait.
  const hydrated = useHydrated();
  const remover = useFetcher<CheckoutAnswer>();
  // The address whose deletion waits for a yes: asked in the card, or by the address (?delete-address=) without scripts.
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const [confirming, setConfirming] = useState<number | null>(() => Number(params.get('delete-address')) || null);
  const deleting = remover.state !== 'idle' ? Number(remover.formData?.get('id')) : null;
  // A cart paid meanwhile (another tab) offers no payment again.
  const busy = payment.busy || payment.paidIn !== null;

  // A saved address closes the form (the page's loader lists it); told during render, not after.
  const answer = payment.opener.data;
  const [seen, setSeen] = useState(answer);
  if (answer !== seen) {
    setSeen(answer);
    if (answer?.intent === 'address' && (answer.ok || answer.message !== null)) setAdding(false);
  }

  const deliverTo = (address: Address) => {
    onChoose?.(address.postal_code);
    const delivery = deliveryTo?.(address.postal_code);
    payment.start({
      addressId: address.id,
      prefill: { name: `${address.first_name} ${address.last_name}`, email: address.email, contact: address.phone },
      amountPaise: delivery?.amountPaise,
      shippingMethod: delivery?.method,
    });
  };

  return (
    <section aria-labelledby={headingId} className="mt-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          {eyebrow ? <p className="text-xs font-semibold tracking-[0.2em] text-teak-600 uppercase">{eyebrow}</p> : null}
          <h2 id={headingId} tabIndex={-1} className="mt-1 text-2xl text-teak-900 outline-none sm:text-3xl">
            Delivery address
          </h2>
        </div>
        {!adding ? (
          <button
            type="button"
            className="btn border border-teak-300 bg-white text-teak-800 hover:bg-teak-50"
            disabled={!hydrated}
            onClick={() => setAdding(true)}
          >
            <span aria-hidden>+</span> Add New Address
          </button>
        ) : null}
      </div>
      <p className="mt-2 text-sm text-teak-700">Choose where your furniture should go; payment opens as soon as you pick an address.</p>

      {addresses.length > 0 ? (
        <ul className="mt-6 grid gap-4 md:grid-cols-2" aria-label="Saved addresses">
          {addresses.map((address) => {
            const delivery = deliveryTo?.(address.postal_code) ?? null;
            return (
              <li
                key={address.id}
                className="flex flex-col justify-between gap-4 rounded-2xl bg-white p-5 ring-1 ring-teak-200/70 transition hover:ring-teak-400"
              >
                <AddressLines address={address} />
                {delivery?.sentence ? <p className={`text-sm ${delivery.served ? 'text-leaf' : 'text-red-800'}`}>{delivery.sentence}</p> : null}
                {/* What Deliver here asks to pay, before any payment opens: the charge to this pincode and the total. */}
                {delivery?.served ? (
                  <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-xl bg-sand px-3 py-2.5 text-sm" data-testid="address-total">
                    {delivery.fellBack ? (
                      <dd className="col-span-2 text-teak-800">Express is not offered to {address.postal_code}: Standard Delivery here.</dd>
                    ) : null}
                    <dt className="text-teak-800">
                      {delivery.method === 'express' ? 'Express delivery' : 'Delivery'} to {address.postal_code}
                    </dt>
                    <dd className="text-right font-medium text-ink">{formatPaise(delivery.shippingPaise, { decimals: 'always' })}</dd>
                    <dt className="font-semibold text-teak-900">Total</dt>
                    <dd className="text-right font-semibold text-ink">{formatPaise(delivery.amountPaise, { decimals: 'always' })}</dd>
                  </dl>
                ) : null}
                <button
                  type="button"
                  className="btn-primary w-full px-5 py-3 sm:w-auto sm:py-2.5"
                  disabled={!hydrated || busy || delivery?.served === false}
                  onClick={() => deliverTo(address)}
                  aria-label={`Deliver here: ${address.first_name} ${address.last_name}, ${address.address_line1}, ${address.city}${delivery?.served ? `, pay ${formatPaise(delivery.amountPaise, { decimals: 'always' })}` : ''}`}
                >
                  Deliver here
                </button>
                {/* Deleting is set apart from Deliver here, below a rule, and asks first: a second step in the card
                    (a plain GET adds ?delete-address= without scripts, so it asks there too). */}
                <div className="border-t border-teak-200/70 pt-3">
                  {confirming === address.id ? (
                    <div role="group" aria-label="Delete this address?" className="space-y-3">
                      <p className="text-sm font-semibold text-teak-900">Delete this address? It cannot be brought back.</p>
                      <div className="flex flex-wrap items-center gap-3">
                        <remover.Form method="post" action={CHECKOUT_ACTION}>
                          <input type="hidden" name="intent" value="delete-address" />
                          <input type="hidden" name="id" value={address.id} />
                          <button
                            type="submit"
                            className="btn bg-red-700 px-5 py-2.5 text-white hover:bg-red-800"
                            disabled={busy || deleting === address.id}
                            aria-label={`Yes, delete the address of ${address.first_name} ${address.last_name}, ${address.address_line1}`}
                          >
                            {deleting === address.id ? 'Deleting…' : 'Yes, delete'}
                          </button>
                        </remover.Form>
                        <a
                          href={pathname}
                          autoFocus
                          onClick={(event) => {
                            event.preventDefault();
                            setConfirming(null);
                          }}
                          className="rounded-full px-3 py-2 text-sm font-semibold text-teak-800 underline-offset-4 hover:underline"
                        >
                          Keep it
                        </a>
                      </div>
                    </div>
                  ) : (
                    <form
                      method="get"
                      action={pathname}
                      onSubmit={(event) => {
                        event.preventDefault();
                        setConfirming(address.id);
                      }}
                      className="flex justify-end"
                    >
                      <input type="hidden" name="delete-address" value={address.id} />
                      <button
                        type="submit"
                        className="rounded-full px-3 py-2 text-sm font-semibold text-teak-700 underline-offset-4 hover:text-red-700 hover:underline disabled:opacity-50"
                        disabled={busy}
                        aria-label={`Delete the address of ${address.first_name} ${address.last_name}, ${address.address_line1}`}
                      >
                        Delete address
                      </button>
                    </form>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}

      {adding ? (
        <div className="mt-6">
          <AddressForm
            payment={payment}
            initial={prefill}
            submitLabel="Save and pay"
            onPincode={onPincode}
            onCancel={addresses.length > 0 ? () => setAdding(false) : undefined}
          />
        </div>
      ) : null}
    </section>
  );
}
