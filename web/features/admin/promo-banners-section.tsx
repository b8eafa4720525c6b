import type { RefObject } from 'react';
import { promoBannerFormSchema, type PromoBanner } from '../../../contract/content';
import { promoPriceText } from '../../../contract/promo';
import { CrudLayout, UploadFormPanel, imageRequired, useDeleteFetcher } from './crud';
import { useEditing, useUploadForm } from './forms';
import { EditableRow, ImagePicker, ItemList, TextField, Thumb } from './ui';

const createSchema = promoBannerFormSchema.extend({
  image_left: imageRequired('Left image is required'),
  image_right: imageRequired('Right image is required'),
});

export function PromoBannersSection({ banners }: { banners: PromoBanner[] }) {
  const edit = useEditing<PromoBanner>();
  const { remove, deleting } = useDeleteFetcher();
  return (
    <CrudLayout
      listTitle="Promo banners"
      list={
        <>
          <p className="mb-3 text-sm text-teak-700">The newest banner is the one shown on the home page.</p>
          <ItemList items={banners} emptyText="No banner available">
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
                onEdit={() => edit.toEditMode(item)}
                deleting={deleting === String(item.id)}
                onDelete={() => {
                  if (edit.editing?.id === item.id) edit.toAddMode();
                  remove(item.id);
                }}
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
          </ItemList>
        </>
      }
    >
      <PromoForm key={edit.formKey} item={edit.editing} formRef={edit.formRef} onDone={edit.toAddMode} />
    </CrudLayout>
  );
}

function PromoForm({ item, formRef, onDone }: { item: PromoBanner | null; formRef: RefObject<HTMLFormElement | null>; onDone: () => void }) {
  const { form, errorsOf, progress } = useUploadForm({
    schema: item ? promoBannerFormSchema : createSchema,
    path: item ? `/api/banners/${item.id}/` : '/api/banners/',
    method: item ? 'PATCH' : 'POST',
    success: item ? 'Promo banner updated successfully' : 'Promo banner added successfully',
    onSaved: onDone,
  });
  return (
    <UploadFormPanel form={form} formRef={formRef} noun="promo banner" editing={item !== null} progress={progress} onCancel={onDone}>
      <TextField label="Title" name="title" defaultValue={item?.title} errors={errorsOf('title')} maxLength={200} />
      <TextField label="Description" name="description" defaultValue={item?.description} errors={errorsOf('description')} rows={3} />
      <TextField
        label="Price text"
        name="price_text"
        defaultValue={item?.price_text}
        errors={errorsOf('price_text')}
        hint="A price such as 24,999: the shop prints it as ₹24,999."
        maxLength={200}
      />
      <ImagePicker label="Left image" name="image_left" current={item?.image_left} errors={errorsOf('image_left')} required={!item} />
      <ImagePicker label="Right image" name="image_right" current={item?.image_right} errors={errorsOf('image_right')} required={!item} />
    </UploadFormPanel>
  );
}
