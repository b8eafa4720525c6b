import { useEffect, useId, useState } from 'react';
import type { Address, AddressInput } from '../../../contract/orders';
import { deleteAddress, fetchAddresses } from './address-api';
import { AddressForm } from './address-form';

interface AddressStepProps {
  /** Picking an address starts payment at once (the spec's flow); a new address too, once saved. */
  onChoose: (address: Address) => void;
  /** While a payment is under way the addresses cannot start another. */
  busy: boolean;
  notify: (message: string, tone?: 'success' | 'error') => void;
  prefill?: Partial<AddressInput>;
  /** The small line above the heading; the cart names the step, the address screen needs none. */
  eyebrow?: string;
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

export function AddressStep({ onChoose, busy, notify, prefill, eyebrow }: AddressStepProps) {
  const headingId = useId();
  const [addresses, setAddresses] = useState<Address[] | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<number | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchAddresses(controller.signal)
      .then((list) => {
        setAddresses(list);
        // With nothing saved yet, the form is the only way forward: show it straight away.
        if (list.length === 0) setAdding(true);
      })
      .catch((err: unknown) => {
        if (err instanceof DOMException && err.name === 'AbortError') return;
        setLoadError(true);
        setAddresses([]);
      });
    return () => controller.abort();
  }, []);

  async function remove(address: Address) {
    setDeleting(address.id);
    try {
      await deleteAddress(address.id);
      setAddresses((list) => (list ?? []).filter((a) => a.id !== address.id));
      notify('Address deleted successfully');
    } catch {
      notify('Failed to delete address', 'error');
    } finally {
      setDeleting(null);
    }
  }

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
          <button type="button" className="btn border border-teak-300 bg-white text-teak-800 hover:bg-teak-50" onClick={() => setAdding(true)}>
            <span aria-hidden>+</span> Add New Address
          </button>
        ) : null}
      </div>
      <p className="mt-2 text-sm text-teak-700">Choose where your furniture should go; payment opens as soon as you pick an address.</p>

      {addresses === null ? (
        <p role="status" className="mt-6 text-teak-800">
          Loading your addresses…
        </p>
      ) : null}
      {loadError ? (
        <p role="alert" className="mt-6 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
          We could not load your saved addresses. You can still add a new one.
        </p>
      ) : null}

      {addresses && addresses.length > 0 ? (
        <ul className="mt-6 grid gap-4 md:grid-cols-2" aria-label="Saved addresses">
          {addresses.map((address) => (
            <li
              key={address.id}
              className="flex flex-col justify-between gap-4 rounded-2xl bg-white p-5 ring-1 ring-teak-200/70 transition hover:ring-teak-400"
            >
              <AddressLines address={address} />
              <div className="flex flex-wrap items-center gap-3">
                <button
                  type="button"
                  className="btn-primary px-5 py-2.5"
                  disabled={busy}
                  onClick={() => onChoose(address)}
                  aria-label={`Deliver here: ${address.first_name} ${address.last_name}, ${address.address_line1}, ${address.city}`}
                >
                  Deliver here
                </button>
                <button
                  type="button"
                  className="rounded-full px-3 py-2 text-sm font-semibold text-teak-700 underline-offset-4 hover:text-red-700 hover:underline disabled:opacity-50"
                  disabled={busy || deleting === address.id}
                  onClick={() => void remove(address)}
                  aria-label={`Delete the address of ${address.first_name} ${address.last_name}, ${address.address_line1}`}
                >
                  {deleting === address.id ? 'Deleting…' : 'Delete'}
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}

      {adding ? (
        <div className="mt-6">
          <AddressForm
            initial={prefill}
            submitLabel="Save and pay"
            onSaved={(saved) => {
              setAddresses((list) => [...(list ?? []), saved]);
              setAdding(false);
              onChoose(saved);
            }}
            onCancel={addresses && addresses.length > 0 ? () => setAdding(false) : undefined}
          />
        </div>
      ) : null}
    </section>
  );
}
