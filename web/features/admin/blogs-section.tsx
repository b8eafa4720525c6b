import type { RefObject } from 'react';
import { blogFormSchema, type Blog } from '../../../contract/content';
import { CrudLayout, UploadFormPanel, imageRequired, useDeleteFetcher } from './crud';
import { useEditing, useUploadForm } from './forms';
import { EditableRow, ImagePicker, ItemList, TextField, Thumb, dateTime } from './ui';

const createSchema = blogFormSchema.extend({ image: imageRequired() });

export function BlogsSection({ blogs }: { blogs: Blog[] }) {
  const edit = useEditing<Blog>();
  const { remove, deleting } = useDeleteFetcher();
  return (
    <CrudLayout
      listTitle="Blogs"
      list={
        <ItemList items={blogs} emptyText="No blogs yet.">
          {(blog) => (
            <EditableRow
              key={blog.id}
              media={<Thumb src={blog.image} />}
              name={blog.title}
              onEdit={() => edit.toEditMode(blog)}
              deleting={deleting === String(blog.id)}
              onDelete={() => {
                if (edit.editing?.id === blog.id) edit.toAddMode();
                remove(blog.id);
              }}
            >
              <p className="truncate font-semibold text-teak-900">{blog.title}</p>
              <p className="text-xs text-teak-700">{dateTime(blog.created_at)}</p>
            </EditableRow>
          )}
        </ItemList>
      }
    >
      <BlogForm key={edit.formKey} blog={edit.editing} formRef={edit.formRef} onDone={edit.toAddMode} />
    </CrudLayout>
  );
}

function BlogForm({ blog, formRef, onDone }: { blog: Blog | null; formRef: RefObject<HTMLFormElement | null>; onDone: () => void }) {
  const { form, errorsOf, progress } = useUploadForm({
    schema: blog ? blogFormSchema : createSchema,
    path: blog ? `/api/blogs/${blog.id}/` : '/api/blogs/',
    method: blog ? 'PATCH' : 'POST',
    success: blog ? 'Blog updated successfully' : 'Blog added successfully',
    onSaved: onDone,
  });
  return (
    <UploadFormPanel form={form} formRef={formRef} noun="blog" editing={blog !== null} progress={progress} onCancel={onDone}>
      <TextField label="Title" name="title" defaultValue={blog?.title} errors={errorsOf('title')} maxLength={200} />
      <TextField
        label="Content"
        name="content"
        defaultValue={blog?.content}
        errors={errorsOf('content')}
        hint="Plain text; blank lines start new paragraphs."
        rows={8}
      />
      <ImagePicker label="Image" name="image" current={blog?.image} errors={errorsOf('image')} required={!blog} />
    </UploadFormPanel>
  );
}
