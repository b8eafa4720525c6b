import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { imageSources } from '../../../contract/media';
import { ApiError, api } from '../../lib/api';

/** The spec keeps admin success messages on screen for five seconds. */
export const SUCCESS_LIFETIME_MS = 5000;

export const inputClass =
  'mt-1 w-full rounded-lg border border-teak-200 bg-white px-3 py-2 text-sm text-ink focus:border-teak-500 disabled:cursor-not-allowed disabled:bg-teak-50 disabled:text-teak-700/60 aria-[invalid=true]:border-red-700';
export const smallButton =
  'inline-flex items-center justify-center rounded-lg px-3 py-1.5 text-sm font-semibold ring-1 transition-colors disabled:cursor-not-allowed disabled:opacity-50';
export const secondaryButton = `${smallButton} bg-white text-teak-800 ring-teak-300 hover:bg-teak-50`;
export const dangerButton = `${smallButton} bg-white text-red-800 ring-red-200 hover:bg-red-50`;
export const primaryButton =
  'inline-flex items-center justify-center rounded-lg bg-teak-600 px-4 py-2 text-sm font-semibold text-white hover:bg-teak-700 disabled:cursor-not-allowed disabled:opacity-60';

/** A success sentence that clears itself; a newer message restarts the clock. */
export function useFlash(): [string, (message: string) => void] {
  const [message, setMessage] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback((text: string) => {
    clearTimeout(timer.current);
    setMessage(text);
    timer.current = setTimeout(() => setMessage(''), SUCCESS_LIFETIME_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [message, show];
}

export interface Remote<T> {
  data: T | undefined;
  error: string;
  loading: boolean;
  reload: () => Promise<void>;
}

/** Reads one admin resource in the browser (tokens live in local storage, so loaders cannot). */
export function useRemote<T>(path: string | null, errorText: string, query?: Record<string, string | number | undefined>): Remote<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(path !== null);
  const key = JSON.stringify(query ?? {});
  const latest = useRef(0);
  const reload = useCallback(async () => {
    if (path === null) return;
    const mine = ++latest.current;
    setLoading(true);
    try {
      const answer = await api<T>(path, {
        query: JSON.parse(key) as Record<string, string>,
      });
      if (mine !== latest.current) return;
      setData(answer);
      setError('');
    } catch (err) {
      if (mine !== latest.current) return;
      setError(err instanceof ApiError && err.status === 404 ? '' : errorText);
      if (err instanceof ApiError && err.status === 404) setData(undefined);
    } finally {
      if (mine === latest.current) setLoading(false);
    }
  }, [path, key, errorText]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, error, loading, reload };
}

export interface Failure {
  /** The server's sentence when it is one a person can act on (a 4xx); empty otherwise. */
  detail: string;
  errors: Record<string, string[]>;
}

export const GENERIC_FAILURE = 'An error occurred. Please try again.';

export function failureOf(err: unknown): Failure {
  if (!(err instanceof ApiError)) return { detail: '', errors: {} };
  const actionable = err.status >= 400 && err.status < 500;
  return { detail: actionable ? err.detail : '', errors: err.errors };
}

/**
 * The line shown above a failed form: with field errors, only the headline (the fields say the rest);
 * otherwise the headline and the server's sentence, or the spec's generic sentence.
 */
export function failureLine(f: Failure, headline?: string): string {
  if (Object.keys(f.errors).length > 0) return headline ?? '';
  if (headline) return f.detail ? `${headline}: ${f.detail}` : headline;
  return f.detail || GENERIC_FAILURE;
}

/** The first message for a field, from the client's own check or the server's answer. */
export function firstError(errors: Record<string, string[] | string | undefined>, name: string): string | undefined {
  const e = errors[name];
  return Array.isArray(e) ? e[0] : e;
}

export function Field({
  label,
  error,
  hint,
  children,
  className = '',
}: {
  label: string;
  error?: string;
  hint?: string;
  className?: string;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-semibold text-teak-900">
        {label}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-teak-700">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Checkbox({
  label,
  checked,
  onChange,
  name,
  fullLabel,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  name?: string;
  fullLabel?: string;
}) {
  return (
    <label className="inline-flex items-center gap-2 text-sm text-teak-900">
      <input
        type="checkbox"
        name={name}
        checked={checked}
        aria-label={fullLabel}
        onChange={(e) => onChange(e.target.checked)}
        className="h-4 w-4 accent-teak-600"
      />
      {label}
    </label>
  );
}

/** Success in green (it fades after five seconds), failure in red; both are announced. */
export function FormStatus({ success, failure }: { success: string; failure: string }) {
  return (
    <>
      <p role="status" aria-live="polite" className={success ? 'rounded-lg bg-leaf/10 px-3 py-2 text-sm font-medium text-leaf' : 'sr-only'}>
        {success}
      </p>
      {failure ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {failure}
        </p>
      ) : null}
    </>
  );
}

export function UploadProgress({ fraction }: { fraction: number | null }) {
  if (fraction === null) return null;
  const percent = Math.round(fraction * 100);
  return (
    <div className="flex items-center gap-3">
      <progress aria-label="Upload progress" max={100} value={percent} className="h-2 flex-1 overflow-hidden rounded-full accent-teak-600" />
      <span className="w-12 text-right text-xs text-teak-800 tabular-nums">{percent}%</span>
    </div>
  );
}

/** Object URLs for chosen files, released when the files change or the form goes away. */
export function usePreviews(files: File[]): string[] {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const made = files.map((f) => URL.createObjectURL(f));
    setUrls(made);
    return () => made.forEach((u) => URL.revokeObjectURL(u));
  }, [files]);
  return urls;
}

