import { useState, type FormEvent } from 'react';
import type { Category, Subcategory } from '../../../contract/catalog';
import { CategoryOptions, CrudImage, CrudLayout, EditableRow, RemoteList, SelectField, TextField, useCrud } from './crud';
import { ConfirmDialog, Thumb, useRemote, type Remote } from './ui';

export function CategoriesPanel({ categories, onChanged }: { categories: Remote<Category[]>; onChanged: () => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [doomed, setDoomed] = useState<Category | null>(null);
  const crud = useCrud<Category>({
    path: '/api/categories/',
    keyOf: (c) => c.slug,
    noun: 'category',
    addedWord: 'created',
    reset: (item) => {
      setName(item?.name ?? '');
      setDescription(item?.description ?? '');
      setFiles([]);
    },
  });
  const { editing, form, fill } = crud;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!form.check({ name: name.trim() ? undefined : 'Name is required' })) return;
    const body = new FormData();
    body.set('name', name.trim());
    body.set('description', description.trim());
    if (files[0]) body.set('image', files[0]);
    if (await crud.save(body)) {
      fill(null);
      onChanged();
    }
  }

  async function confirmDelete() {
    const item = doomed;
    if (!item) return;
    const done = await crud.remove(item);
    setDoomed(null);
    if (done) onChanged();
  }

  return (
    <CrudLayout
      crud={crud}
      listTitle="Categories"
      onSubmit={onSubmit}
      list={
        <RemoteList remote={categories} loadingText="Loading categories…">
          {(item) => (
            <EditableRow
              key={item.slug}
              media={<Thumb src={item.image} />}
              name={`category ${item.name}`}
              onEdit={() => fill(item)}
              onDelete={() => setDoomed(item)}
            >
              <p className="truncate font-semibold text-teak-900">{item.name}</p>
              <p className="truncate text-xs text-teak-700">/{item.slug}</p>
            </EditableRow>
          )}
        </RemoteList>
      }
      after={
        <ConfirmDialog
          open={doomed !== null}
          title="Delete this category?"
          message={`"${doomed?.name ?? ''}" will be removed for good. A category that still holds products cannot be deleted.`}
          busy={form.busy}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDoomed(null)}
        />
      }
    >
      <TextField label="Name" form={form} field="name" value={name} maxLength={100} onChange={setName} />
      <TextField label="Description" form={form} field="description" value={description} rows={3} onChange={setDescription} />
      <CrudImage crud={crud} label="Image" field="image" files={files} setFiles={setFiles} current={editing?.image} />
    </CrudLayout>
  );
}

export function SubcategoriesPanel({ categories, onChanged }: { categories: Remote<Category[]>; onChanged: () => void }) {
  const [filter, setFilter] = useState('');
  const list = useRemote<Subcategory[]>('/api/subcategories/', 'Error loading subcategories.', { category: filter || undefined });
  const [name, setName] = useState('');
  const [category, setCategory] = useState('');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [doomed, setDoomed] = useState<Subcategory | null>(null);
  const crud = useCrud<Subcategory>({
    path: '/api/subcategories/',
    keyOf: (s) => s.slug,
    noun: 'subcategory',
    addedWord: 'created',
    reset: (item) => {
      setName(item?.name ?? '');
      setCategory(item?.category.slug ?? '');
      setDescription(item?.description ?? '');
      setFiles([]);
    },
  });
  const { editing, form, fill } = crud;

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
    if (await crud.save(body)) {
      fill(null);
      await list.reload();
      onChanged();
    }
  }

  async function confirmDelete() {
    const item = doomed;
    if (!item) return;
    const done = await crud.remove(item);
    setDoomed(null);
    if (done) {
      await list.reload();
      onChanged();
    }
  }

  return (
    <CrudLayout
      crud={crud}
      listTitle="Subcategories"
      listActions={
        <label className="flex items-center gap-2 text-sm text-teak-800">
          <span>Show</span>
          <select
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            className="rounded-lg border border-teak-200 bg-white px-2 py-1.5 text-sm"
            aria-label="Filter subcategories by category"
          >
            <CategoryOptions categories={categories.data} prompt="All categories" />
          </select>
        </label>
      }
      onSubmit={onSubmit}
      list={
        <RemoteList remote={list} loadingText="Loading subcategories…" emptyText="No subcategories yet.">
          {(item) => (
            <EditableRow
              key={item.slug}
              media={<Thumb src={item.image} />}
              name={`subcategory ${item.name}`}
              onEdit={() => fill(item)}
              onDelete={() => setDoomed(item)}
            >
              <p className="truncate font-semibold text-teak-900">{item.name}</p>
              <p className="truncate text-xs text-teak-700">{item.category.name}</p>
            </EditableRow>
          )}
        </RemoteList>
      }
      after={
        <ConfirmDialog
          open={doomed !== null}
          title="Delete this subcategory?"
          message={`"${doomed?.name ?? ''}" will be removed for good; its products stay in their category.`}
          busy={form.busy}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDoomed(null)}
        />
      }
    >
      <TextField label="Name" form={form} field="name" value={name} maxLength={100} onChange={setName} />
      <SelectField label="Category" form={form} field="category" value={category} onChange={setCategory}>
        <CategoryOptions categories={categories.data} prompt="Choose a category" />
      </SelectField>
      <TextField label="Description" form={form} field="description" value={description} rows={3} onChange={setDescription} />
      <CrudImage crud={crud} label="Image" field="image" files={files} setFiles={setFiles} current={editing?.image} />
    </CrudLayout>
  );
}
