import { useState, type FormEvent } from 'react';
import type { Blog } from '../../../contract/content';
import { CrudImage, CrudLayout, EditableRow, REQUIRED, RemoteList, TextField, useCrud } from './crud';
import { Thumb, dateTime, useRemote } from './ui';

export function BlogsSection() {
  const blogs = useRemote<Blog[]>('/api/blogs/', 'Error loading blogs.');
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const crud = useCrud<Blog>({
    path: '/api/blogs/',
    keyOf: (b) => b.id,
    noun: 'blog',
    reset: (blog) => {
      setTitle(blog?.title ?? '');
      setContent(blog?.content ?? '');
      setFiles([]);
    },
  });
  const { editing, form, fill } = crud;

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
    if (await crud.save(body)) {
      fill(null);
      await blogs.reload();
    }
  }

  async function remove(blog: Blog) {
    if (await crud.remove(blog)) await blogs.reload();
  }

  return (
    <CrudLayout
      crud={crud}
      listTitle="Blogs"
      onSubmit={onSubmit}
      list={
        <RemoteList remote={blogs} loadingText="Loading blogs…" emptyText="No blogs yet.">
          {(blog) => (
            <EditableRow
              key={blog.id}
              media={<Thumb src={blog.image} />}
              name={blog.title}
              onEdit={() => fill(blog)}
              onDelete={() => void remove(blog)}
            >
              <p className="truncate font-semibold text-teak-900">{blog.title}</p>
              <p className="text-xs text-teak-700">{dateTime(blog.created_at)}</p>
            </EditableRow>
          )}
        </RemoteList>
      }
    >
      <TextField label="Title" form={form} field="title" value={title} maxLength={200} onChange={setTitle} />
      <TextField
        label="Content"
        form={form}
        field="content"
        hint="Plain text; blank lines start new paragraphs."
        value={content}
        rows={8}
        onChange={setContent}
      />
      <CrudImage crud={crud} label="Image" field="image" files={files} setFiles={setFiles} current={editing?.image} required={!editing} />
    </CrudLayout>
  );
}
