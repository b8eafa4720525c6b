import { useState, type FormEvent } from 'react';
import type { Category, Subcategory } from '../../../contract/catalog';
import { api } from '../../lib/api';
import {
  ConfirmDialog,
  Field,
  FormActions,
  FormStatus,
  ImagePicker,
  Panel,
  Thumb,
  UploadProgress,
  dangerButton,
  firstError,
  inputClass,
  secondaryButton,
  useEditMode,
  useRemote,
  useSubmitter,
  type Remote,
} from './ui';

export function CategoriesPanel({ categories, onChanged }: { categories: Remote<Category[]>; onChanged: () => void }) {
  const { editing, formKey, formRef, toAddMode, toEditMode } = useEditMode<Category>();
  const form = useSubmitter();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [doomed, setDoomed] = useState<Category | null>(null);

  function fill(item: Category | null) {
    setName(item?.name ?? '');
    setDescription(item?.description ?? '');
    setFiles([]);
    form.clear();
    if (item) toEditMode(item);
    else toAddMode();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!form.check({ name: name.trim() ? undefined : 'Name is required' })) return;
    const body = new FormData();
    body.set('name', name.trim());
    body.set('description', description.trim());
    if (files[0]) body.set('image', files[0]);
    const saved = await form.run(
      (onUploadProgress) =>
        editing
          ? api<Category>(`/api/categories/${editing.slug}/`, {
              method: 'PATCH',
              form: body,
              onUploadProgress,
            })
          : api<Category>('/api/categories/', {
              method: 'POST',
              form: body,
              onUploadProgress,
            }),
      {
        success: editing ? 'Category updated successfully' : 'Category created successfully',
      },
    );
    if (saved) {
      fill(null);
      onChanged();
    }
  }

  async function confirmDelete() {
    const item = doomed;
    if (!item) return;
    const done = await form.run(() => api(`/api/categories/${item.slug}/`, { method: 'DELETE' }).then(() => true), {
      success: 'Category deleted successfully',
    });
    setDoomed(null);
    if (done) {
      if (editing?.slug === item.slug) fill(null);
      onChanged();
    }
  }

  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      <Panel title="Categories">
        {categories.error ? <p className="text-sm text-red-800">{categories.error}</p> : null}
        {categories.loading && !categories.data ? <p className="text-sm text-teak-700">Loading categories…</p> : null}
        <ul className="divide-y divide-teak-100">
          {categories.data?.map((item) => (
            <li key={item.slug} className="flex flex-wrap items-center gap-3 py-3">
              <Thumb src={item.image} />
              <div className="min-w-0 flex-1 basis-32">
                <p className="truncate font-semibold text-teak-900">{item.name}</p>
                <p className="truncate text-xs text-teak-700">/{item.slug}</p>
              </div>
              <div className="flex shrink-0 gap-2">
                <button type="button" className={secondaryButton} onClick={() => fill(item)} aria-label={`Edit category ${item.name}`}>
                  Edit
                </button>
                <button type="button" className={dangerButton} onClick={() => setDoomed(item)} aria-label={`Delete category ${item.name}`}>
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      </Panel>
      <Panel title={editing ? 'Edit category' : 'Add category'}>
        <form ref={formRef} noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4" aria-label={editing ? 'Edit category' : 'Add category'}>
          <Field label="Name" error={firstError(form.errors, 'name')}>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                value={name}
                maxLength={100}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                onChange={(e) => {
                  setName(e.target.value);
                  form.clearField('name');
                }}
                className={inputClass}
              />
            )}
          </Field>
          <Field label="Description" error={firstError(form.errors, 'description')}>
            {({ id, describedBy, invalid }) => (
              <textarea
                id={id}
                value={description}
                rows={3}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                onChange={(e) => {
                  setDescription(e.target.value);
                  form.clearField('description');
                }}
                className={inputClass}
              />
            )}
          </Field>
          <ImagePicker
            label="Image"
            files={files}
            onChange={(f) => {
              setFiles(f);
              form.clearField('image');
            }}
            current={editing?.image}
            error={firstError(form.errors, 'image')}
            resetKey={formKey}
          />
          <UploadProgress fraction={form.progress} />
          <FormStatus success={form.success} failure={form.failure} />
          <FormActions editing={Boolean(editing)} busy={form.busy} addLabel="Add category" onCancel={() => fill(null)} />
        </form>
      </Panel>
      <ConfirmDialog
        open={doomed !== null}
        title="Delete this category?"
        message={`"${doomed?.name ?? ''}" will be removed for good. A category that still holds products cannot be deleted.`}
        busy={form.busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDoomed(null)}
      />
    </div>
  );
}

