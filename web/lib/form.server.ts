import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import type { z } from 'zod';

/**
 * Reads a posted form and checks it with the contract's zod schema: the one validation path, the same schema
 * the browser runs before sending (Conform's `useForm` with `parseWithZod`) and the API runs on JSON.
 */
export async function readForm<S extends z.ZodType>(request: Request, schema: S) {
  return parseWithZod(await request.formData(), { schema });
}

type Submission = Awaited<ReturnType<typeof readForm>>;

/**
 * The answer to a form a service refused with one of the shop's errors: field errors under their fields, the
 * sentence above the button, with the error's own status (400, 401, 409, 429...). Anything else is a failure
 * of the shop and goes on to the error page (and the log).
 */
export function refused(submission: Pick<Submission, 'reply'>, err: unknown) {
  if (!isShopError(err) || err.status >= 500) throw err;
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const [name, messages] of Object.entries(err.errors ?? {})) {
    if (name === 'non_field_errors' || name === 'detail') formErrors.push(...messages);
    else fieldErrors[name] = messages;
  }
  if (!formErrors.length && !Object.keys(fieldErrors).length) formErrors.push(err.detail);
  return data(submission.reply({ fieldErrors, formErrors }), { status: err.status });
}

/** The answer to a form that did not pass the schema: the field errors, 400. */
export function invalidForm(submission: Pick<Submission, 'reply'>) {
  return data(submission.reply(), { status: 400 });
}

/**
 * One of the shop's errors (server/lib/errors.ts). Checked by shape, not `instanceof`: the page bundle has its
 * own copy of the class, while the services throw the host's.
 */
export function isShopError(
  err: unknown,
): err is { name: 'AppError'; code: string; detail: string; status: number; errors?: Record<string, string[]> } {
  return (
    err instanceof Error &&
    err.name === 'AppError' &&
    typeof (err as { detail?: unknown }).detail === 'string' &&
    typeof (err as { status?: unknown }).status === 'number'
  );
}
