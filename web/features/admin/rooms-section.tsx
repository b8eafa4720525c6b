import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import { formatRupees, typedSum } from '../../../contract/format';
import {
  collectionFormSchema,
  collectionPatchFormSchema,
  roomFormSchema,
  PRODUCTS_MAX,
  type Collection,
  type ShowcaseProduct,
} from '../../../contract/rooms';
import { CrudLayout, DeleteConfirm, UploadFormPanel, useDeleteConfirm } from './crud';
import { ProductListField, ProductPicker, type ProductChoice } from './product-picker';
import { useEditing, useUploadForm } from './forms';
import { EditableRow, Facts, Field, IMAGE_ACCEPT, ImagePicker, ItemList, SelectField, TextField, Thumb, inputClass, secondaryButton } from './ui';

/** A room as the admin sees it: every hotspot, also those whose product cannot be bought now. */
export interface AdminRoom {
  slug: string;
  name: string;
  image: string | null;
  kind: 'room' | 'bedroom';
  on_home: boolean;
  position: number;
  hotspots: { x: number; y: number; product: ShowcaseProduct }[];
  products: ShowcaseProduct[];
}
type Spot = { key: number; x: number; y: number; product: ProductChoice | null };

const clamp = (n: number) => Math.min(100, Math.max(0, Math.round(n * 100) / 100));

export function RoomsPanel({ rooms }: { rooms: AdminRoom[] }) {
  const edit = useEditing<AdminRoom>();
  const doom = useDeleteConfirm(edit, 'slug');
  return (
    <CrudLayout
      listTitle="Rooms"
      columns="xl:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]"
      list={
        <ItemList items={rooms} emptyText="No rooms yet." label="Room list">
          {(item) => (
            <EditableRow
              key={item.slug}
              media={<Thumb src={item.image} />}
              name={`room ${item.name}`}
              onEdit={() => edit.toEditMode(item)}
              onDelete={() => doom.ask(item)}
            >
              <p className="truncate font-semibold text-teak-900">{item.name}</p>
              <Facts>
                <span>/room/{item.slug}</span>
                <span>{item.kind === 'bedroom' ? 'Featured Bedrooms' : item.on_home ? 'Room, on home' : 'Room'}</span>
                <span>
                  {item.hotspots.length} {item.hotspots.length === 1 ? 'hotspot' : 'hotspots'}
                </span>
              </Facts>
            </EditableRow>
          )}
        </ItemList>
      }
      after={
        <DeleteConfirm
          of={doom}
          title="Delete this room?"
          message={`"${doom.doomed?.name ?? ''}" and its hotspots will be removed for good; its products stay in the shop.`}
        />
      }
    >
      <RoomForm key={edit.formKey} item={edit.editing} formRef={edit.formRef} onDone={edit.toAddMode} />
    </CrudLayout>
  );
}

function RoomForm({ item, formRef, onDone }: { item: AdminRoom | null; formRef: RefObject<HTMLFormElement | null>; onDone: () => void }) {
  const { form, errorsOf, progress } = useUploadForm({
    schema: roomFormSchema,
    path: item ? `/api/rooms/${item.slug}/` : '/api/rooms/',
    method: item ? 'PATCH' : 'POST',
    success: item ? 'Room updated successfully' : 'Room created successfully',
    onSaved: onDone,
  });
  return (
    <UploadFormPanel form={form} formRef={formRef} noun="room" editing={item !== null} progress={progress} onCancel={onDone}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" name="name" defaultValue={item?.name} errors={errorsOf('name')} maxLength={100} />
        <TextField
          label="Slug"
          name="slug"
          defaultValue={item?.slug}
          errors={errorsOf('slug')}
          hint="Its address: /room/{slug}. Made from the name when left empty."
        />
        <SelectField label="Shown in" name="kind" defaultValue={item?.kind ?? 'room'} errors={errorsOf('kind')}>
          <option value="room">Rooms (main picture and collage)</option>
          <option value="bedroom">Featured Bedrooms</option>
        </SelectField>
        <SelectField label="On the home page" name="on_home" defaultValue={item?.on_home ? 'true' : 'false'} errors={errorsOf('on_home')}>
          <option value="false">No</option>
          <option value="true">Yes, in Shop by Room</option>
        </SelectField>
        <TextField
          label="Position"
          name="position"
          type="number"
          min={0}
          defaultValue={item?.position ?? 0}
          errors={errorsOf('position')}
          hint="Smaller first."
        />
      </div>
      <HotspotEditor item={item} imageErrors={errorsOf('image')} hotspotErrors={errorsOf('hotspots')} />
      <ProductListField
        label="Products in this room"
        name="products"
        initial={item?.products ?? []}
        errors={errorsOf('products')}
        max={PRODUCTS_MAX}
        hint="Shown under the picture on the room's page, in this order."
      />
      {item ? (
        <a href={`/room/${item.slug}`} target="_blank" rel="noreferrer" className="text-sm font-semibold text-teak-700 underline underline-offset-4">
          See the room as visitors do (opens a new tab)
        </a>
      ) : null}
    </UploadFormPanel>
  );
}

