import type { SubmissionResult } from '@conform-to/react';
import type { ErrorCode } from '../../contract/errors';
import { parseWithZod } from '@conform-to/zod/v4';
import {
  FormDataParseError,
  MaxFilesExceededError,
  MaxFileSizeExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
} from '@remix-run/form-data-parser';
import { data, type AppLoadContext } from 'react-router';
import type { z } from 'zod';
import type { Answer } from './answer';

/*
 * The one way a page action reads its form and answers (decisions 0018 and 0035). An action reads the posted
 * form with `readFormData` (or lets `dispatch` do it), runs the function of the form's intent, and answers
 * with `done`, `invalid`, `refusal` or `failed`: every answer has the shape of `Answer`, so a component reads
 * each the same way. The only other answer an action gives is a redirect.
 */

/** The sentence for a body that does not read as a form (cut short, or not a form at all). */
export const FORM_NOT_READ = 'The form could not be read. Please try again.';
/** The sentence for a form larger than any of the shop's forms. */
export const FORM_TOO_LARGE = 'This form is too large to send. Please send smaller or fewer pictures and try again.';
/** The sentence for a form that asks for something its page does not do (an old page, a hand-made post). */
export const UNKNOWN_INTENT = 'This form asked for something the page cannot do. Please reload the page.';

const KIB = 1024;
/** Room for a form's own fields: far more than any of the shop's forms sends, far less than a photo. */
const FIELDS_MAX_BYTES = 64 * KIB;
/** The most a form without a file may send (its fields, URL-encoded or multipart). */
const PLAIN_FORM_MAX_BYTES = 1024 * KIB;

/** The file a page's form may carry: its field, its limit, the sentence past it, and the form it belongs to. */
export interface UploadField {
  /** The intent of the form that sends the file: a refusal of the file is that form's answer. */
  intent: string;
  field: string;
  maxBytes: number;
  tooLarge: string;
  /** How many files of that field the form may carry (one unless told: a problem reported or a quote request carries up to five photos), each held to `maxBytes`. */
  maxFiles?: number;
  /** The sentence past `maxFiles` (beside the field, 400); the form's "too large" sentence when not given. */
  tooMany?: string;
}

type Reply = Pick<ReturnType<typeof checkForm>, 'reply'>;
type Init = { status?: number; headers?: HeadersInit };

/** A read form, or the answer already given to a form that could not be read (too large, broken). */
export type FormRead = { ok: true; formData: FormData } | { ok: false; answer: ReturnType<typeof failed> };

/**
 * Reads a posted form with a maintained streaming parser: the fields, and the one file the form may carry,
 * each held only up to its limit (a file past it stops the read at once, and is answered 413 with the form's
 * sentence); any other file is dropped, read no further than those limits. A body that is not a form is a 400
 * with a sentence, never a 500. The host caps the whole body before this (server/ssr.ts); these are the form's
 * own, smaller limits.
 */
export async function readFormData(request: Request, upload?: UploadField, log?: AppLoadContext['log']): Promise<FormRead> {
  const intent = upload?.intent ?? '';
  const maxTotalSize = upload ? upload.maxBytes * (upload.maxFiles ?? 1) + FIELDS_MAX_BYTES : PLAIN_FORM_MAX_BYTES;
  const tooLarge = () => {
    const answer = upload ? failed(intent, 413, upload.tooLarge, { field: upload.field }) : failed(intent, 413, FORM_TOO_LARGE, { inForm: true });
    return { ok: false as const, answer };
  };
  // A body that says it is too large is refused before a byte of it is read.
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxTotalSize) return tooLarge();
  try {
    const formData = await parseFormData(
      request,
      { maxFiles: upload ? (upload.maxFiles ?? 1) : 20, maxFileSize: upload ? upload.maxBytes : PLAIN_FORM_MAX_BYTES, maxParts: 200, maxTotalSize },
      (file) => (upload && file.fieldName === upload.field ? file : null),
    );
    return { ok: true, formData };
  } catch (err) {
    if (err instanceof MaxFileSizeExceededError || err instanceof MaxTotalSizeExceededError) return tooLarge();
    if (err instanceof MaxFilesExceededError && upload?.tooMany)
      return { ok: false, answer: failed(intent, 400, upload.tooMany, { field: upload.field }) };
    if (err instanceof MaxFilesExceededError || err instanceof MaxPartsExceededError || err instanceof MaxHeaderSizeExceededError) {
      return { ok: false, answer: failed(intent, 413, FORM_TOO_LARGE, { inForm: true }) };
    }
    // A body cut short or not a form at all: a sentence, not the error page; what the parser met is logged (a
    // warning: a person was turned away, and many would say something is wrong on the way to the shop).
    if (err instanceof FormDataParseError) {
      (log?.warn ?? log?.error)?.call(log, { err: err.cause ?? err, url: request.url }, 'a posted form could not be read');
      return { ok: false, answer: failed(intent, 400, FORM_NOT_READ, { inForm: true }) };
    }
    throw err;
  }
}

/**
 * Checks a read form with the contract's zod schema: the one validation path, the same schema the browser runs
 * before sending (Conform's `useForm` with `parseWithZod`) and the API runs on JSON.
 */
export function checkForm<S extends z.ZodType>(formData: FormData, schema: S, options: { disableAutoCoercion?: boolean } = {}) {
  return parseWithZod(formData, { schema, ...options });
}

/** The `intent` a posted form names ('' when it names none). */
export function intentOf(formData: FormData): string {
  const intent = formData.get('intent');
  return typeof intent === 'string' ? intent : '';
}

