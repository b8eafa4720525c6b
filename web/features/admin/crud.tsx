import { useEffect, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import type { Category } from '../../../contract/catalog';
import { api } from '../../lib/api';
import {
  Field,
  FormActions,
  FormStatus,
  ImagePicker,
  Panel,
  UploadProgress,
  dangerButton,
  firstError,
  inputClass,
  secondaryButton,
  useEditMode,
  useSubmitter,
  type Remote,
  type Submitter,
} from './ui';

export const REQUIRED = 'This field is required.';

type InputRest = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange' | 'aria-describedby' | 'aria-invalid' | 'className' | 'form'
>;

/** A labelled text input (or a textarea when `rows` is given) wired to its error and hint. */
export function TextField({
  label,
  error,
  hint,
  value,
  onChange,
  rows,
  className = inputClass,
  form,
  field,
  ...rest
}: InputRest & {
  label: string;
  error?: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  className?: string;
  /** With `field`: shows that field's error and clears it as the person types. */
  form?: Pick<Submitter, 'errors' | 'clearField'>;
  field?: string;
}) {
  const shown = error ?? (form && field ? firstError(form.errors, field) : undefined);
  const change = (v: string) => {
    onChange(v);
    if (form && field) form.clearField(field);
  };
  return (
    <Field label={label} error={shown} hint={hint}>
      {({ id, describedBy, invalid }) =>
        rows ? (
          <textarea
            id={id}
            value={value}
            rows={rows}
            maxLength={rest.maxLength}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            onChange={(e) => change(e.target.value)}
            className={className}
          />
        ) : (
          <input
            {...rest}
            id={id}
            value={value}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            onChange={(e) => change(e.target.value)}
            className={className}
          />
        )
      }
    </Field>
  );
}

/** The error, loading and empty lines above a fetched list, then the list itself. */
export function RemoteList<T>({
  remote,
  loadingText,
  emptyText,
  className = 'divide-y divide-teak-100',
  label,
  summary,
  children,
}: {
  remote: Remote<T[]>;
  loadingText: string;
  emptyText?: string;
  className?: string;
  label?: string;
  /** A line between the loading line and the empty line, such as a count. */
  summary?: ReactNode;
  children: (item: T, index: number) => ReactNode;
}) {
  return (
    <>
      {remote.error ? <p className="text-sm text-red-800">{remote.error}</p> : null}
      {remote.loading && !remote.data ? <p className="text-sm text-teak-700">{loadingText}</p> : null}
      {summary}
      {emptyText && remote.data && remote.data.length === 0 ? <p className="text-sm text-teak-700">{emptyText}</p> : null}
      {/* Rows lay themselves out by the list's own width (a container), not the screen's: a list beside a form on a laptop is as narrow as a phone. */}
      <ul className={`@container ${className}`} aria-label={label}>
        {remote.data?.map(children)}
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
  extraActions,
  actionsClassName = 'flex flex-wrap justify-end gap-2',
}: {
  media: ReactNode;
  children: ReactNode;
  /** Completes the buttons' accessible names: "Edit {name}", "Delete {name}". */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  extraActions?: ReactNode;
  actionsClassName?: string;
}) {
  return (
    <li className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2 py-3 @xl:grid-cols-[auto_minmax(0,1fr)_auto]">
      {media}
      <div className="min-w-0 break-words">{children}</div>
      <div className={`col-span-2 @xl:col-span-1 ${actionsClassName}`}>
        {extraActions}
        <button type="button" className={secondaryButton} onClick={onEdit} aria-label={`Edit ${name}`}>
          Edit
        </button>
        <button type="button" className={dangerButton} onClick={onDelete} aria-label={`Delete ${name}`}>
          Delete
        </button>
      </div>
    </li>
  );
}

/** Facts about a list item (category, price, stock…), each kept whole and wrapping onto the next line as needed. */
export function Facts({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <p className="mt-0.5 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-teak-700" aria-label={label}>
      {children}
    </p>
  );
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Add/edit state of one admin resource kept under `path` (e.g. "/api/blogs/"): `fill` switches the form
 * between add mode (null) and editing an item, `save` posts or patches, `remove` deletes.
 */
export function useCrud<T>({
  path,
  keyOf,
  noun,
  addedWord = 'added',
  reset,
}: {
  path: string;
  keyOf: (item: T) => string | number;
  /** Lower case, as in "Edit promo banner"; the success messages capitalise it. */
  noun: string;
  addedWord?: 'added' | 'created';
  /** Puts the form's own fields back to the item's values, or to blank for null. */
  reset: (item: T | null) => void;
}) {
  const mode = useEditMode<T>();
  const form = useSubmitter();
  const { editing } = mode;
  const Noun = capitalised(noun);

  function fill(item: T | null) {
    reset(item);
    form.clear();
    if (item) mode.toEditMode(item);
    else mode.toAddMode();
  }

  function save(body: FormData, messages?: { success: string; failure?: string }) {
    return form.run(
      (onUploadProgress) =>
        editing
          ? api<T>(`${path}${keyOf(editing)}/`, {
              method: 'PATCH',
              form: body,
              onUploadProgress,
            })
          : api<T>(path, {
              method: 'POST',
              form: body,
              onUploadProgress,
            }),
      messages ?? {
        success: editing ? `${Noun} updated successfully` : `${Noun} ${addedWord} successfully`,
      },
    );
  }

  /** Deletes the item; when it was the one being edited the form returns to add mode. */
  async function remove(item: T): Promise<boolean> {
    const done = await form.run(() => api(`${path}${keyOf(item)}/`, { method: 'DELETE' }).then(() => true), {
      success: `${Noun} deleted successfully`,
    });
    if (!done) return false;
    if (editing && keyOf(editing) === keyOf(item)) fill(null);
    return true;
  }

  return { ...mode, form, noun, fill, save, remove };
}

export type Crud<T> = ReturnType<typeof useCrud<T>>;

/**
 * The list beside its add/edit form: the form carries the upload progress, the status lines and the
 * submit/cancel buttons under the fields given as children.
 */
export function CrudLayout<T>({
  crud,
  listTitle,
  listActions,
  list,
  onSubmit,
  children,
  after,
  columns = 'xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]',
  formClassName = 'grid gap-4',
}: {
  crud: Pick<Crud<T>, 'editing' | 'formRef' | 'form' | 'noun' | 'fill'>;
  listTitle: string;
  listActions?: ReactNode;
  list: ReactNode;
  onSubmit: (event: FormEvent) => Promise<void>;
  children: ReactNode;
  after?: ReactNode;
  columns?: string;
  formClassName?: string;
}) {
  const { editing, form, noun } = crud;
  const formTitle = editing ? `Edit ${noun}` : `Add ${noun}`;
  return (
    <div className={`grid grid-cols-1 gap-6 ${columns}`}>
      <Panel title={listTitle} actions={listActions}>
        {list}
      </Panel>
      <Panel title={formTitle}>
        <form ref={crud.formRef} noValidate onSubmit={(e) => void onSubmit(e)} className={formClassName} aria-label={formTitle}>
          {children}
          <FormProgress form={form} />
          <FormActions editing={Boolean(editing)} busy={form.busy} addLabel={`Add ${noun}`} onCancel={() => crud.fill(null)} />
        </form>
      </Panel>
      {after}
    </div>
  );
}

/** Upload progress and the success/failure lines of a form. */
export function FormProgress({ form }: { form: Pick<Submitter, 'progress' | 'success' | 'failure'> }) {
  return (
    <>
      <UploadProgress fraction={form.progress} />
      <FormStatus success={form.success} failure={form.failure} />
    </>
  );
}

/** An image field of a CRUD form: the chosen files, the item's current image, and the field's error. */
export function CrudImage<T>({
  crud,
  label,
  field,
  files,
  setFiles,
  current,
  required,
  multiple,
}: {
  crud: Pick<Crud<T>, 'form' | 'formKey'>;
  label: string;
  field: string;
  files: File[];
  setFiles: (files: File[]) => void;
  current?: string | null;
  required?: boolean;
  multiple?: boolean;
}) {
  return (
    <ImagePicker
      label={label}
      files={files}
      onChange={(f) => {
        setFiles(f);
        crud.form.clearField(field);
      }}
      current={current}
      error={firstError(crud.form.errors, field)}
      resetKey={crud.formKey}
      required={required}
      multiple={multiple}
    />
  );
}

/** A labelled select wired to its error and hint; the options are the children. */
export function SelectField({
  label,
  error,
  hint,
  value,
  onChange,
  disabled,
  form,
  field,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** With `field`: shows that field's error and clears it on a change. */
  form?: Pick<Submitter, 'errors' | 'clearField'>;
  field?: string;
  children: ReactNode;
}) {
  const shown = error ?? (form && field ? firstError(form.errors, field) : undefined);
  return (
    <Field label={label} error={shown} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          value={value}
          disabled={disabled}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          onChange={(e) => {
            onChange(e.target.value);
            if (form && field) form.clearField(field);
          }}
          className={inputClass}
        >
          {children}
        </select>
      )}
    </Field>
  );
}

