import { useId, useState } from 'react';
import { type Address, type AddressInput, addressInputSchema } from '../../../contract/orders';
import { ApiError } from '../../lib/api';
import { createAddress } from './address-api';
import { INDIAN_STATES } from './indian-states';

type Field = keyof AddressInput;
type Errors = Partial<Record<Field, string>>;

type Values = Record<Field, string>;

const EMPTY: Values = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  address_line1: '',
  address_line2: '',
  city: '',
  state: '',
  postal_code: '',
  country: 'India',
  gstin: '',
  business_name: '',
};

const FIELDS: Field[] = ['first_name', 'last_name', 'email', 'phone', 'address_line1', 'address_line2', 'city', 'state', 'postal_code', 'country'];

function firstErrors(issues: { path: PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (FIELDS as string[]).includes(field) && !errors[field as Field]) errors[field as Field] = issue.message;
  }
  return errors;
}

interface AddressFormProps {
  /** Pre-filled from the logged-in user's profile when known. */
  initial?: Partial<AddressInput>;
  submitLabel: string;
  onSaved: (address: Address) => void;
  onCancel?: () => void;
}

/**
 * A new delivery address, checked in the browser with the same schema the server uses (Indian 6-digit PIN,
 * Indian phone number as the profile takes it, India only), so the buyer hears about a mistake before anything is sent.
 */
export function AddressForm({ initial, submitLabel, onSaved, onCancel }: AddressFormProps) {
  const id = useId();
  const [values, setValues] = useState<Values>(() => {
    const start: Values = { ...EMPTY };
    for (const field of FIELDS) start[field] = initial?.[field] ?? EMPTY[field];
    return { ...start, country: 'India' };
  });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    // An error describes the old value; it goes as soon as the buyer edits the field.
    setErrors((errs) => (errs[field] ? { ...errs, [field]: undefined } : errs));
  };

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setFormError(null);
    const parsed = addressInputSchema.safeParse(values);
    if (!parsed.success) {
      const found = firstErrors(parsed.error.issues);
      setErrors(found);
      const first = FIELDS.find((f) => found[f]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setSaving(true);
    try {
      const saved = await createAddress(parsed.data);
      onSaved(saved);
    } catch (err) {
      if (err instanceof ApiError) {
        const found: Errors = {};
        for (const [field, messages] of Object.entries(err.errors)) {
          if ((FIELDS as string[]).includes(field) && messages[0]) found[field as Field] = messages[0];
        }
        setErrors(found);
        setFormError(Object.keys(found).length ? null : err.detail);
      } else {
        setFormError('Something went wrong. Please try again.');
      }
    } finally {
      setSaving(false);
    }
  }

  const input = (field: Field, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}, optional = false) => {
    const error = errors[field];
    return (
      <div>
        <label htmlFor={`${id}-${field}`} className="text-sm font-semibold text-teak-900">
          {label}
          {optional ? <span className="ml-1 font-normal text-teak-600">(optional)</span> : null}
        </label>
        <input
          id={`${id}-${field}`}
          name={field}
          value={values[field]}
          onChange={set(field)}
          required={!optional}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${field}-error` : undefined}
          className={`mt-1.5 w-full rounded-xl border bg-white px-4 py-3 text-ink outline-none transition focus:border-teak-500 focus:ring-2 focus:ring-teak-200 ${error ? 'border-red-500' : 'border-teak-200'}`}
          {...props}
        />
        {error ? (
          <p id={`${id}-${field}-error`} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="rounded-2xl bg-white p-5 ring-1 ring-teak-200/70 sm:p-6"
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="text-xl text-teak-900">
        New delivery address
      </h3>
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        {input('first_name', 'First name', { autoComplete: 'given-name' })}
        {input('last_name', 'Last name', { autoComplete: 'family-name' })}
        {input('email', 'E-mail', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
        {input('phone', 'Phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel', placeholder: '+91 98765 43210' })}
        <div className="sm:col-span-2">
          {input('address_line1', 'Address line 1', { autoComplete: 'address-line1', placeholder: 'House number, street' })}
        </div>
        <div className="sm:col-span-2">
          {input('address_line2', 'Address line 2', { autoComplete: 'address-line2', placeholder: 'Area, landmark' }, true)}
        </div>
        {input('city', 'City', { autoComplete: 'address-level2' })}
        <div>
          <label htmlFor={`${id}-state`} className="text-sm font-semibold text-teak-900">
            State
          </label>
          <select
            id={`${id}-state`}
            name="state"
            value={values.state}
            onChange={set('state')}
            required
            autoComplete="address-level1"
            aria-invalid={errors.state ? true : undefined}
            aria-describedby={errors.state ? `${id}-state-error` : undefined}
            className={`mt-1.5 w-full rounded-xl border bg-white px-4 py-3 text-ink outline-none focus:border-teak-500 focus:ring-2 focus:ring-teak-200 ${errors.state ? 'border-red-500' : 'border-teak-200'}`}
          >
            <option value="">Choose a state</option>
            {INDIAN_STATES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          {errors.state ? (
            <p id={`${id}-state-error`} className="mt-1 text-sm text-red-700">
              {errors.state}
            </p>
          ) : null}
        </div>
        {input('postal_code', 'PIN code', { autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 6, placeholder: '600041' })}
        <div>
          <label htmlFor={`${id}-country`} className="text-sm font-semibold text-teak-900">
            Country
          </label>
          <select
            id={`${id}-country`}
            name="country"
            value="India"
            disabled
            className="mt-1.5 w-full rounded-xl border border-teak-200 bg-teak-50 px-4 py-3 text-ink"
          >
            <option value="India">India</option>
          </select>
          <p className="mt-1 text-xs text-teak-700">We deliver within India only.</p>
        </div>
      </div>
      {formError ? (
        <p role="alert" className="mt-4 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
          {formError}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={saving} aria-busy={saving}>
          {saving ? 'Saving…' : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="btn border border-teak-300 bg-white text-teak-800 hover:bg-teak-50" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** A new address starts from what the buyer's profile already says. */
export function addressPrefill(profile: {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  address: string;
  city: string;
  zip_code: string;
}): Partial<AddressInput> {
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    email: profile.email,
    phone: profile.phone_number,
    address_line1: profile.address,
    city: profile.city,
    postal_code: profile.zip_code,
  };
}
