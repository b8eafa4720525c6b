import type { z } from 'zod';

export type FormResult<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string[]>; values: Record<string, string> };

/**
 * Reads a form sent without scripts (a plain POST to the page) and checks it with the same contract schema
 * the API uses: the data, or field errors with what was typed (so the form can show it again).
 */
export async function parseForm<S extends z.ZodType>(schema: S, request: Request): Promise<FormResult<z.infer<S>>> {
  const values: Record<string, string> = {};
  for (const [name, value] of await request.formData()) if (typeof value === 'string') values[name] = value;
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? 'non_field_errors')] ??= []).push(issue.message);
  return { ok: false, errors, values };
}