/** What is typed in a search box, and the query sent once the person pauses typing. */
export function useDebouncedSearch(): [string, (text: string) => void, string] {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setQuery(search.trim()), 300);
    return () => clearTimeout(t);
  }, [search]);
  return [search, setSearch, query];
}

/** The search box and filter select above a long list. */
export function SearchAndFilter({
  className,
  search,
  onSearch,
  placeholder,
  searchLabel,
  filter,
  onFilter,
  filterLabel,
  allLabel,
  options,
}: {
  className: string;
  search: string;
  onSearch: (text: string) => void;
  placeholder: string;
  searchLabel: string;
  filter: string;
  onFilter: (value: string) => void;
  filterLabel: string;
  allLabel: string;
  options: { value: string; label: string }[];
}) {
  return (
    <div className={className}>
      <input
        type="search"
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        placeholder={placeholder}
        aria-label={searchLabel}
        className="min-w-48 flex-1 rounded-lg border border-teak-200 bg-white px-3 py-2 text-sm"
      />
      <select
        value={filter}
        onChange={(e) => onFilter(e.target.value)}
        aria-label={filterLabel}
        className="rounded-lg border border-teak-200 bg-white px-2 py-2 text-sm"
      >
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A table's header row: each column's heading and its classes. */
export function TableHead({ className, columns }: { className: string; columns: [label: string, className: string][] }) {
  return (
    <thead className={className}>
      <tr>
        {columns.map(([label, cls]) => (
          <th key={label} scope="col" className={cls}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
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

/** The options of a category select: a prompt, then every category. */
export function CategoryOptions({ categories, prompt }: { categories: Category[] | undefined; prompt: string }) {
  return (
    <>
      <option value="">{prompt}</option>
      {categories?.map((c) => (
        <option key={c.slug} value={c.slug}>
          {c.name}
        </option>
      ))}
    </>
  );
}
