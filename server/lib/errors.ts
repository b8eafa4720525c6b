import { z } from 'zod';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

import { ERROR_STATUS, type ErrorCode } from '../../contract/errors';

/** The shop's one error vocabulary (contract/errors.ts). Services throw these; one handler maps them to HTTP. */
export type { ErrorCode };

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    /** A sentence a person can act on. */
    public readonly detail: string,
    public readonly errors?: FieldErrors,
    /** Facts a client acts on, sent beside the sentence (the order that paid a cart, a new total). */
    public readonly facts?: Record<string, string | number | null>,
  ) {
    super(detail);
    this.name = 'AppError';
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what = 'The requested item') => new AppError('not_found', `${what} was not found.`);
export const invalid = (errors: FieldErrors, detail?: string) =>
  new AppError('invalid', detail ?? firstMessage(errors) ?? 'Some fields are not valid.', errors);
export const conflict = (detail: string) => new AppError('conflict', detail);
export const unauthenticated = (detail = 'Authentication credentials were not provided or are no longer valid.') =>
  new AppError('unauthenticated', detail);
export const forbidden = (detail = 'You do not have permission to do this.') => new AppError('forbidden', detail);

/** An edit that names no field it can change (PATCH with nothing, or only unknown fields). */
export const nothingToChange = (fields: readonly string[]) =>
  invalid(
    { non_field_errors: [`Nothing to change: send at least one of ${fields.join(', ')}.`] },
    `Nothing to change: send at least one of ${fields.join(', ')}.`,
  );

export const UNAVAILABLE_DETAIL = 'The shop is briefly unavailable. Please try again in a minute.';
/** Seconds a client should wait before trying again when the database cannot be reached. */
export const UNAVAILABLE_RETRY_AFTER = 60;

// Errors that mean "the database cannot be reached", not "this query is wrong": node's socket errors,
// PostgreSQL's connection exception class (08…) and shutdown / cannot-connect-now (57P01..57P03).
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
]);
const CONNECTION_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /connection terminated/i,
  /Cannot use a pool after calling end/i,
  /Client has encountered a connection error/i,
  /PGlite is closed/i,
  /Client was closed and is not queryable/i,
];

export const NO_BOUNDARY = 'The form has no boundary: send it as multipart/form-data with its boundary (browsers and FormData do this for you).';
export const FORM_CUT_SHORT = 'The form could not be read: it is cut short or malformed. Please send it again.';

/** A multipart parser's own error (busboy, @fastify/multipart) as the client's mistake it is, or null. */
export function formParserError(error: unknown): AppError | null {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new AppError('unsupported_media_type', 'Send the form as multipart/form-data or as a JSON object.');
  if (code === 'FST_INVALID_JSON_FIELD_ERROR') return invalid({ non_field_errors: ['A form field declared as JSON is not valid JSON.'] });
  if (code === 'FST_MP_PREMATURE_CLOSE') return invalid({ non_field_errors: ['The upload was interrupted. Please try again.'] });
  if (typeof message !== 'string') return null;
  if (/^Multipart: Boundary not found$|^Boundary required$/.test(message)) return invalid({ non_field_errors: [NO_BOUNDARY] });
  if (/^Unexpected end of (multipart data|form)$|terminated early due to unexpected end of multipart data$|^Malformed part header$/.test(message))
    return invalid({ non_field_errors: [FORM_CUT_SHORT] });
  return null;
}

/** An error and the errors it wraps (drizzle puts the driver's error in `cause`), breadth first. */
function* errorChain(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.has(e) || seen.size > 20) continue;
    seen.add(e);
    const { cause, errors } = e as { cause?: unknown; errors?: unknown };
    yield e;
    queue.push(cause);
    if (Array.isArray(errors)) queue.push(...(errors as unknown[]));
  }
}

/** Whether an error (or one it wraps) says the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const { code, message } of errorChain(error)) {
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.some((m) => m.test(message))) return true;
  }
  return false;
}

/**
 * Two requests that raced and lost to a database guard (a unique index, a CHECK, a deadlock or a
 * serialization failure): the data is intact, and the caller only needs to try again.
 */
const RACE_CODES = new Set(['23505', '23514', '40P01', '40001']);
export const RACE_DETAIL = 'Someone else changed this at the same moment. Please reload and try again.';

export function isLostRace(error: unknown): boolean {
  for (const { code } of errorChain(error)) if (typeof code === 'string' && RACE_CODES.has(code)) return true;
  return false;
}

function firstMessage(errors: FieldErrors): string | undefined {
  for (const [field, messages] of Object.entries(errors)) {
    const m = messages[0];
    if (m) return field === 'non_field_errors' ? m : `${field}: ${m}`;
  }
  return undefined;
}

export interface ErrorBody {
  detail: string;
  code: string;
  errors?: FieldErrors;
}

const FASTIFY_CODES: Record<number, ErrorCode> = {
  400: 'invalid',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** Maps any thrown error to the JSON envelope of API.md. Never leaks a stack trace. */
export function toErrorResponse(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return {
      status: error.status,
      body: { ...error.facts, detail: error.detail, code: error.code, ...(error.errors ? { errors: error.errors } : {}) },
    };
  }
  const form = formParserError(error);
  if (form) return toErrorResponse(form);
  if (isDatabaseUnavailable(error)) {
    return { status: 503, body: { detail: UNAVAILABLE_DETAIL, code: 'unavailable' } };
  }
  if (isLostRace(error)) return { status: 409, body: { detail: RACE_DETAIL, code: 'conflict' } };
  const fe = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fe)) {
    const errors: FieldErrors = {};
    for (const v of fe.validation) {
      const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'non_field_errors';
      (errors[field] ??= []).push(v.message ?? 'This value is not valid.');
    }
    return { status: 400, body: { detail: firstMessage(errors) ?? 'The request is not valid.', code: 'invalid', errors } };
  }
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (status >= 400 && status < 500) {
    const code = FASTIFY_CODES[status] ?? 'invalid';
    let detail = fe.message || 'The request is not valid.';
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413)
      detail = 'The request is too large. Shorten the text or send a smaller file, and try again.';
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') detail = 'This content type is not accepted here.';
    if (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') detail = 'The request body is not valid JSON.';
    return { status, body: { detail, code } };
  }
  return { status: 500, body: { detail: 'Something went wrong on our side. Please try again.', code: 'internal' } };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = toErrorResponse(error);
    if (body.code === 'unavailable') request.log.warn({ err: error }, 'the database cannot be reached');
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, status }, body.detail);
    const retryAfter = (error as { retryAfter?: unknown }).retryAfter;
    if (status === 429 && !reply.getHeader('retry-after')) reply.header('retry-after', typeof retryAfter === 'number' ? String(retryAfter) : '60');
    if (body.code === 'unavailable') reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER));
    return reply.status(status).type('application/json').send(body);
  });
}

/** The JSON error envelope, for route response schemas (OpenAPI). */
export const errorSchema = z
  .object({ detail: z.string(), code: z.string(), errors: z.record(z.string(), z.array(z.string())).optional() })
  .meta({ id: 'Error' });
