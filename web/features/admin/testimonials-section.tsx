import type { RefObject } from 'react';
import { testimonialFormSchema, type Testimonial } from '../../../contract/content';
import { CrudLayout, UploadFormPanel, imageRequired, useDeleteFetcher } from './crud';
import { useEditing, useUploadForm } from './forms';
import { EditableRow, ImagePicker, ItemList, TextField, Thumb, inputClass } from './ui';

const createSchema = testimonialFormSchema.extend({ image: imageRequired() });

export function TestimonialsSection({ testimonials }: { testimonials: Testimonial[] }) {
  const edit = useEditing<Testimonial>();
  const { remove, deleting } = useDeleteFetcher();
  return (
    <CrudLayout
      listTitle="Testimonials"
      list={
        <ItemList items={testimonials} emptyText="No testimonials yet.">
          {(item) => (
            <EditableRow
              key={item.id}
              media={<Thumb src={item.image} />}
              name={`testimonial from ${item.name}`}
              onEdit={() => edit.toEditMode(item)}
              deleting={deleting === String(item.id)}
              onDelete={() => {
                if (edit.editing?.id === item.id) edit.toAddMode();
                remove(item.id);
              }}
            >
              <p className="truncate font-semibold text-teak-900">{item.name}</p>
              <p className="truncate text-sm text-teak-800">
                <span aria-label={`${item.rating} out of 5`}>{'★'.repeat(item.rating)}</span> {item.title || item.text}
              </p>
            </EditableRow>
          )}
        </ItemList>
      }
    >
      <TestimonialForm key={edit.formKey} item={edit.editing} formRef={edit.formRef} onDone={edit.toAddMode} />
    </CrudLayout>
  );
}

function TestimonialForm({ item, formRef, onDone }: { item: Testimonial | null; formRef: RefObject<HTMLFormElement | null>; onDone: () => void }) {
  const { form, errorsOf, progress } = useUploadForm({
    schema: item ? testimonialFormSchema : createSchema,
    path: item ? `/api/testimonials/${item.id}/` : '/api/testimonials/',
    method: item ? 'PATCH' : 'POST',
    success: item ? 'Testimonial updated successfully' : 'Testimonial added successfully',
    onSaved: onDone,
  });
  return (
    <UploadFormPanel form={form} formRef={formRef} noun="testimonial" editing={item !== null} progress={progress} onCancel={onDone}>
      <TextField label="Name" name="name" defaultValue={item?.name} errors={errorsOf('name')} maxLength={100} />
      <TextField label="Title" name="title" defaultValue={item?.title ?? ''} errors={errorsOf('title')} maxLength={200} />
      <TextField label="Text" name="text" defaultValue={item?.text} errors={errorsOf('text')} rows={5} />
      <TextField
        label="Rating"
        name="rating"
        defaultValue={String(item?.rating ?? 5)}
        errors={errorsOf('rating')}
        type="number"
        min={1}
        max={5}
        step={1}
        className={`${inputClass} max-w-28`}
      />
      <ImagePicker label="Photo" name="image" current={item?.image} errors={errorsOf('image')} required={!item} />
    </UploadFormPanel>
  );
}