export function SubcategoriesPanel({ categories, onChanged }: { categories: Remote<Category[]>; onChanged: () => void }) {
  const [filter, setFilter] = useState('');
  const list = useRemote<Subcategory[]>('/api/subcategories/', 'Error loading subcategories.', { category: filter || undefined });
  const { editing, formKey, formRef, toAddMode, toEditMode } = useEditMode<Subcategory>();
  const form = useSubmitter();
  const [name, setName] = useState('');
  const [category, setCategory] = useState('');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [doomed, setDoomed] = useState<Subcategory | null>(null);

  function fill(item: Subcategory | null) {
    setName(item?.name ?? '');
    setCategory(item?.category.slug ?? '');
    setDescription(item?.description ?? '');
    setFiles([]);
    form.clear();
    if (item) toEditMode(item);
    else toAddMode();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const ok = form.check({
      name: name.trim() ? undefined : 'Name is required',
      category: category ? undefined : 'Category is required',
    });
    if (!ok) return;
    const body = new FormData();
    body.set('name', name.trim());
    body.set('category', category);
    body.set('description', description.trim());
    if (files[0]) body.set('image', files[0]);
    const saved = await form.run(
      (onUploadProgress) =>
        editing
          ? api<Subcategory>(`/api/subcategories/${editing.slug}/`, {
              method: 'PATCH',
              form: body,
              onUploadProgress,
            })
          : api<Subcategory>('/api/subcategories/', {
              method: 'POST',
              form: body,
              onUploadProgress,
            }),
      {
        success: editing ? 'Subcategory updated successfully' : 'Subcategory created successfully',
      },
    );
    if (saved) {
      fill(null);
      await list.reload();
      onChanged();
    }
  }

  async function confirmDelete() {
    const item = doomed;
    if (!item) return;
    const done = await form.run(() => api(`/api/subcategories/${item.slug}/`, { method: 'DELETE' }).then(() => true), {
      success: 'Subcategory deleted successfully',
    });
    setDoomed(null);
    if (done) {
      if (editing?.slug === item.slug) fill(null);
      await list.reload();
      onChanged();
    }
  }

  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      <Panel
        title="Subcategories"
        actions={
          <label className="flex items-center gap-2 text-sm text-teak-800">
            <span>Show</span>
            <select
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              className="rounded-lg border border-teak-200 bg-white px-2 py-1.5 text-sm"
              aria-label="Filter subcategories by category"
            >
              <option value="">All categories</option>
              {categories.data?.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
        }
      >
        {list.error ? <p className="text-sm text-red-800">{list.error}</p> : null}
        {list.loading && !list.data ? <p className="text-sm text-teak-700">Loading subcategories…</p> : null}
        {list.data && list.data.length === 0 ? <p className="text-sm text-teak-700">No subcategories yet.</p> : null}
        <ul className="divide-y divide-teak-100">
          {list.data?.map((item) => (
            <li key={item.slug} className="flex flex-wrap items-center gap-3 py-3">
              <Thumb src={item.image} />
              <div className="min-w-0 flex-1 basis-32">
                <p className="truncate font-semibold text-teak-900">{item.name}</p>
                <p className="truncate text-xs text-teak-700">{item.category.name}</p>
              </div>
              <div className="flex shrink-0 gap-2">
                <button type="button" className={secondaryButton} onClick={() => fill(item)} aria-label={`Edit subcategory ${item.name}`}>
                  Edit
                </button>
                <button type="button" className={dangerButton} onClick={() => setDoomed(item)} aria-label={`Delete subcategory ${item.name}`}>
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      </Panel>
      <Panel title={editing ? 'Edit subcategory' : 'Add subcategory'}>
        <form ref={formRef} noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4" aria-label={editing ? 'Edit subcategory' : 'Add subcategory'}>
          <Field label="Name" error={firstError(form.errors, 'name')}>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                value={name}
                maxLength={100}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                onChange={(e) => {
                  setName(e.target.value);
                  form.clearField('name');
                }}
                className={inputClass}
              />
            )}
          </Field>
          <Field label="Category" error={firstError(form.errors, 'category')}>
            {({ id, describedBy, invalid }) => (
              <select
                id={id}
                value={category}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                onChange={(e) => {
                  setCategory(e.target.value);
                  form.clearField('category');
                }}
                className={inputClass}
              >
                <option value="">Choose a category</option>
                {categories.data?.map((c) => (
                  <option key={c.slug} value={c.slug}>
                    {c.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Description" error={firstError(form.errors, 'description')}>
            {({ id, describedBy, invalid }) => (
              <textarea
                id={id}
                value={description}
                rows={3}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                onChange={(e) => {
                  setDescription(e.target.value);
                  form.clearField('description');
                }}
                className={inputClass}
              />
            )}
          </Field>
          <ImagePicker
            label="Image"
            files={files}
            onChange={(f) => {
              setFiles(f);
              form.clearField('image');
            }}
            current={editing?.image}
            error={firstError(form.errors, 'image')}
            resetKey={formKey}
          />
          <UploadProgress fraction={form.progress} />
          <FormStatus success={form.success} failure={form.failure} />
          <FormActions editing={Boolean(editing)} busy={form.busy} addLabel="Add subcategory" onCancel={() => fill(null)} />
        </form>
      </Panel>
      <ConfirmDialog
        open={doomed !== null}
        title="Delete this subcategory?"
        message={`"${doomed?.name ?? ''}" will be removed for good; its products stay in their category.`}
        busy={form.busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDoomed(null)}
      />
    </div>
  );
}
