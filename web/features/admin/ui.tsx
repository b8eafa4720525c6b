import { useEffect, useId, useRef, useState, type ChangeEvent, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import type { Category } from '../../../contract/catalog';
import { formatDayTime } from '../../../contract/format';
import { smallestVariant } from '../../../contract/media';
import { compactInputClass as inputClass, ControlField as Field } from '../../components/ui/field';

// One field kit for the whole shop (web/components/ui/field.tsx); the admin uses its denser size.
export { compactInputClass as inputClass, ControlField as Field } from '../../components/ui/field';
// The small buttons are one class each (web/app.css): lists repeat them on every row.
export const smallButton = 'btn-small';
export const secondaryButton = 'btn-small-secondary';
export const dangerButton = 'btn-small-danger';
export const primaryButton =
  'inline-flex items-center justify-center rounded-lg bg-teak-600 px-4 py-2 text-sm font-semibold text-white hover:bg-teak-700 disabled:cursor-not-allowed disabled:opacity-60';

type InputRest = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-describedby' | 'aria-invalid' | 'className' | 'onChange'>;

/** A labelled input (or a textarea when `rows` is given), by name, with its errors (from the browser's or the server's check). */
export function TextField({
  label,
  errors,
  hint,
  rows,
  className = inputClass,
  ...input
}: InputRest & {
  label: string;
  name?: string;
  errors?: string[] | null;
  hint?: string;
  rows?: number;
  className?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}) {
  return (
    <Field label={label} errors={errors} hint={hint}>
      {({ id, describedBy, invalid }) =>
        rows ? (
          <textarea
            id={id}
            name={input.name}
            defaultValue={input.defaultValue}
            value={input.value}
            onChange={input.onChange}
            rows={rows}
            maxLength={input.maxLength}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            className={className}
          />
        ) : (
          <input {...input} id={id} aria-describedby={describedBy} aria-invalid={invalid} className={className} />
        )
      }
    </Field>
  );
}

/** A labelled select, by name, with its errors; the options are the children. */
export function SelectField({
  label,
  errors,
  hint,
  children,
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> & {
  label: string;
  errors?: string[] | null;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <Field label={label} errors={errors} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <select {...select} id={id} aria-describedby={describedBy} aria-invalid={invalid} className={inputClass}>
          {children}
        </select>
      )}
    </Field>
  );
}

