import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { useHydrated } from '../../lib/use-hydrated';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  name: string;
  /** Messages to show under the field; the first few are shown as a list. */
  errors?: string[];
  hint?: ReactNode;
  /** Something to draw at the end of the input, such as a show-password button. */
  trailing?: ReactNode;
}

export const inputClass =
  'w-full rounded-xl border bg-white px-4 py-3 text-base text-ink shadow-sm transition-colors placeholder:text-teak-400 focus:border-teak-500 focus:outline-none focus:ring-2 focus:ring-teak-300 disabled:bg-teak-50 disabled:text-teak-800';

/** A labelled input with its errors tied to it (aria-invalid, aria-describedby), so screen readers hear them. */
export function Field({ label, name, errors = [], hint, trailing, className, ...input }: FieldProps) {
  const ids = useFieldIds(errors, hint);
  return (
    <FieldFrame label={label} ids={ids} errors={errors} hint={hint} className={className}>
      <input
        id={ids.id}
        name={name}
        aria-invalid={errors.length > 0}
        aria-describedby={ids.describedBy}
        className={`${inputClass} ${errors.length ? 'border-red-700' : 'border-teak-200'} ${trailing ? 'pr-20' : ''}`}
        {...input}
      />
      {trailing ? <div className="absolute inset-y-0 right-2 flex items-center">{trailing}</div> : null}
    </FieldFrame>
  );
}

/** The same inputs in the denser size of the owner's admin panel (tables and side-by-side forms). */
export const compactInputClass =
  'mt-1 w-full rounded-lg border border-teak-200 bg-white px-3 py-2 text-sm text-ink focus:border-teak-500 disabled:cursor-not-allowed disabled:bg-teak-50 disabled:text-teak-700/60 aria-[invalid=true]:border-red-700';

/**
 * A control of any kind (a file input, a custom select) framed like every field: `children` gets the ids that
 * tie it to its label, hint and errors.
 */
export function ControlField({
  label,
  errors,
  hint,
  className,
  children,
}: {
  label: string;
  errors?: string[] | null;
  hint?: ReactNode;
  className?: string;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}) {
  const list = errors ?? [];
  const ids = useFieldIds(list, hint);
  return (
    <FieldFrame label={label} ids={ids} errors={list} hint={hint} className={className}>
      {children({ id: ids.id, describedBy: ids.describedBy, invalid: list.length > 0 })}
    </FieldFrame>
  );
}

/** The ids that tie a control to its label, errors and hint. */
function useFieldIds(errors: string[], hint: ReactNode) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [errors.length ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return { id, errorId, hintId, describedBy };
}

/** The label above, the hint and the errors below: the frame of every control of a form. */
function FieldFrame({
  label,
  ids,
  errors,
  hint,
  className,
  children,
}: {
  label: string;
  ids: ReturnType<typeof useFieldIds>;
  errors: string[];
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={ids.id} className="block text-sm font-semibold text-teak-900">
        {label}
      </label>
      <div className="relative mt-1.5">{children}</div>
      {hint ? (
        <p id={ids.hintId} className="mt-1.5 text-xs text-teak-700">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={ids.errorId} errors={errors} />
    </div>
  );
}

/** A labelled textarea, like Field. */
export function TextAreaField({
  label,
  name,
  errors = [],
  hint,
  className,
  ...textarea
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & { label: string; name: string; errors?: string[]; hint?: ReactNode }) {
  const ids = useFieldIds(errors, hint);
  return (
    <FieldFrame label={label} ids={ids} errors={errors} hint={hint} className={className}>
      <textarea
        id={ids.id}
        name={name}
        aria-invalid={errors.length > 0}
        aria-describedby={ids.describedBy}
        className={`${inputClass} ${errors.length ? 'border-red-700' : 'border-teak-200'}`}
        {...textarea}
      />
    </FieldFrame>
  );
}

/** A labelled select, like Field. */
export function SelectField({
  label,
  name,
  errors = [],
  hint,
  className,
  options,
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: string;
  name: string;
  errors?: string[];
  hint?: ReactNode;
  options: readonly { value: string; label: string }[];
}) {
  const ids = useFieldIds(errors, hint);
  return (
    <FieldFrame label={label} ids={ids} errors={errors} hint={hint} className={className}>
      <select
        id={ids.id}
        name={name}
        aria-invalid={errors.length > 0}
        aria-describedby={ids.describedBy}
        className={`${inputClass} ${errors.length ? 'border-red-700' : 'border-teak-200'}`}
        {...select}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export function FieldErrors({ id, errors }: { id: string; errors: string[] }) {
  if (errors.length === 0) return null;
  // One message is the described-by element itself; several are a list.
  if (errors.length === 1) {
    return (
      <p id={id} className="mt-1.5 text-sm text-red-800">
        {errors[0]}
      </p>
    );
  }
  return (
    <ul id={id} className="mt-1.5 space-y-0.5 text-sm text-red-800">
      {errors.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

/** A password input with a button that shows or hides what was typed (its own state, unless the page holds it). */
export function PasswordField(
  props: Omit<FieldProps, 'type' | 'trailing'> & {
    shown?: boolean;
    onToggle?: () => void;
  },
) {
  const [own, setOwn] = useState(false);
  // The toggle needs the page's script: until it runs (or on a page without scripts) it is shown disabled rather
  // than ignoring a tap.
  const live = useHydrated();
  const { shown = own, onToggle = () => setOwn((s) => !s), ...rest } = props;
  return (
    <Field
      {...rest}
      type={shown ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={onToggle}
          disabled={!live}
          aria-pressed={shown}
          aria-label={shown ? 'Hide password' : 'Show password'}
          className="rounded-full px-3 py-1 text-xs font-semibold text-teak-700 hover:bg-teak-100 disabled:cursor-default disabled:opacity-50 disabled:hover:bg-transparent"
        >
          {shown ? 'Hide' : 'Show'}
        </button>
      }
    />
  );
}

/** A sentence about the whole form (the server's refusal, a lost connection), read out when it appears. */
export function FormAlert({ message, tone = 'error' }: { message: string | null; tone?: 'error' | 'success' }) {
  if (!message) return null;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-xl px-4 py-3 text-sm ${tone === 'error' ? 'bg-red-50 text-red-900 ring-1 ring-red-200' : 'bg-emerald-50 text-leaf ring-1 ring-emerald-200'}`}
    >
      {message}
    </div>
  );
}
