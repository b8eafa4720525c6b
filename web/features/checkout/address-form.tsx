import { PINCODE_PATTERN } from '../../../contract/delivery';
import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useId } from 'react';
import { type AddressInput, addressInputSchema } from '../../../contract/orders';
import { Field, SelectField } from '../../components/ui/field';
import { useHydrated } from '../../lib/use-hydrated';
import { INDIAN_STATES } from './indian-states';

const STATE_OPTIONS = [{ value: '', label: 'Choose a state' }, ...INDIAN_STATES.map((s) => ({ value: s, label: s }))];
import { CHECKOUT_ACTION, type usePayment } from './use-payment';

type Payment = ReturnType<typeof usePayment>;

/** What the form is posted through: a payment it starts (checkout), or only a fetcher that saves the address (a quote's page). */
export interface AddressFormHost {
  opener: Payment['opener'];
  busy: boolean;
  /** The payment's hidden fields (checkout): without them the form only saves the address. */
  fields?: Payment['fields'];
  setPrefill?: Payment['setPrefill'];
}

interface AddressFormProps {
  /** The payment the form starts once the address is saved (its fetcher posts the form to the checkout action). */
  payment: AddressFormHost;
  /** Where the form is posted (the checkout's action by default). */
  action?: string;
  /** Pre-filled from the logged-in user's profile when known. */
  initial?: Partial<AddressInput>;
  submitLabel: string;
  onCancel?: () => void;
  /** A complete pincode typed in the form: the page prices the delivery to it (the total the form pays follows). */
  onPincode?: (pincode: string) => void;
}

/**
 * A new delivery address, checked in the browser and again by the checkout action with the contract's schema
 * (Indian 6-digit PIN, Indian phone number as the profile takes it, India only), so the buyer hears about a
 * mistake before anything is sent. Saved, it starts the payment at once (the spec's Save and pay).
 */
export function AddressForm({ payment, action = CHECKOUT_ACTION, initial, submitLabel, onCancel, onPincode }: AddressFormProps) {
  const id = useId();
  const { opener } = payment;
  const hydrated = useHydrated();
  const answer = opener.data;
  const saving = opener.state !== 'idle' && opener.formData?.get('intent') === 'address';
  const [form, fields] = useForm({
    id: `${id}-address`,
    lastResult: answer?.intent === 'address' ? answer.result : undefined,
    defaultValue: { ...initial, country: 'India' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addressInputSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  });

  const field = (name: keyof AddressInput, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => {
    const meta = fields[name];
    return <Field label={label} name={meta.name} defaultValue={meta.initialValue ?? ''} errors={meta.errors} {...props} />;
  };

  return (
    <opener.Form
      method="post"
      action={action}
      {...getFormProps(form)}
      onSubmit={(event) => {
        getFormProps(form).onSubmit(event);
        if (event.defaultPrevented) return;
        const data = new FormData(event.currentTarget);
        const text = (name: string) => {
          const value = data.get(name);
          return typeof value === 'string' ? value : '';
        };
        payment.setPrefill?.({ name: `${text('first_name')} ${text('last_name')}`.trim(), email: text('email'), contact: text('phone') });
      }}
      className="rounded-2xl bg-white p-5 ring-1 ring-teak-200/70 sm:p-6"
      aria-labelledby={`${id}-title`}
    >
      <input type="hidden" name="intent" value="address" />
      {payment.fields ? (
        <>
          <input type="hidden" name="shipping_method" value={payment.fields.shipping_method} />
          <input type="hidden" name="amount" value={payment.fields.amount} />
          {payment.fields.cart_code ? <input type="hidden" name="cart_code" value={payment.fields.cart_code} /> : null}
        </>
      ) : null}
      <h3 id={`${id}-title`} className="text-xl text-teak-900">
        New delivery address
      </h3>
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        {field('first_name', 'First name', { autoComplete: 'given-name' })}
        {field('last_name', 'Last name', { autoComplete: 'family-name' })}
        {field('email', 'E-mail', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
        {field('phone', 'Phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel', placeholder: '+91 98765 43210' })}
        <div className="sm:col-span-2">
          {field('address_line1', 'Address line 1', { autoComplete: 'address-line1', placeholder: 'House number, street' })}
        </div>
        <div className="sm:col-span-2">
          {field('address_line2', 'Address line 2 (optional)', { autoComplete: 'address-line2', placeholder: 'Area, landmark' })}
        </div>
        {field('city', 'City', { autoComplete: 'address-level2' })}
        <SelectField
          label="State"
          name={fields.state.name}
          defaultValue={fields.state.initialValue ?? ''}
          autoComplete="address-level1"
          errors={fields.state.errors ?? []}
          options={STATE_OPTIONS}
        />
        {field('postal_code', 'PIN code', {
          autoComplete: 'postal-code',
          inputMode: 'numeric',
          maxLength: 6,
          placeholder: '600041',
          onChange: (e) => {
            const typed = e.currentTarget.value.trim();
            if (PINCODE_PATTERN.test(typed)) onPincode?.(typed);
          },
        })}
        <div>
          <label htmlFor={`${id}-country`} className="text-sm font-semibold text-teak-900">
            Country
          </label>
          <input type="hidden" name={fields.country.name} value="India" />
          <select
            id={`${id}-country`}
            value="India"
            disabled
            className="mt-1.5 w-full rounded-xl border border-teak-200 bg-teak-50 px-4 py-3 text-ink"
          >
            <option value="India">India</option>
          </select>
          <p className="mt-1 text-xs text-teak-700">We deliver within India only.</p>
        </div>
      </div>
      {/* A business buying with GST registration: its GSTIN and name go on the tax invoice. No JavaScript needed. */}
      <details
        className="mt-5 rounded-xl border border-teak-200 bg-teak-50/40 px-4 py-3"
        open={Boolean(fields.gstin.initialValue || fields.gstin.errors)}
      >
        <summary className="cursor-pointer text-sm font-semibold text-teak-900">Buying for a business? Add your GSTIN for the tax invoice</summary>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          {field('gstin', 'GSTIN (optional)', { autoComplete: 'off', maxLength: 15, placeholder: '33AAACT1234C1Z4' })}
          {field('business_name', 'Business name (optional)', { autoComplete: 'organization', maxLength: 200 })}
        </div>
      </details>
      {form.errors?.length ? (
        <p role="alert" className="mt-4 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
          {form.errors[0]}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap gap-3">
        {/* At checkout, saving opens the payment window, which is the page's script: the button waits for it to run.
            Elsewhere (a quote's address) the form is a plain one and works before, or without, the script. */}
        <button type="submit" className="btn-primary" disabled={(action === CHECKOUT_ACTION && !hydrated) || payment.busy} aria-busy={saving}>
          {saving ? 'Saving…' : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="btn border border-teak-300 bg-white text-teak-800 hover:bg-teak-50" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </opener.Form>
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
