import { useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useLocation, useNavigation, useRevalidator, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { toast } from '../../components/ui/toast';
import { toastWorthy, type Answer } from '../../lib/answer';
import { ApiError, api } from '../../lib/api';

/** The spec's sentence for a form that failed without a reason a person can act on. */
export const GENERIC_FAILURE = 'An error occurred. Please try again.';

/**
 * Shows each answer of an action (a fetcher's or the page's) as a notification, once per answer: what a button
 * did, and a form that was saved (a refused form shows its errors in the form).
 */
export function useAnswerToast(answer: Answer | undefined): void {
  useEffect(() => {
    if (toastWorthy(answer)) toast(answer.message, answer.ok ? 'success' : 'error');
  }, [answer]);
}

/**
 * A refused upload, as Conform reports it: the server's field errors under their fields, its sentence (or the
 * form's headline, or the spec's generic sentence) above the button.
 */
function refusal(err: unknown, headline?: string): { fieldErrors: Record<string, string[]>; formErrors: string[] } {
  if (!(err instanceof ApiError) || err.status >= 500 || err.status === 0) return { fieldErrors: {}, formErrors: [headline ?? GENERIC_FAILURE] };
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const [name, messages] of Object.entries(err.errors)) {
    if (name === 'non_field_errors' || name === 'detail') formErrors.push(...messages);
    else fieldErrors[name] = messages;
  }
  if (!Object.keys(fieldErrors).length && !formErrors.length) formErrors.push(headline ? `${headline}: ${err.detail}` : err.detail);
  else if (headline && !formErrors.length) formErrors.push(headline);
  return { fieldErrors, formErrors };
}

/**
 * A form with files, sent to the admin API with XMLHttpRequest so the owner sees the upload's progress. The
 * contract's schema checks it in the browser first (the API runs the same schema); a refusal comes back under
 * the fields; a success is announced and the page's loaders run again, so every list shows the change.
 */
export function useUploadForm<S extends z.ZodType>({
  schema,
  path,
  method,
  success,
  failure,
  onSaved,
}: {
  schema: S;
  path: string;
  method: 'POST' | 'PATCH' | 'PUT';
  success: string;
  /** The headline of a refused form, such as 'Failed to create product'. */
  failure?: string;
  onSaved?: () => void;
}) {
  const revalidator = useRevalidator();
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | undefined>(undefined);
  const [progress, setProgress] = useState<number | null>(null);
  const [form] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onSubmit(event, { formData, submission }) {
      event.preventDefault();
      if (!submission) return;
      setProgress(0);
      api(path, { method, form: formData, onUploadProgress: setProgress })
        .then(async () => {
          toast(success);
          onSaved?.();
          await revalidator.revalidate();
        })
        .catch((err: unknown) => setLastResult(submission.reply(refusal(err, failure))))
        .finally(() => setProgress(null));
    },
  });
  const errorsOf = (name: string) => form.allErrors[name];
  return { form, errorsOf, progress, busy: progress !== null };
}

/** Whether the person is editing an existing item (and which) or adding a new one; a new key empties the form. */
export function useEditing<T>() {
  const [editing, setEditing] = useState<T | null>(null);
  const [formKey, setFormKey] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const toAddMode = useCallback(() => {
    setEditing(null);
    setFormKey((k) => k + 1);
  }, []);
  const toEditMode = useCallback((item: T) => {
    // The item's form is drawn at once, so that it can be shown: on a phone the form sits below the list, and
    // is brought into view with its first field focused.
    flushSync(() => {
      setEditing(item);
      setFormKey((k) => k + 1);
    });
    const form = formRef.current;
    form?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    form?.querySelector<HTMLElement>('input:not([type=file]), textarea, select')?.focus({ preventScroll: true });
  }, []);
  return { editing, formKey, formRef, toAddMode, toEditMode };
}

/**
 * The filters of a list kept in the page's URL (so a reload or a shared link shows the same list): the loader
 * reads them, and a change re-runs it. Typing in a search box waits for a pause before asking.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const set = useCallback(
    (changes: Record<string, string | null>, options: { debounce?: boolean } = {}) => {
      const apply = () =>
        setParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            for (const [key, value] of Object.entries(changes)) {
              if (value) next.set(key, value);
              else next.delete(key);
            }
            return next;
          },
          { replace: true, preventScrollReset: true },
        );
      clearTimeout(timer.current);
      if (options.debounce) timer.current = setTimeout(apply, 300);
      else apply();
    },
    [setParams],
  );
  // Going to another page (an order from the list, say) drops a search still waiting for its pause.
  const navigation = useNavigation();
  const { pathname } = useLocation();
  useEffect(() => {
    if (navigation.location && navigation.location.pathname !== pathname) clearTimeout(timer.current);
  }, [navigation.location, pathname]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [params, set] as const;
}
