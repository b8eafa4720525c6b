import { useState, type FormEvent } from 'react';
import type { PromoBanner } from '../../../contract/content';
import { promoPriceText } from '../../../contract/promo';
import { CrudImage, CrudLayout, EditableRow, REQUIRED, RemoteList, TextField, useCrud } from './crud';
import { Thumb, useRemote } from './ui';

const TEXT_FIELDS = [
  { name: 'title', label: 'Title', rows: 0, hint: undefined },
  { name: 'description', label: 'Description', rows: 3, hint: undefined },
  { name: 'price_text', label: 'Price text', rows: 0, hint: 'A price such as 24,999: the shop prints it as ₹24,999.' },
] as const;
type TextName = (typeof TEXT_FIELDS)[number]['name'];

export function PromoBannersSection() {
  const list = useRemote<PromoBanner[]>('/api/banners/', 'Error loading promo banners.');
  const [values, setValues] = useState<Record<TextName, string>>({
    title: '',
    description: '',
    price_text: '',
  });
  const [left, setLeft] = useState<File[]>([]);
  const [right, setRight] = useState<File[]>([]);
  const crud = useCrud<PromoBanner>({
    path: '/api/banners/',
    keyOf: (b) => b.id,
    noun: 'promo banner',
    reset: (item) => {
      setValues({
        title: item?.title ?? '',
        description: item?.description ?? '',
        price_text: item?.price_text ?? '',
      });
      setLeft([]);
      setRight([]);
    },
  });
  const { editing, form, fill } = crud;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const ok = form.check({
      title: values.title.trim() ? undefined : REQUIRED,
      description: values.description.trim() ? undefined : REQUIRED,
      price_text: values.price_text.trim() ? undefined : REQUIRED,
      image_left: editing || left.length > 0 ? undefined : REQUIRED,
      image_right: editing || right.length > 0 ? undefined : REQUIRED,
    });
    if (!ok) return;
    const body = new FormData();
    for (const f of TEXT_FIELDS) body.set(f.name, values[f.name].trim());
    if (left[0]) body.set('image_left', left[0]);
    if (right[0]) body.set('image_right', right[0]);
    if (await crud.save(body)) {
      fill(null);
      await list.reload();
    }
  }

  async function remove(item: PromoBanner) {
    if (await crud.remove(item)) await list.reload();
  }

  return (
    <CrudLayout
      crud={crud}
      listTitle="Promo banners"
      onSubmit={onSubmit}
      list={
        <>
          <p className="mb-3 text-sm text-teak-700">The newest banner is the one shown on the home page.</p>
          <RemoteList remote={list} loadingText="Loading promo banners…" emptyText="No banner available">
            {(item, index) => (
              <EditableRow
                key={item.id}
                media={
                  <div className="flex shrink-0 gap-1">
                    <Thumb src={item.image_left} />
                    <Thumb src={item.image_right} />
                  </div>
                }
                name={`promo banner ${item.title}`}
                onEdit={() => fill(item)}
                onDelete={() => void remove(item)}
              >
                <p className="truncate font-semibold text-teak-900">
                  {item.title}
                  {index === 0 ? (
                    <span className="ml-2 rounded-full bg-leaf/15 px-2 py-0.5 text-xs font-semibold text-leaf">On the home page</span>
                  ) : null}
                </p>
                <p className="text-sm font-semibold text-teak-800">{promoPriceText(item.price_text)}</p>
              </EditableRow>
            )}
          </RemoteList>
        </>
      }
    >
      {TEXT_FIELDS.map((f) => (
        <TextField
          key={f.name}
          label={f.label}
          form={form}
          field={f.name}
          value={values[f.name]}
          rows={f.rows || undefined}
          hint={f.hint}
          maxLength={f.rows ? undefined : 200}
          onChange={(v) => setValues((prev) => ({ ...prev, [f.name]: v }))}
        />
      ))}
      <CrudImage
        crud={crud}
        label="Left image"
        field="image_left"
        files={left}
        setFiles={setLeft}
        current={editing?.image_left}
        required={!editing}
      />
      <CrudImage
        crud={crud}
        label="Right image"
        field="image_right"
        files={right}
        setFiles={setRight}
        current={editing?.image_right}
        required={!editing}
      />
    </CrudLayout>
  );
}