export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * A file input with previews of what will be uploaded and, when editing, of the image kept when no new
 * file is chosen. `resetKey` clears the native input when the form returns to add mode.
 */
export function ImagePicker({
  label,
  files,
  onChange,
  current,
  multiple = false,
  error,
  resetKey,
  required = false,
}: {
  label: string;
  files: File[];
  onChange: (files: File[]) => void;
  current?: string | null;
  multiple?: boolean;
  error?: string;
  resetKey: string | number;
  required?: boolean;
}) {
  const previews = usePreviews(files);
  return (
    <Field
      label={label}
      error={error}
      hint={current && files.length === 0 && !multiple ? 'The current image is kept unless you choose a new one.' : 'JPEG, PNG or WebP.'}
    >
      {({ id, describedBy, invalid }) => (
        <>
          <input
            key={resetKey}
            id={id}
            type="file"
            accept={IMAGE_ACCEPT}
            multiple={multiple}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            aria-required={required}
            onChange={(e) => onChange(Array.from(e.target.files ?? []))}
            className="mt-1 block w-full text-sm text-teak-900 file:mr-3 file:rounded-lg file:border-0 file:bg-teak-100 file:px-3 file:py-2 file:font-semibold file:text-teak-800 hover:file:bg-teak-200"
          />
          {previews.length > 0 || current ? (
            <ul className="mt-2 flex flex-wrap gap-2" aria-label={`${label} preview`}>
              {previews.length > 0
                ? previews.map((url, i) => (
                    <li key={url}>
                      <img
                        src={url}
                        alt={`New image ${i + 1}: ${files[i]?.name ?? ''}`}
                        className="h-20 w-20 rounded-lg object-cover ring-1 ring-teak-200"
                      />
                    </li>
                  ))
                : current
                  ? [
                      <li key="current">
                        <img src={current} alt="Current image" className="h-20 w-20 rounded-lg object-cover ring-1 ring-teak-200" />
                      </li>,
                    ]
                  : null}
            </ul>
          ) : null}
        </>
      )}
    </Field>
  );
}

/** A modal question asked before something is deleted for good; focus returns where it was. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Delete',
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 text-ink shadow-xl backdrop:bg-ink/50"
    >
      <h2 id={titleId} className="font-display text-xl text-teak-900">
        {title}
      </h2>
      <p className="mt-2 text-sm text-teak-800">{message}</p>
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" className={secondaryButton} onClick={onCancel} autoFocus>
          Cancel
        </button>
        <button type="button" className={`${smallButton} bg-red-700 text-white ring-red-700 hover:bg-red-800`} onClick={onConfirm} disabled={busy}>
          {busy ? 'Deleting…' : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

export function Panel({ title, children, actions, id }: { title: string; children: ReactNode; actions?: ReactNode; id?: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} id={id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-teak-200/60 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="font-display text-xl text-teak-900">
          {title}
        </h2>
        {actions}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** The smallest variant the image pipeline wrote, so lists do not fetch full-size originals. */
