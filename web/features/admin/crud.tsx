import { getFormProps, type FormMetadata } from '@conform-to/react';
import { useState, type ReactNode, type RefObject } from 'react';
import { useFetcher } from 'react-router';
import { z } from 'zod';
import { useAnswerToast } from './forms';
import type { Answer } from '../../lib/answer';
import { ConfirmDialog, FormActions, FormAlert, Panel, UploadProgress } from './ui';

/** A file the form must carry when an item is created (Conform reads an empty file input as missing). */
export const imageRequired = (message = 'Image is required') => z.file({ error: message });

/**
 * The list beside its add/edit form (on a phone, the form under the list). The form is a child so that
 * choosing another item to edit remounts it with that item's values.
 */
export function CrudLayout({
  listTitle,
  listActions,
  list,
  children,
  after,
  columns = 'xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]',
}: {
  listTitle: string;
  listActions?: ReactNode;
  list: ReactNode;
  children: ReactNode;
  after?: ReactNode;
  columns?: string;
}) {
  return (
    <div className={`grid grid-cols-1 gap-6 ${columns}`}>
      <Panel title={listTitle} actions={listActions}>
        {list}
      </Panel>
      {children}
      {after}
    </div>
  );
}

/**
 * An add/edit form with files: the fields given as children, then the upload's progress, the form's own
 * error and the submit/cancel buttons. Named "Add {noun}" or "Edit {noun}".
 */
export function UploadFormPanel<S extends Record<string, unknown>>({
  form,
  formRef,
  noun,
  editing,
  progress,
  onCancel,
  className = 'grid gap-4',
  children,
}: {
  form: FormMetadata<S, string[]>;
  formRef?: RefObject<HTMLFormElement | null>;
  noun: string;
  editing: boolean;
  progress: number | null;
  onCancel: () => void;
  className?: string;
  children: ReactNode;
}) {
  const title = editing ? `Edit ${noun}` : `Add ${noun}`;
  return (
    <Panel title={title}>
      <form ref={formRef} method="post" encType="multipart/form-data" {...getFormProps(form)} className={className} aria-label={title}>
        {children}
        <UploadProgress fraction={progress} />
        <FormAlert messages={form.errors} />
        <FormActions editing={editing} busy={progress !== null} addLabel={`Add ${noun}`} onCancel={onCancel} />
      </form>
    </Panel>
  );
}

/**
 * Deleting through the page's action (`intent=delete` with the item's key): the answer is announced, and the
 * page's lists load again by themselves. `deleting` names the item on its way out.
 */
/**
 * The question before a delete: the item asked about, and the answer. Confirming posts the delete and, when
 * the item is the one being edited, sets the form back to adding.
 */
export function useDeleteConfirm<K extends 'id' | 'slug', T extends Record<K, string | number>>(
  edit: { editing: T | null; toAddMode: () => void },
  key: K,
) {
  const { remove, busy } = useDeleteFetcher(key);
  const [doomed, setDoomed] = useState<T | null>(null);
  return {
    doomed,
    busy,
    ask: (item: T) => setDoomed(item),
    cancel: () => setDoomed(null),
    confirm: () => {
      if (!doomed) return;
      if (edit.editing?.[key] === doomed[key]) edit.toAddMode();
      remove(doomed[key]);
      setDoomed(null);
    },
  };
}

/** The panel's delete question (see useDeleteConfirm). */
export function DeleteConfirm({
  of,
  title,
  message,
}: {
  of: { doomed: unknown; busy: boolean; confirm: () => void; cancel: () => void };
  title: string;
  message: string;
}) {
  return <ConfirmDialog open={of.doomed !== null} title={title} message={message} busy={of.busy} onConfirm={of.confirm} onCancel={of.cancel} />;
}

export function useDeleteFetcher(key: 'id' | 'slug' = 'id') {
  const fetcher = useFetcher<Answer>();
  useAnswerToast(fetcher.data);
  const pending = fetcher.state !== 'idle' ? fetcher.formData?.get(key) : null;
  const deleting = typeof pending === 'string' ? pending : '';
  return {
    remove: (value: string | number) => void fetcher.submit({ intent: 'delete', [key]: String(value) }, { method: 'post' }),
    deleting,
    busy: fetcher.state !== 'idle',
  };
}
