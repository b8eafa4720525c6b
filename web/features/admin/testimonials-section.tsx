import { useState, type FormEvent } from 'react';
import type { Testimonial } from '../../../contract/content';
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

export function TestimonialsSection() {
  const list = useRemote<Testimonial[]>('/api/testimonials/', 'Error loading testimonials.');
  const { editing, formKey, formRef, toAddMode, toEditMode } = useEditMode<Testimonial>();
  const form = useSubmitter();
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [rating, setRating] = useState('5');
  const [files, setFiles] = useState<File[]>([]);

  function fill(item: Testimonial | null) {
    setTitle(item?.title ?? '');
    setText(item?.text ?? '');
    setName(item?.name ?? '');
    setRating(String(item?.rating ?? 5));
    setFiles([]);
    form.clear();
    if (item) toEditMode(item);
    else toAddMode();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const r = Number(rating);
    const ok = form.check({
      text: text.trim() ? undefined : REQUIRED,
      name: name.trim() ? undefined : REQUIRED,
      rating: Number.isInteger(r) && r >= 1 && r <= 5 ? undefined : 'Rating must be a whole number from 1 to 5.',
      image: editing || files.length > 0 ? undefined : REQUIRED,
    });
    if (!ok) return;
    const body = new FormData();
    body.set('title', title.trim());
    body.set('text', text.trim());
    body.set('name', name.trim());
    body.set('rating', String(r));
    if (files[0]) body.set('image', files[0]);
    const saved = await form.run(
      (onUploadProgress) =>
        editing
          ? api<Testimonial>(`/api/testimonials/${editing.id}/`, {
              method: 'PATCH',
              form: body,
              onUploadProgress,
            })
          : api<Testimonial>('/api/testimonials/', {
              method: 'POST',
              form: body,
              onUploadProgress,
            }),
      {
        success: editing ? 'Testimonial updated successfully' : 'Testimonial added successfully',
      },
    );
    if (saved) {
      fill(null);
      await list.reload();
    }
  }

  async function remove(item: Testimonial) {
    const done = await form.run(() => api(`/api/testimonials/${item.id}/`, { method: 'DELETE' }).then(() => true), {
      success: 'Testimonial deleted successfully',
    });
    if (done) {
      if (editing?.id === item.id) fill(null);
      await list.reload();
    }
  }

  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      <Panel title="Testimonials">
        {list.error ? <p className="text-sm text-red-800">{list.error}</p> : null}
        {list.loading && !list.data ? <p className="text-sm text-teak-700">Loading testimonials…</p> : null}
        {list.data && list.data.length === 0 ? <p className="text-sm text-teak-700">No testimonials yet.</p> : null}
        <ul className="divide-y divide-teak-100">
          {list.data?.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center gap-3 py-3">
              <Thumb src={item.image} />
              <div className="min-w-0 flex-1 basis-32">
                <p className="truncate font-semibold text-teak-900">{item.name}</p>
                <p className="truncate text-sm text-teak-800">
                  <span aria-label={`${item.rating} out of 5`}>{'★'.repeat(item.rating)}</span> {item.title || item.text}
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                <button type="button" className={secondaryButton} onClick={() => fill(item)} aria-label={`Edit testimonial from ${item.name}`}>
                  Edit
                </button>
                <button type="button" className={dangerButton} onClick={() => void remove(item)} aria-label={`Delete testimonial from ${item.name}`}>
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      </Panel>
      <Panel title={editing ? 'Edit testimonial' : 'Add testimonial'}>
        <form ref={formRef} noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4" aria-label={editing ? 'Edit testimonial' : 'Add testimonial'}>
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
          <Field label="Title" error={firstError(form.errors, 'title')}>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                value={title}
                maxLength={200}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                onChange={(e) => {
                  setTitle(e.target.value);
                  form.clearField('title');
                }}
                className={inputClass}
              />
            )}
          </Field>
          <Field label="Text" error={firstError(form.errors, 'text')}>
            {({ id, describedBy, invalid }) => (
              <textarea
                id={id}
                value={text}
                rows={5}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                onChange={(e) => {
                  setText(e.target.value);
                  form.clearField('text');
                }}
                className={inputClass}
              />
            )}
          </Field>
          <Field label="Rating" error={firstError(form.errors, 'rating')}>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                type="number"
                min={1}
                max={5}
                step={1}
                value={rating}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                onChange={(e) => {
                  setRating(e.target.value);
                  form.clearField('rating');
                }}
                className={`${inputClass} max-w-28`}
              />
            )}
          </Field>
          <ImagePicker
            label="Photo"
            files={files}
            onChange={(f) => {
              setFiles(f);
              form.clearField('image');
            }}
            current={editing?.image}
            error={firstError(form.errors, 'image')}
            resetKey={formKey}
            required={!editing}
          />
          <UploadProgress fraction={form.progress} />
          <FormStatus success={form.success} failure={form.failure} />
          <FormActions editing={Boolean(editing)} busy={form.busy} addLabel="Add testimonial" onCancel={() => fill(null)} />
        </form>
      </Panel>
    </div>
  );
}