export function thumbUrl(src: string | null | undefined): string | null {
  const info = imageSources(src);
  if (!info) return src ?? null;
  return `${info.src}.w${info.widths[0]}.webp`;
}

export function Thumb({ src, alt = '' }: { src: string | null | undefined; alt?: string }) {
  const url = thumbUrl(src);
  return url ? (
    <img src={url} alt={alt} loading="lazy" className="h-12 w-12 shrink-0 rounded-lg object-cover ring-1 ring-teak-200" />
  ) : (
    <span aria-hidden className="h-12 w-12 shrink-0 rounded-lg bg-teak-100" />
  );
}

export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-IN', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

export interface Submitter {
  errors: Record<string, string[]>;
  failure: string;
  success: string;
  progress: number | null;
  busy: boolean;
  /** Runs a write: shows upload progress, then the success message or the failure beside its fields. */
  run<T>(call: (onUploadProgress: (fraction: number) => void) => Promise<T>, messages: { success: string; failure?: string }): Promise<T | undefined>;
  /** The client's own checks; returns true when there were none. */
  check(errors: Record<string, string | undefined>): boolean;
  clearField(name: string): void;
  clear(): void;
  flash(message: string): void;
  fail(message: string): void;
}

export function useSubmitter(): Submitter {
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [success, flash] = useFlash();

  const run = useCallback(
    async <T,>(call: (onUploadProgress: (fraction: number) => void) => Promise<T>, messages: { success: string; failure?: string }) => {
      setBusy(true);
      setFailure('');
      setErrors({});
      try {
        const answer = await call((fraction) => setProgress(fraction));
        flash(messages.success);
        return answer;
      } catch (err) {
        const f = failureOf(err);
        setErrors(f.errors);
        setFailure(failureLine(f, messages.failure));
        return undefined;
      } finally {
        setBusy(false);
        setProgress(null);
      }
    },
    [flash],
  );

  const check = useCallback((found: Record<string, string | undefined>) => {
    const present = Object.fromEntries(
      Object.entries(found)
        .filter((e): e is [string, string] => Boolean(e[1]))
        .map(([k, v]) => [k, [v]]),
    );
    setErrors(present);
    setFailure('');
    return Object.keys(present).length === 0;
  }, []);

  const clearField = useCallback((name: string) => setErrors(({ [name]: _gone, ...rest }) => rest), []);
  const clear = useCallback(() => {
    setErrors({});
    setFailure('');
  }, []);

  return {
    errors,
    failure,
    success,
    progress,
    busy,
    run,
    check,
    clearField,
    clear,
    flash,
    fail: setFailure,
  };
}

/** Whether the person is editing an existing item (and which) or adding a new one. */
export function useEditMode<T>() {
  const [editing, setEditing] = useState<T | null>(null);
  // Changing the key remounts file inputs, the only way to empty them.
  const [formKey, setFormKey] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const focusForm = useRef(false);
  const toAddMode = useCallback(() => {
    setEditing(null);
    setFormKey((k) => k + 1);
  }, []);
  const toEditMode = useCallback((item: T) => {
    setEditing(item);
    setFormKey((k) => k + 1);
    focusForm.current = true;
  }, []);
  useEffect(() => {
    // On a phone the form sits below the list: bring it into view with the first field focused.
    if (!focusForm.current) return;
    focusForm.current = false;
    const form = formRef.current;
    form?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    form?.querySelector<HTMLElement>('input:not([type=file]), textarea, select')?.focus({ preventScroll: true });
  }, [formKey]);
  return { editing, formKey, formRef, toAddMode, toEditMode };
}

export function FormActions({ editing, busy, addLabel, onCancel }: { editing: boolean; busy: boolean; addLabel: string; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap gap-3">
      <button type="submit" className={primaryButton} disabled={busy}>
        {busy ? 'Saving…' : editing ? 'Save changes' : addLabel}
      </button>
      {editing ? (
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
      ) : null}
    </div>
  );
}
