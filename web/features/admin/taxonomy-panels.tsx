import type { RefObject } from 'react';
import { categoryFormSchema, GST_RATES, subcategoryFormSchema, type Category, type Subcategory } from '../../../contract/catalog';
import { CatalogueNav } from './admin-panel';
import { CrudLayout, DeleteConfirm, UploadFormPanel, useDeleteConfirm } from './crud';
import { useEditing, useListParams, useUploadForm } from './forms';
import { CategoryOptions, EditableRow, ImagePicker, ItemList, SelectField, TextField, Thumb } from './ui';

export function CategoriesPanel({ categories }: { categories: Category[] }) {
  const edit = useEditing<Category>();
  const doom = useDeleteConfirm(edit, 'slug');
  return (
    <>
      <CatalogueNav />
      <CrudLayout
        listTitle="Categories"
        list={
          <ItemList items={categories}>
            {(item) => (
              <EditableRow
                key={item.slug}
                media={<Thumb src={item.image} />}
                name={`category ${item.name}`}
                onEdit={() => edit.toEditMode(item)}
                onDelete={() => doom.ask(item)}
              >
                <p className="truncate font-semibold text-teak-900">{item.name}</p>
                <p className="truncate text-xs text-teak-700">/{item.slug}</p>
              </EditableRow>
            )}
          </ItemList>
        }
        after={
          <DeleteConfirm
            of={doom}
            title="Delete this category?"
            message={`"${doom.doomed?.name ?? ''}" will be removed for good. A category that still holds products cannot be deleted.`}
          />
        }
      >
        <CategoryForm key={edit.formKey} item={edit.editing} formRef={edit.formRef} onDone={edit.toAddMode} />
      </CrudLayout>
    </>
  );
}

function CategoryForm({ item, formRef, onDone }: { item: Category | null; formRef: RefObject<HTMLFormElement | null>; onDone: () => void }) {
  const { form, errorsOf, progress } = useUploadForm({
    schema: categoryFormSchema,
    path: item ? `/api/categories/${item.slug}/` : '/api/categories/',
    method: item ? 'PATCH' : 'POST',
    success: item ? 'Category updated successfully' : 'Category created successfully',
    onSaved: onDone,
  });
  return (
    <UploadFormPanel form={form} formRef={formRef} noun="category" editing={item !== null} progress={progress} onCancel={onDone}>
      <TextField label="Name" name="name" defaultValue={item?.name} errors={errorsOf('name')} maxLength={100} />
      <TextField label="Description" name="description" defaultValue={item?.description} errors={errorsOf('description')} rows={3} />
      <TextField
        label="HSN code"
        name="hsn_code"
        defaultValue={item?.hsn_code ?? '9403'}
        errors={errorsOf('hsn_code')}
        maxLength={8}
        inputMode="numeric"
        hint="Printed on the tax invoice of its products: 9403 for furniture, 9401 for seats."
      />
      <SelectField
        label="GST rate"
        name="gst_rate"
        defaultValue={String(item?.gst_rate ?? 18)}
        errors={errorsOf('gst_rate')}
        hint="Included in the prices shown; the next invoices use it."
      >
        {GST_RATES.map((rate) => (
          <option key={rate} value={rate}>
            {rate}%
          </option>
        ))}
      </SelectField>
      <ImagePicker label="Image" name="image" current={item?.image} errors={errorsOf('image')} />
    </UploadFormPanel>
  );
}

export function SubcategoriesPanel({ categories, subcategories }: { categories: Category[]; subcategories: Subcategory[] }) {
  const edit = useEditing<Subcategory>();
  const doom = useDeleteConfirm(edit, 'slug');
  const [params, setParams] = useListParams();
  return (
    <>
      <CatalogueNav />
      <CrudLayout
        listTitle="Subcategories"
        listActions={
          <label className="flex items-center gap-2 text-sm text-teak-800">
            <span>Show</span>
            <select
              value={params.get('category') ?? ''}
              onChange={(e) => setParams({ category: e.target.value })}
              className="rounded-lg border border-teak-200 bg-white px-2 py-1.5 text-sm"
              aria-label="Filter subcategories by category"
            >
              <CategoryOptions categories={categories} prompt="All categories" />
            </select>
          </label>
        }
        list={
          <ItemList items={subcategories} emptyText="No subcategories yet.">
            {(item) => (
              <EditableRow
                key={item.slug}
                media={<Thumb src={item.image} />}
                name={`subcategory ${item.name}`}
                onEdit={() => edit.toEditMode(item)}
                onDelete={() => doom.ask(item)}
              >
                <p className="truncate font-semibold text-teak-900">{item.name}</p>
                <p className="truncate text-xs text-teak-700">{item.category.name}</p>
              </EditableRow>
            )}
          </ItemList>
        }
        after={
          <DeleteConfirm
            of={doom}
            title="Delete this subcategory?"
            message={`"${doom.doomed?.name ?? ''}" will be removed for good; its products stay in their category.`}
          />
        }
      >
        <SubcategoryForm key={edit.formKey} item={edit.editing} categories={categories} formRef={edit.formRef} onDone={edit.toAddMode} />
      </CrudLayout>
    </>
  );
}

function SubcategoryForm({
  item,
  categories,
  formRef,
  onDone,
}: {
  item: Subcategory | null;
  categories: Category[];
  formRef: RefObject<HTMLFormElement | null>;
  onDone: () => void;
}) {
  const { form, errorsOf, progress } = useUploadForm({
    schema: subcategoryFormSchema,
    path: item ? `/api/subcategories/${item.slug}/` : '/api/subcategories/',
    method: item ? 'PATCH' : 'POST',
    success: item ? 'Subcategory updated successfully' : 'Subcategory created successfully',
    onSaved: onDone,
  });
  return (
    <UploadFormPanel form={form} formRef={formRef} noun="subcategory" editing={item !== null} progress={progress} onCancel={onDone}>
      <TextField label="Name" name="name" defaultValue={item?.name} errors={errorsOf('name')} maxLength={100} />
      <SelectField label="Category" name="category" defaultValue={item?.category.slug ?? ''} errors={errorsOf('category')}>
        <CategoryOptions categories={categories} prompt="Choose a category" />
      </SelectField>
      <TextField label="Description" name="description" defaultValue={item?.description} errors={errorsOf('description')} rows={3} />
      <ImagePicker label="Image" name="image" current={item?.image} errors={errorsOf('image')} />
    </UploadFormPanel>
  );
}
