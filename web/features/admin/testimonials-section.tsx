import { useState, type FormEvent } from 'react';
import type { Testimonial } from '../../../contract/content';
import { CrudImage, CrudLayout, EditableRow, REQUIRED, RemoteList, TextField, useCrud } from './crud';
import { Thumb, inputClass, useRemote } from './ui';

export function TestimonialsSection() {
  const list = useRemote<Testimonial[]>('/api/testimonials/', 'Error loading testimonials.');
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [rating, setRating] = useState('5');
  const [files, setFiles] = useState<File[]>([]);
  const crud = useCrud<Testimonial>({
    path: '/api/testimonials/',
    keyOf: (t) => t.id,
    noun: 'testimonial',
    reset: (item) => {
      setTitle(item?.title ?? '');
      setText(item?.text ?? '');
      setName(item?.name ?? '');
      setRating(String(item?.rating ?? 5));
      setFiles([]);
    },
  });
  const { editing, form, fill } = crud;

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
    if (await crud.save(body)) {
      fill(null);
      await list.reload();
    }
  }

  async function remove(item: Testimonial) {
    if (await crud.remove(item)) await list.reload();
  }

  return (
    <CrudLayout
      crud={crud}
      listTitle="Testimonials"
      onSubmit={onSubmit}
      list={
        <RemoteList remote={list} loadingText="Loading testimonials…" emptyText="No testimonials yet.">
          {(item) => (
            <EditableRow
              key={item.id}
              media={<Thumb src={item.image} />}
              name={`testimonial from ${item.name}`}
              onEdit={() => fill(item)}
              onDelete={() => void remove(item)}
            >
              <p className="truncate font-semibold text-teak-900">{item.name}</p>
              <p className="truncate text-sm text-teak-800">
                <span aria-label={`${item.rating} out of 5`}>{'★'.repeat(item.rating)}</span> {item.title || item.text}
              </p>
            </EditableRow>
          )}
        </RemoteList>
      }
    >
      <TextField label="Name" form={form} field="name" value={name} maxLength={100} onChange={setName} />
      <TextField label="Title" form={form} field="title" value={title} maxLength={200} onChange={setTitle} />
      <TextField label="Text" form={form} field="text" value={text} rows={5} onChange={setText} />
      <TextField
        label="Rating"
        form={form}
        field="rating"
        type="number"
        min={1}
        max={5}
        step={1}
        value={rating}
        onChange={setRating}
        className={`${inputClass} max-w-28`}
      />
      <CrudImage crud={crud} label="Photo" field="image" files={files} setFiles={setFiles} current={editing?.image} required={!editing} />
    </CrudLayout>
  );
}