/** What each intent of a page's action runs: the action's own arguments and the form, read once. */
export type IntentArgs<A> = A & { formData: FormData };

/**
 * A page action with one named function per form (the `intent` the form sends): the form is read once, with
 * the limits of the file it may carry, and handed to the function of its intent. A form that names no intent
 * is the page's `fallback` form (a page with one main form need not name it); an intent the page does not know
 * is a 400 with a sentence.
 */
export async function dispatch<
  A extends { request: Request; context?: Pick<AppLoadContext, 'log'> },
  H extends Record<string, (args: IntentArgs<A>) => unknown>,
>(
  args: A,
  intents: H,
  options: { fallback?: keyof H & string; upload?: UploadField } = {},
): Promise<Awaited<ReturnType<H[keyof H]>> | ReturnType<typeof failed>> {
  const read = await readFormData(args.request, options.upload, args.context?.log);
  if (!read.ok) return read.answer;
  const named = intentOf(read.formData);
  const intent = named || options.fallback || '';
  const run = Object.hasOwn(intents, intent) ? intents[intent] : undefined;
  if (!run) return failed(named, 400, UNKNOWN_INTENT);
  return (await run({ ...args, formData: read.formData })) as Awaited<ReturnType<H[keyof H]>>;
}

/**
 * A form that did what it was asked: the sentence for the notification (if any) and, for a form with
 * fields, Conform's reply (`reset`: the form empties itself, as after a message sent).
 */
export function done<E extends object = object>(
  intent: string,
  options: { message?: string; submission?: Reply; reset?: boolean } & Init = {},
  extra?: E,
) {
  const { message = null, submission, reset = false, status = 200, headers } = options;
  const answer = { intent, ok: true, message, ...(submission ? { result: submission.reply({ resetForm: reset }) } : {}), ...extra };
  return data<Answer<E>>(answer as Answer<E>, { status, headers });
}

/**
 * A form that did not pass the contract's schema (or a check of a field by the page, `fieldErrors`): its field
 * errors under the fields, 400 unless told, nothing changed.
 */
export function invalid<E extends object = object>(
  intent: string,
  submission: Reply,
  options: { fieldErrors?: Record<string, string[]> } & Init = {},
  extra?: E,
) {
  const { fieldErrors, status = 400, headers } = options;
  const result = submission.reply(fieldErrors ? { fieldErrors } : undefined);
  return data<Answer<E>>({ intent, ok: false, message: null, result, unchanged: true, ...extra } as Answer<E>, { status, headers });
}

/**
 * A form refused with a sentence of the page's own (a missing choice, the shop out of reach): with its status,
 * above the button, or under `field`; nothing changed (unless `changed`: a step of it was kept).
 */
export function failed<E extends object = object>(
  intent: string,
  status: number,
  message: string,
  options: { submission?: Reply; field?: string; inForm?: boolean; changed?: boolean } & Omit<Init, 'status'> = {},
  extra?: E,
) {
  const { submission, field, inForm, changed, headers } = options;
  const errors = field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] };
  const result = submission ? submission.reply(errors) : field || inForm ? formErrorsOnly({ [field ?? '']: [message] }) : undefined;
  const answer = { intent, ok: false, message, ...(result ? { result } : {}), ...(changed ? {} : { unchanged: true as const }), ...extra };
  return data<Answer<E>>(answer as Answer<E>, { status, headers });
}

/**
 * A change a service refused with one of the shop's errors: its field errors under their fields (with a form's
 * `submission`), its sentence (after the form's `headline`, when it names one) above the button or in the
 * notification, with the error's own status (400, 401, 404, 409, 429...). Anything else is a failure of the
 * shop and goes on to the error page (and the log).
 */
export function refusal<E extends object = object>(
  intent: string,
  err: unknown,
  options: { submission?: Reply; headline?: string; inForm?: boolean } & Omit<Init, 'status'> = {},
  extra?: E,
) {
  if (!isShopError(err) || err.status >= 500) throw err;
  const { submission, headline, inForm, headers } = options;
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const [name, messages] of Object.entries(err.errors ?? {})) {
    if (name === 'non_field_errors' || name === 'detail') formErrors.push(...messages);
    else fieldErrors[name] = messages;
  }
  const reason = formErrors[0] ?? Object.values(fieldErrors)[0]?.[0] ?? err.detail;
  if (!formErrors.length && !Object.keys(fieldErrors).length) formErrors.push(err.detail);
  const message = headline ? `${headline}: ${reason}` : reason;
  const answer = {
    intent,
    ok: false,
    message,
    ...(submission
      ? { result: submission.reply({ fieldErrors, formErrors }) }
      : inForm
        ? { result: formErrorsOnly({ ...fieldErrors, '': formErrors }) }
        : {}),
    unchanged: true as const,
    ...extra,
  };
  return data<Answer<E>>(answer as Answer<E>, { status: err.status, headers });
}

/** Conform's reply to a form that was not read (or not checked): the errors alone, `''` for the form's own. */
function formErrorsOnly(error: Record<string, string[]>): SubmissionResult<string[]> {
  return { status: 'error', error };
}

/**
 * One of the shop's errors (server/lib/errors.ts). Checked by shape, not `instanceof`: the page bundle has its
 * own copy of the class, while the services throw the host's.
 */
export function isShopError(
  err: unknown,
): err is { name: 'AppError'; code: ErrorCode; detail: string; status: number; errors?: Record<string, string[]>; facts?: Record<string, unknown> } {
  return (
    err instanceof Error &&
    err.name === 'AppError' &&
    typeof (err as { detail?: unknown }).detail === 'string' &&
    typeof (err as { status?: unknown }).status === 'number'
  );
}