/**
 * The room's picture with its hotspots: a click (or tap) on the picture places a hotspot there; a hotspot is
 * dragged to move it (pointer events), or moved with the arrow keys (Shift for bigger steps), or placed exactly
 * with its X and Y fields. The hotspots travel as one hidden JSON field.
 */
function HotspotEditor({ item, imageErrors, hotspotErrors }: { item: AdminRoom | null; imageErrors?: string[]; hotspotErrors?: string[] }) {
  const nextKey = useRef(0);
  const [spots, setSpots] = useState<Spot[]>(() =>
    (item?.hotspots ?? []).map((h) => ({ key: nextKey.current++, x: h.x, y: h.y, product: h.product })),
  );
  const [selected, setSelected] = useState<number | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const dragging = useRef<number | null>(null);
  const moved = useRef(false);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const image = preview ?? item?.image ?? null;
  const focusPicker = (key: number) => requestAnimationFrame(() => document.querySelector<HTMLElement>(`#hotspot-${key} [role=combobox]`)?.focus());
  const update = (key: number, change: Partial<Spot>) => setSpots((list) => list.map((s) => (s.key === key ? { ...s, ...change } : s)));
  const at = (event: { clientX: number; clientY: number }) => {
    const box = frame.current!.getBoundingClientRect();
    return { x: clamp(((event.clientX - box.left) / box.width) * 100), y: clamp(((event.clientY - box.top) / box.height) * 100) };
  };

  function place(event: PointerEvent<HTMLDivElement>) {
    if (event.target !== event.currentTarget && !(event.target as HTMLElement).dataset.picture) return;
    const key = nextKey.current++;
    setSpots((list) => [...list, { key, ...at(event), product: null }]);
    setSelected(key);
    // The new hotspot's product is chosen next.
    focusPicker(key);
  }

  function onKey(event: KeyboardEvent<HTMLButtonElement>, spot: Spot) {
    const step = event.shiftKey ? 5 : 1;
    const delta = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[event.key];
    if (!delta) return;
    event.preventDefault();
    update(spot.key, { x: clamp(spot.x + delta[0]!), y: clamp(spot.y + delta[1]!) });
  }

  const payload = JSON.stringify(spots.map(({ x, y, product }) => ({ x, y, product: product?.slug ?? '' })));
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 font-display text-lg text-teak-900">Picture and hotspots</legend>
      <Field label="Room image" errors={imageErrors} hint="JPEG, PNG or WebP. Then click on the picture to place a hotspot.">
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            name="image"
            type="file"
            accept={IMAGE_ACCEPT}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            onChange={(e) => {
              const file = e.target.files?.[0];
              setPreview(file ? URL.createObjectURL(file) : null);
            }}
            className="mt-1 block w-full text-sm text-teak-900 file:mr-3 file:rounded-lg file:border-0 file:bg-teak-100 file:px-3 file:py-2 file:font-semibold file:text-teak-800"
          />
        )}
      </Field>
      <input type="hidden" name="hotspots" value={payload} />
      {image ? (
        <div
          ref={frame}
          role="group"
          aria-label="Room picture: click to place a hotspot"
          className="relative cursor-crosshair touch-none overflow-hidden rounded-xl bg-teak-100 select-none"
          onPointerDown={place}
          onPointerMove={(e) => {
            if (dragging.current === null) return;
            moved.current = true;
            update(dragging.current, at(e));
          }}
          onPointerUp={() => (dragging.current = null)}
          onPointerCancel={() => (dragging.current = null)}
        >
          <img src={image} alt="" data-picture="true" draggable={false} className="block h-auto w-full" />
          {spots.map((s, i) => {
            const product = s.product;
            return (
              <button
                key={s.key}
                type="button"
                aria-label={`Hotspot ${i + 1}${product ? `: ${product.name}` : ''}, at ${s.x}% across and ${s.y}% down. Arrow keys move it.`}
                aria-pressed={selected === s.key}
                className={`absolute grid h-11 w-11 -translate-x-1/2 -translate-y-1/2 cursor-grab touch-none place-items-center rounded-full focus:outline-none ${
                  selected === s.key ? 'z-10' : ''
                }`}
                style={{ left: `${s.x}%`, top: `${s.y}%` }}
                onPointerDown={(e) => {
                  e.stopPropagation();
                  e.currentTarget.setPointerCapture(e.pointerId);
                  dragging.current = s.key;
                  moved.current = false;
                  setSelected(s.key);
                }}
                onKeyDown={(e) => onKey(e, s)}
                onFocus={() => setSelected(s.key)}
              >
                <span
                  className={`grid h-8 w-8 place-items-center rounded-full text-xs font-bold shadow-lg ring-4 ${
                    selected === s.key ? 'bg-teak-600 text-white ring-teak-300' : 'bg-white text-teak-900 ring-white/50'
                  }`}
                  aria-hidden
                >
                  {i + 1}
                </span>
                {product ? (
                  <span
                    className="pointer-events-none absolute bottom-12 left-1/2 w-max max-w-48 -translate-x-1/2 rounded-lg bg-white px-2 py-1 text-xs shadow"
                    aria-hidden
                  >
                    <span className="block font-semibold text-teak-900">{product.name}</span>
                    <span className="block text-teak-700">{formatRupees(product.price)}</span>
                  </span>
                ) : null}
              </button>
            );
          })}
        </div>
      ) : (
        <p className="rounded-xl bg-teak-50 px-3 py-6 text-center text-sm text-teak-700">Choose the room's image to place hotspots on it.</p>
      )}
      {image ? (
        <button
          type="button"
          className={`${secondaryButton} justify-self-start`}
          onClick={() => {
            const key = nextKey.current++;
            setSpots((list) => [...list, { key, x: 50, y: 50, product: null }]);
            setSelected(key);
            focusPicker(key);
          }}
        >
          Add a hotspot in the middle
        </button>
      ) : null}
      {hotspotErrors?.length ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {hotspotErrors.join(' ')}
        </p>
      ) : null}
      <ol className="grid gap-2" aria-label="Hotspots">
        {spots.map((s, i) => {
          return (
            <li
              key={s.key}
              id={`hotspot-${s.key}`}
              className={`grid gap-2 rounded-xl p-3 ring-1 ${selected === s.key ? 'ring-teak-400' : 'ring-teak-200'}`}
            >
              <ProductPicker
                label={`Hotspot ${i + 1}: product`}
                value={s.product ? [s.product] : []}
                onChange={(next) => update(s.key, { product: next[0] ?? null })}
                onFocus={() => setSelected(s.key)}
              />
              <div className="flex flex-wrap items-end gap-2">
                <label className="grid w-24 gap-1 text-xs font-semibold text-teak-800">
                  X (%)
                  <input
                    type="number"
                    min={0}
                    max={100}
                    step={0.1}
                    value={s.x}
                    onChange={(e) => update(s.key, { x: clamp(Number(e.target.value)) })}
                    aria-label={`Hotspot ${i + 1}: X (%)`}
                    className={inputClass}
                  />
                </label>
                <label className="grid w-24 gap-1 text-xs font-semibold text-teak-800">
                  Y (%)
                  <input
                    type="number"
                    min={0}
                    max={100}
                    step={0.1}
                    value={s.y}
                    onChange={(e) => update(s.key, { y: clamp(Number(e.target.value)) })}
                    aria-label={`Hotspot ${i + 1}: Y (%)`}
                    className={inputClass}
                  />
                </label>
                <button
                  type="button"
                  className={`${secondaryButton} ml-auto`}
                  onClick={() => setSpots((list) => list.filter((x) => x.key !== s.key))}
                >
                  Remove hotspot {i + 1}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
    </fieldset>
  );
}

// ── collections ───────────────────────────────────────────────────────────────────────────────

export function CollectionsPanel({ collections }: { collections: Collection[] }) {
  const edit = useEditing<Collection>();
  const doom = useDeleteConfirm(edit, 'id');
  return (
    <CrudLayout
      listTitle="Collections"
      list={
        <ItemList items={collections} emptyText="No collections yet." label="Collection list">
          {(item) => (
            <EditableRow
              key={item.id}
              media={<Thumb src={item.image} />}
              name={`collection ${item.title}`}
              onEdit={() => edit.toEditMode(item)}
              onDelete={() => doom.ask(item)}
            >
              <p className="truncate font-semibold text-teak-900">{item.title}</p>
              <Facts>
                <span>/collect?collection={item.id}</span>
                <span>
                  {item.products.length} {item.products.length === 1 ? 'product' : 'products'}
                </span>
                {item.starts_from !== null ? <span>Starts from {formatRupees(item.starts_from)}</span> : null}
              </Facts>
            </EditableRow>
          )}
        </ItemList>
      }
      after={
        <DeleteConfirm
          of={doom}
          title="Delete this collection?"
          message={`"${doom.doomed?.title ?? ''}" will be removed for good; its products stay in the shop, in no collection.`}
        />
      }
    >
      <CollectionForm key={edit.formKey} item={edit.editing} formRef={edit.formRef} onDone={edit.toAddMode} />
    </CrudLayout>
  );
}

function CollectionForm({ item, formRef, onDone }: { item: Collection | null; formRef: RefObject<HTMLFormElement | null>; onDone: () => void }) {
  const { form, errorsOf, progress } = useUploadForm({
    schema: item ? collectionPatchFormSchema : collectionFormSchema,
    path: item ? `/api/collections/${item.id}/` : '/api/collections/',
    method: item ? 'PATCH' : 'POST',
    success: item ? 'Collection updated successfully' : 'Collection created successfully',
    onSaved: onDone,
  });
  return (
    <UploadFormPanel form={form} formRef={formRef} noun="collection" editing={item !== null} progress={progress} onCancel={onDone}>
      {item ? (
        <p className="text-sm text-teak-800">
          Id <span className="font-semibold">{item.id}</span> (links to the collection use it, so it stays).
        </p>
      ) : (
        <TextField
          label="Id"
          name="id"
          errors={errorsOf('id')}
          maxLength={60}
          hint="Used in its address: /collect?collection={id}, e.g. collection5."
        />
      )}
      <TextField label="Title" name="title" defaultValue={item?.title} errors={errorsOf('title')} maxLength={100} />
      <TextField label="Tagline" name="tagline" defaultValue={item?.tagline} errors={errorsOf('tagline')} maxLength={300} />
      <TextField
        label="Starts from (₹)"
        name="starts_from"
        defaultValue={item?.starts_from_set === null || item?.starts_from_set === undefined ? '' : typedSum(item.starts_from_set)}
        errors={errorsOf('starts_from')}
        inputMode="decimal"
        hint="Leave empty to show the cheapest product's price."
      />
      <TextField
        label="Position"
        name="position"
        type="number"
        min={0}
        defaultValue={item?.position ?? 0}
        errors={errorsOf('position')}
        hint="Smaller first."
      />
      <ProductListField
        label="Products"
        name="products"
        initial={item?.products ?? []}
        errors={errorsOf('products')}
        max={PRODUCTS_MAX}
        hint="A product is in one collection at a time: choosing it here takes it out of its other collection."
      />
      <ImagePicker label="Image" name="image" current={item?.image} errors={errorsOf('image')} />
    </UploadFormPanel>
  );
}
