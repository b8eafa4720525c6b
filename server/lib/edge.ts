import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { AppError, invalid, type FieldErrors } from './errors';

/**
 * The HTTP edge's checks, in one place for every route: what no handler should ever see.
 *
 * - Control characters (NUL above all: PostgreSQL refuses it in text) are refused in every string of the
 *   query, the path, the headers and a parsed body, with a 400 naming the field. Text in a body may hold
 *   tab and line breaks; a query, a path or a header may not.
 * - A call with a body schema takes JSON; one that declares `consumes` takes those types (and JSON, which
 *   `readForm` reads as a form). Anything else is 415 with a sentence, before the body is read.
 * - Routes that need a particular role check it before anything else is read (see `hoistAccessChecks`).
 */

/* eslint-disable no-control-regex -- these patterns exist to find control characters */
// Text may hold tab (\t), line feed (\n) and carriage return (\r); no other C0 control, nor DEL.
export const TEXT_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// A query, a path segment or a header is a single line: no control at all (a header may hold tab).
export const LINE_CONTROL = /[\u0000-\u001F\u007F]/;
const HEADER_CONTROL = /[\u0000-\u0008\u000A-\u001F\u007F]/;
/* eslint-enable no-control-regex */
/**
 * Half of a UTF-16 pair without its other half: no character at all. JSON's `\ud800` escape makes one; PostgreSQL
 * refuses it in text and JSON (and a queued job's data), and no font draws it.
 */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The most a public form's body may hold (contact, feedback, sign-up, log-in, password reset, a consultation
 * booking): its longest text, 5,000 characters, fits even written in emoji and escaped as JSON (12 bytes a
 * character), with its other fields. Past it the call is 413 before the body is parsed.
 */
export const PUBLIC_FORM_BODY_LIMIT = 64 * 1024;

export const CONTROL_MESSAGE = 'This value contains a control character (such as NUL) that is not allowed. Remove it and try again.';
export const BROKEN_TEXT_MESSAGE =
  'This value contains a broken character (half of an emoji or of another character) that is not text. Type it again and retry.';

/** The first string in `value` (keys included) that holds a forbidden character, as a dotted path. */
export function findControlCharacter(value: unknown, forbidden: RegExp, root: string): string | null {
  // Iterative: a body may be nested thousands of levels deep.
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [item, at] = stack.pop()!;
    if (typeof item === 'string') {
      if (forbidden.test(item)) return at;
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push([item[i], at ? `${at}.${i}` : String(i)]);
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, child] of Object.entries(item as Record<string, unknown>)) {
        const path = at ? `${at}.${key}` : key;
        if (forbidden.test(key)) return path;
        stack.push([child, path]);
      }
    }
  }
  return null;
}

function refuse(field: string, message = CONTROL_MESSAGE): AppError {
  const errors: FieldErrors = { [field || 'non_field_errors']: [message] };
  return invalid(errors, field ? `${field}: ${message}` : message);
}

/** The control-character check of one request: path, query, headers, then the parsed body. */
function checkControlCharacters(request: FastifyRequest): void {
  // The raw path too: a NUL in a part of the URL no schema names (the SSR catch-all) must not pass either.
  let rawPath: string;
  try {
    rawPath = decodeURIComponent(request.url.split('?')[0]!);
  } catch {
    throw invalid({ non_field_errors: ['The address is not valid: it has a broken %-escape.'] });
  }
  if (LINE_CONTROL.test(rawPath)) throw refuse('path');
  const params = findControlCharacter(request.params, LINE_CONTROL, '');
  if (params !== null) throw refuse(params);
  const query = findControlCharacter(request.query, LINE_CONTROL, '');
  if (query !== null) throw refuse(query);
  for (const [name, value] of Object.entries(request.headers)) {
    if (findControlCharacter(value, HEADER_CONTROL, name) !== null) throw refuse(`header ${name}`);
  }
  const body = findControlCharacter(request.body, TEXT_CONTROL, '');
  if (body !== null) throw refuse(body);
  // Text that is not well-formed Unicode is refused wherever it came in, before anything stores or queues it.
  for (const part of [request.params, request.query, request.body]) {
    const broken = findControlCharacter(part, LONE_SURROGATE, '');
    if (broken !== null) throw refuse(broken, BROKEN_TEXT_MESSAGE);
  }
}

const JSON_TYPE = 'application/json';

/** The body types a route takes, or null when it takes no body the edge should judge. */
function acceptedTypes(route: { schema?: unknown }): string[] | null {
  const schema = route.schema as { body?: unknown; consumes?: string[] } | undefined;
  if (schema?.consumes?.length) return [...new Set([...schema.consumes, JSON_TYPE])];
  if (schema?.body) return [JSON_TYPE];
  return null;
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return request.headers['transfer-encoding'] !== undefined;
}

function checkContentType(request: FastifyRequest): void {
  const accepted = acceptedTypes(request.routeOptions);
  if (!accepted || !hasBody(request)) return;
  const sent = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (accepted.includes(sent)) return;
  const list = accepted.length === 1 ? accepted[0] : `${accepted.slice(0, -1).join(', ')} or ${accepted.at(-1)}`;
  throw new AppError(
    'unsupported_media_type',
    sent ? `This call does not take ${sent}. Send the body as ${list} (Content-Type header).` : `The body has no Content-Type. Send it as ${list}.`,
  );
}

/**
 * Moves an access check given as preValidation or preHandler to the route's onRequest, ahead of every
 * other hook, and marks the route in the OpenAPI document (`x-access`). An anonymous caller gets 401 and a
 * customer 403 before their input is parsed or validated, so no answer tells them what the route accepts.
 */
export function hoistAccessChecks(app: FastifyInstance, checks: Record<string, (request: FastifyRequest) => Promise<void>>): void {
  const hooks = ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const;
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const [name, check] of Object.entries(checks)) {
      const present = hooks.some((h) => [route[h] ?? []].flat().includes(check));
      if (!present) continue;
      for (const h of hooks) {
        const list = [route[h] ?? []].flat().filter((fn) => fn !== (check as never));
        (route as unknown as Record<string, unknown>)[h] = list.length ? list : undefined;
      }
      route.onRequest = [check, ...[route.onRequest ?? []].flat()];
      route.schema = { ...(route.schema ?? {}), 'x-access': name } as RouteOptions['schema'];
    }
  });
}

export function registerInputGuards(app: FastifyInstance): void {
  // preParsing runs after the route's onRequest (its access check) and before the body is read.
  app.addHook('preParsing', async (request) => {
    checkContentType(request);
  });
  app.addHook('preValidation', async (request) => {
    checkControlCharacters(request);
  });
}
