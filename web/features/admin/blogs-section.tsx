import { useState, type FormEvent } from 'react';
import type { Blog } from '../../../contract/content';
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
  dateTime,
  firstError,
  inputClass,
  secondaryButton,
  useEditMode,
  useRemote,
  useSubmitter,
} from './ui';

const REQUIRED = 'This field is required.';

export function BlogsSection() {
  const blogs = useRemote<Blog[]>('/api/blogs/', 'Error loading blogs.');
  const { editing, formKey, formRef, toAddMode, toEditMode } = useEditMode<Blog>();
  const form = useSubmitter();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [files, setFiles] = useState<File[]>([]);

  function fill(blog: Blog | null) {
    setTitle(blog?.title ?? '');
    setContent(blog?.content ?? '');
    setFiles([]);
    form.clear();
    if (blog) toEditMode(blog);
    else toAddMode();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const ok = form.check({
      title: title.trim() ? undefined : REQUIRED,
      content: content.trim() ? undefined : REQUIRED,
      image: editing || files.length > 0 ? undefined : REQUIRED,
    });
    if (!ok) return;
    const body = new FormData();
    body.set('title', title.trim());
    body.set('content', content);
    if (files[0]) body.set('image', files[0]);
    const saved = await form.run(
      (onUploadProgress) =>
        editing
          ? api<Blog>(`/api/blogs/${editing.id}/`, {
              method: 'PATCH',
              form: body,
              onUploadProgress,
            })
          : api<Blog>('/api/blogs/', {
              method: 'POST',
              form: body,
              onUploadProgress,
            }),
      {
        success: editing ? 'Blog updated successfully' : 'Blog added successfully',
      },
    );
    if (saved) {
      fill(null);
      await blogs.reload();
    }
  }

  async function remove(blog: Blog) {
    const done = await form.run(() => api(`/api/blogs/${blog.id}/`, { method: 'DELETE' }).then(() => true), { success: 'Blog deleted successfully' });
    if (done) {
      if (editing?.id === blog.id) fill(null);
      await blogs.reload();
    }
  }

  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      <Panel title="Blogs">
        {blogs.error ? <p className="text-sm text-red-800">{blogs.error}</p> : null}
        {blogs.loading && !blogs.data ? <p className="text-sm text-teak-700">Loading blogs…</p> : null}
        {blogs.data && blogs.data.length === 0 ? <p className="text-sm text-teak-700">No blogs yet.</p> : null}
        <ul className="divide-y divide-teak-100">
          {blogs.data?.map((blog) => (
            <li key={blog.id} className="flex flex-wrap items-center gap-3 py-3">
              <Thumb src={blog.image} />
              <div className="min-w-0 flex-1 basis-32">
                <p className="truncate font-semibold text-teak-900">{blog.title}</p>
                <p className="text-xs text-teak-700">{dateTime(blog.created_at)}</p>
              </div>
              <div className="flex shrink-0 gap-2">
                <button type="button" className={secondaryButton} onClick={() => fill(blog)} aria-label={`Edit ${blog.title}`}>
                  Edit
                </button>
                <button type="button" className={dangerButton} onClick={() => void remove(blog)} aria-label={`Delete ${blog.title}`}>
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      </Panel>
      <Panel title={editing ? 'Edit blog' : 'Add blog'}>
        <form ref={formRef} noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4" aria-label={editing ? 'Edit blog' : 'Add blog'}>
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
          <Field label="Content" error={firstError(form.errors, 'content')} hint="Plain text; blank lines start new paragraphs.">
            {({ id, describedBy, invalid }) => (
              <textarea
                id={id}
                value={content}
                rows={8}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                onChange={(e) => {
                  setContent(e.target.value);
                  form.clearField('content');
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
            required={!editing}
          />
          <UploadProgress fraction={form.progress} />
          <FormStatus success={form.success} failure={form.failure} />
          <FormActions editing={Boolean(editing)} busy={form.busy} addLabel="Add blog" onCancel={() => fill(null)} />
        </form>
      </Panel>
    </div>
  );
}
