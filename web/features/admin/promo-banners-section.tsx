import { useState, type FormEvent } from 'react';
import type { PromoBanner } from '../../../contract/content';
import { api } from '../../lib/api';
import {
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
} from './ui';

const REQUIRED = 'This field is required.';
const TEXT_FIELDS = [
  { name: 'title', label: 'Title', rows: 0 },
  { name: 'description', label: 'Description', rows: 3 },
  { name: 'price_text', label: 'Price text', rows: 0 },
] as const;
type TextName = (typeof TEXT_FIELDS)[number]['name'];

export function PromoBannersSection() {
  const list = useRemote<PromoBanner[]>('/api/banners/', 'Error loading promo banners.');
  const { editing, formKey, formRef, toAddMode, toEditMode } = useEditMode<PromoBanner>();
  const form = useSubmitter();
  const [values, setValues] = useState<Record<TextName, string>>({
    title: '',
    description: '',
    price_text: '',
  });
  const [left, setLeft] = useState<File[]>([]);
  const [right, setRight] = useState<File[]>([]);

  function fill(item: PromoBanner | null) {
    setValues({
      title: item?.title ?? '',
      description: item?.description ?? '',
      price_text: item?.price_text ?? '',
    });
    setLeft([]);
    setRight([]);
    form.clear();
    if (item) toEditMode(item);
    else toAddMode();
  }

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
    const saved = await form.run(
      (onUploadProgress) =>
        editing
          ? api<PromoBanner>(`/api/banners/${editing.id}/`, {
              method: 'PATCH',
              form: body,
              onUploadProgress,
            })
          : api<PromoBanner>('/api/banners/', {
              method: 'POST',
              form: body,
              onUploadProgress,
            }),
      {
        success: editing ? 'Promo banner updated successfully' : 'Promo banner added successfully',
      },
    );
    if (saved) {
      fill(null);
      await list.reload();
    }
  }

  async function remove(item: PromoBanner) {
    const done = await form.run(() => api(`/api/banners/${item.id}/`, { method: 'DELETE' }).then(() => true), { success: 'Promo banner deleted successfully' });
    if (done) {
      if (editing?.id === item.id) fill(null);
      await list.reload();
    }
  }

  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      <Panel title="Promo banners">
        <p className="mb-3 text-sm text-teak-700">The newest banner is the one shown on the home page.</p>
        {list.error ? <p className="text-sm text-red-800">{list.error}</p> : null}
        {list.loading && !list.data ? <p className="text-sm text-teak-700">Loading promo banners…</p> : null}
        {list.data && list.data.length === 0 ? <p className="text-sm text-teak-700">No banner available</p> : null}
        <ul className="divide-y divide-teak-100">
          {list.data?.map((item, index) => (
            <li key={item.id} className="flex flex-wrap items-center gap-3 py-3">
              <div className="flex shrink-0 gap-1">
                <Thumb src={item.image_left} />
                <Thumb src={item.image_right} />
              </div>
              <div className="min-w-0 flex-1 basis-32">
                <p className="truncate font-semibold text-teak-900">
                  {item.title}
                  {index === 0 ? <span className="ml-2 rounded-full bg-leaf/15 px-2 py-0.5 text-xs font-semibold text-leaf">On the home page</span> : null}
                </p>
                <p className="truncate text-sm text-teak-800">{item.price_text}</p>
              </div>
              <div className="flex shrink-0 gap-2">
                <button type="button" className={secondaryButton} onClick={() => fill(item)} aria-label={`Edit promo banner ${item.title}`}>
                  Edit
                </button>
                <button type="button" className={dangerButton} onClick={() => void remove(item)} aria-label={`Delete promo banner ${item.title}`}>
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      </Panel>
      <Panel title={editing ? 'Edit promo banner' : 'Add promo banner'}>
        <form
          ref={formRef}
          noValidate
          onSubmit={(e) => void onSubmit(e)}
          className="grid gap-4"
          aria-label={editing ? 'Edit promo banner' : 'Add promo banner'}
        >
          {TEXT_FIELDS.map((f) => (
            <Field key={f.name} label={f.label} error={firstError(form.errors, f.name)}>
              {({ id, describedBy, invalid }) => {
                const props = {
                  id,
                  value: values[f.name],
                  'aria-describedby': describedBy,
                  'aria-invalid': invalid,
                  className: inputClass,
                  onChange: (e: { target: { value: string } }) => {
                    setValues((v) => ({ ...v, [f.name]: e.target.value }));
                    form.clearField(f.name);
                  },
                };
                return f.rows ? <textarea rows={f.rows} {...props} /> : <input maxLength={200} {...props} />;
              }}
            </Field>
          ))}
          <ImagePicker
            label="Left image"
            files={left}
            onChange={(f) => {
              setLeft(f);
              form.clearField('image_left');
            }}
            current={editing?.image_left}
            error={firstError(form.errors, 'image_left')}
            resetKey={formKey}
            required={!editing}
          />
          <ImagePicker
            label="Right image"
            files={right}
            onChange={(f) => {
              setRight(f);
              form.clearField('image_right');
            }}
            current={editing?.image_right}
            error={firstError(form.errors, 'image_right')}
            resetKey={formKey}
            required={!editing}
          />
          <UploadProgress fraction={form.progress} />
          <FormStatus success={form.success} failure={form.failure} />
          <FormActions editing={Boolean(editing)} busy={form.busy} addLabel="Add promo banner" onCancel={() => fill(null)} />
        </form>
      </Panel>
    </div>
  );
}