export function Checkbox({
  label,
  fullLabel,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & { label: string; fullLabel?: string }) {
  return (
    <label className="inline-flex items-center gap-2 text-sm text-teak-900">
      <input type="checkbox" aria-label={fullLabel} {...input} className="h-4 w-4 accent-teak-600" />
      {label}
    </label>
  );
}

/** The sentence above a form's button when the whole form was refused (the fields carry their own errors). */
export function FormAlert({ messages }: { messages?: string[] | null }) {
  if (!messages?.length) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium whitespace-pre-line text-red-800">
      {messages.join('\n')}
    </p>
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
function usePreviews(files: File[]): string[] {
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
 * A file input (posted under `name`) with previews of what will be uploaded and, when editing, of the image
 * kept when no new file is chosen. The form empties it by remounting (a new key).
 */
export function ImagePicker({
  label,
  name,
  current,
  multiple = false,
  errors,
  required = false,
}: {
  label: string;
  name: string;
  current?: string | null;
  multiple?: boolean;
  errors?: string[] | null;
  required?: boolean;
}) {
  const [files, setFiles] = useState<File[]>([]);
  const previews = usePreviews(files);
  return (
    <Field
      label={label}
      errors={errors}
      hint={current && files.length === 0 && !multiple ? 'The current image is kept unless you choose a new one.' : 'JPEG, PNG or WebP.'}
    >
      {({ id, describedBy, invalid }) => (
        <>
          <input
            id={id}
            name={name}
            type="file"
            accept={IMAGE_ACCEPT}
            multiple={multiple}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            aria-required={required}
            onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
            className="mt-1 block w-full text-sm text-teak-900 file:mr-3 file:rounded-lg file:border-0 file:bg-teak-100 file:px-3 file:py-2 file:font-semibold file:text-teak-800 hover:file:bg-teak-200"
          />
          {previews.length > 0 || current ? (
            <ul className="mt-2 flex flex-wrap gap-2" aria-label={`${label} preview`}>
              {previews.length > 0 ? (
                previews.map((url, i) => (
                  <li key={url}>
                    <img
                      src={url}
                      alt={`New image ${i + 1}: ${files[i]?.name ?? ''}`}
                      className="h-20 w-20 rounded-lg object-cover ring-1 ring-teak-200"
                    />
                  </li>
                ))
              ) : (
                <li>
                  <img src={current ?? ''} alt="Current image" className="h-20 w-20 rounded-lg object-cover ring-1 ring-teak-200" />
                </li>
              )}
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
  return smallestVariant(src) ?? src ?? null;
}

export function Thumb({ src, alt = '' }: { src: string | null | undefined; alt?: string }) {
  const url = thumbUrl(src);
  return url ? (
    <img src={url} alt={alt} loading="lazy" className="admin-thumb" />
  ) : (
    <span aria-hidden className="h-12 w-12 shrink-0 rounded-lg bg-teak-100" />
  );
}

export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  // India's clock, written out: the same text on the server as in the browser, whatever their time zones.
  return formatDayTime(iso);
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

/** The empty line, then the list. Rows lay themselves out by the list's own width (a container), not the screen's. */
export function ItemList<T>({
  items,
  emptyText,
  className = 'divide-y divide-teak-100',
  label,
  summary,
  children,
}: {
  items: T[];
  emptyText?: string;
  className?: string;
  label?: string;
  summary?: ReactNode;
  children: (item: T, index: number) => ReactNode;
}) {
  return (
    <>
      {summary}
      {emptyText && items.length === 0 ? <p className="text-sm text-teak-700">{emptyText}</p> : null}
      <ul className={`@container ${className}`} aria-label={label}>
        {items.map(children)}
      </ul>
    </>
  );
}

/**
 * One list row: picture, text, then Edit and Delete buttons named after the item. In a narrow list the
 * buttons go on a line of their own under the text, so neither the text nor the buttons are ever cut off.
 */
export function EditableRow({
  media,
  children,
  name,
  onEdit,
  onDelete,
  deleting = false,
  extraActions,
}: {
  media: ReactNode;
  children: ReactNode;
  /** Completes the buttons' accessible names: "Edit {name}", "Delete {name}". */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  deleting?: boolean;
  extraActions?: ReactNode;
}) {
  return (
    <li className="admin-row">
      {media}
      <div className="min-w-0 break-words">{children}</div>
      <div className="admin-row-actions">
        {extraActions}
        <button type="button" className={secondaryButton} onClick={onEdit} aria-label={`Edit ${name}`}>
          Edit
        </button>
        <button type="button" className={dangerButton} onClick={onDelete} disabled={deleting} aria-label={`Delete ${name}`}>
          {deleting ? 'Deleting…' : 'Delete'}
        </button>
      </div>
    </li>
  );
}

/** Facts about a list item (category, price, stock…), each kept whole and wrapping onto the next line as needed. */
export function Facts({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <p className="admin-facts" aria-label={label}>
      {children}
    </p>
  );
}

/** The options of a category select: a prompt, then every category. */
export function CategoryOptions({ categories, prompt }: { categories: Pick<Category, 'slug' | 'name'>[]; prompt: string }) {
  return (
    <>
      <option value="">{prompt}</option>
      {categories.map((c) => (
        <option key={c.slug} value={c.slug}>
          {c.name}
        </option>
      ))}
    </>
  );
}

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** The row's name (an order number): at the top of its card on a narrow screen, without a label. */
  primary?: boolean;
  align?: 'left' | 'right';
  /** Classes of the cell in the table layout (e.g. whitespace-nowrap). */
  className?: string;
}

/**
 * A table on a wide list, stacked cards on a narrow one (a phone, or a column beside a form): every column
 * of every row stays visible, labelled by its heading in the card layout, and nothing scrolls sideways.
 * The layout follows the list's own width (a container query). Explicit roles keep the table's semantics
 * in both layouts.
 */
export function DataTable<T>({
  label,
  rows,
  rowKey,
  columns,
  rowClassName,
}: {
  label: string;
  rows: T[];
  rowKey: (row: T) => string | number;
  columns: Column<T>[];
  rowClassName?: (row: T) => string;
}) {
  return (
    <div className="@container">
      <table role="table" aria-label={label} className="block w-full text-left text-sm @2xl:table">
        <thead role="rowgroup" className="sr-only text-xs tracking-wide text-teak-700 uppercase @2xl:not-sr-only @2xl:table-header-group">
          <tr role="row" className="@2xl:border-b @2xl:border-teak-200">
            {columns.map((c) => (
              <th key={c.header} role="columnheader" scope="col" className={`px-2 py-2 font-semibold ${c.align === 'right' ? 'text-right' : ''}`}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="grid gap-3 @2xl:table-row-group @2xl:divide-y @2xl:divide-teak-100">
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              role="row"
              className={`grid grid-cols-2 gap-x-4 gap-y-2 rounded-xl p-3 ring-1 ring-teak-200 @2xl:table-row @2xl:rounded-none @2xl:p-0 @2xl:ring-0 ${
                rowClassName?.(row) ?? '@2xl:hover:bg-teak-50'
              }`}
            >
              {columns.map((c) => (
                <td
                  key={c.header}
                  role="cell"
                  data-label={c.header}
                  className={`block min-w-0 break-words @2xl:table-cell @2xl:px-2 @2xl:py-2 @2xl:align-top ${
                    c.primary
                      ? 'col-span-2'
                      : 'before:block before:text-xs before:tracking-wide before:text-teak-700 before:uppercase before:content-[attr(data-label)] @2xl:before:hidden'
                  } ${c.align === 'right' ? '@2xl:text-right' : ''} ${c.className ?? ''}`}
                >
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
