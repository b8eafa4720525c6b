import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, FORM_CUT_SHORT, formParserError, invalid, nothingToChange, type FieldErrors } from './errors';
import { CONTROL_MESSAGE, findControlCharacter, LINE_CONTROL, TEXT_CONTROL } from './edge';
import { checkImagePixels, detectImageType, removeStoredImage, storeImage } from './images';
import type { Media } from './media';

/** What one write call accepts. Every multipart write of the shop goes through `readForm`. */
export interface UploadPolicy {
  /** The file fields the call takes, each with the most files it may carry. */
  files?: Record<string, number>;
  /** Largest single file; enforced while the upload streams, so a bigger file is never held whole. */
  maxFileBytes?: number;
  /** Most files in one request, across all fields. */
  maxFiles?: number;
  /** `images` (the default) checks every file's bytes for JPEG, PNG or WebP; `any` leaves that to the caller (CSV). */
  accept?: 'images' | 'any';
}

export interface ReceivedFile {
  field: string;
  filename: string;
  bytes: Buffer;
}

export interface ReceivedForm {
  /** The last value sent for a field, or undefined when it was not sent. */
  value(name: string): string | undefined;
  /** Every value sent for a repeated field, in order. */
  values(name: string): string[];
  /** The form's single-valued fields as a plain object, for schema parsing. */
  object(): Record<string, string>;
  files(field: string): ReceivedFile[];
  allFiles: ReceivedFile[];
}

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const MAX_FIELDS = 60;
const MAX_FIELD_BYTES = 100 * 1024;

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

function formFromEntries(fields: [string, string][], files: ReceivedFile[]): ReceivedForm {
  return {
    value(name) {
      let found: string | undefined;
      for (const [k, v] of fields) if (k === name) found = v;
      return found;
    },
    values(name) {
      return fields.filter(([k]) => k === name).map(([, v]) => v);
    },
    object() {
      return Object.fromEntries(fields);
    },
    files(field) {
      return files.filter((f) => f.field === field);
    },
    allFiles: files,
  };
}

/** JSON bodies are accepted beside multipart for calls that carry no file: values become the strings a form would send. */
function formFromJson(body: unknown): ReceivedForm {
  if (body === undefined || body === null) return formFromEntries([], []);
  if (typeof body !== 'object' || Array.isArray(body))
    throw invalid({ non_field_errors: ['Send the fields as a JSON object or as multipart/form-data.'] });
  const fields: [string, string][] = [];
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (Array.isArray(value) && (key === 'remove_images' || key === 'image_order')) {
      for (const item of value as unknown[]) fields.push([key, typeof item === 'string' ? item : JSON.stringify(item)]);
    } else if (value === null || value === undefined) {
      fields.push([key, '']);
    } else if (typeof value === 'string') {
      fields.push([key, value]);
    } else if (typeof value === 'number' || typeof value === 'boolean') {
      fields.push([key, String(value)]);
    } else {
      fields.push([key, JSON.stringify(value)]);
    }
  }
  return formFromEntries(fields, []);
}

function multipartError(err: unknown, policy: Required<Pick<UploadPolicy, 'maxFileBytes' | 'maxFiles'>>): AppError | null {
  const code = (err as { code?: unknown }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('too_large', `Each file must be at most ${megabytes(policy.maxFileBytes)}. Choose a smaller file.`);
    case 'FST_FILES_LIMIT':
      return new AppError('too_large', `Send at most ${policy.maxFiles} ${policy.maxFiles === 1 ? 'file' : 'files'} at once.`);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError('too_large', 'The form has too many fields.');
    case 'FST_PROTO_VIOLATION':
      return invalid({ non_field_errors: ['The form has a field name that is not allowed.'] });
    default:
      break;
  }
  if (err instanceof AppError) return null;
  // Anything else the form parser throws is the form's own fault: no boundary, cut short, a broken part.
  return formParserError(err) ?? invalid({ non_field_errors: [FORM_CUT_SHORT] });
}

// Field names and file names are one line; field values are text and may hold tab and line breaks.
function checkPart(name: string, value: string, forbidden: RegExp): void {
  if (findControlCharacter(name, LINE_CONTROL, name) !== null || findControlCharacter(value, forbidden, name) !== null) {
    const field = LINE_CONTROL.test(name) ? 'non_field_errors' : name;
    throw invalid({ [field]: [CONTROL_MESSAGE] });
  }
}

/**
 * Reads a write call's form: multipart (with files) or, for calls without files, a JSON object.
 * Files are capped while they stream (413), counted, and checked by their bytes: a renamed HTML file is
 * refused (415) before anything is stored. Nothing is written here; store files with `withStoredImages`.
 */
export async function readForm(request: FastifyRequest, policy: UploadPolicy = {}): Promise<ReceivedForm> {
  if (!request.isMultipart()) return formFromJson(request.body);
  const accepted = policy.files ?? {};
  const limits = {
    maxFileBytes: policy.maxFileBytes ?? MAX_IMAGE_BYTES,
    maxFiles:
      policy.maxFiles ??
      Math.max(
        1,
        Object.values(accepted).reduce((a, b) => a + b, 0),
      ),
  };
  const fields: [string, string][] = [];
  const files: ReceivedFile[] = [];
  try {
    const parts = request.parts({
      limits: { fileSize: limits.maxFileBytes, files: limits.maxFiles, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) {
          throw invalid({ [part.fieldname]: [`This field is too long (at most ${MAX_FIELD_BYTES / 1024} KB).`] });
        }
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        checkPart(part.fieldname, value, TEXT_CONTROL);
        fields.push([part.fieldname, value]);
        continue;
      }
      checkPart(part.fieldname, part.filename ?? '', LINE_CONTROL);
      const bytes = await part.toBuffer();
      // Browsers send an empty file part for a file input left empty: that is "no new file".
      if (bytes.length === 0 && !part.filename) continue;
      if (!(part.fieldname in accepted)) {
        const names = Object.keys(accepted);
        throw invalid({
          [part.fieldname]: [names.length ? `This form takes files only in: ${names.join(', ')}.` : 'This form does not take files.'],
        });
      }
      files.push({ field: part.fieldname, filename: part.filename, bytes });
    }
  } catch (err) {
    throw multipartError(err, limits) ?? err;
  }

  const errors: FieldErrors = {};
  for (const [field, max] of Object.entries(accepted)) {
    const count = files.filter((f) => f.field === field).length;
    if (count > max) errors[field] = [max === 1 ? 'Choose one image only.' : `Choose at most ${max} images.`];
  }
  if (Object.keys(errors).length) throw invalid(errors);

  if ((policy.accept ?? 'images') === 'images') {
    for (const file of files) {
      if (file.bytes.length === 0) throw invalid({ [file.field]: [`“${file.filename}” is empty.`] });
      if (!detectImageType(file.bytes)) {
        const name = file.filename || 'The file';
        throw new AppError('unsupported_media_type', `“${name}” is not a JPEG, PNG or WebP image. Choose an image file.`, {
          [file.field]: [`“${name}” is not a JPEG, PNG or WebP image.`],
        });
      }
      checkImagePixels(file.bytes, `“${file.filename || 'The image'}”`, file.field);
    }
  }
  return formFromEntries(fields, files);
}

/** Parses a form's single-valued fields with a schema; problems become field errors in the envelope. */
export function parseFields<S extends z.ZodType>(schema: S, form: ReceivedForm, handledElsewhere: readonly string[] = []): z.infer<S> {
  const fields = form.object();
  for (const name of handledElsewhere) delete fields[name];
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw invalid(zodFieldErrors(parsed.error));
  return parsed.data;
}

/**
 * Parses the fields of an edit (PATCH): like `parseFields`, and an edit that would change nothing (no known
 * field, no file) is refused with a sentence naming what can be sent, instead of reaching the database.
 * `fileFields` are the form's file fields and fields read apart (image edits), which count as changes when sent.
 */
export function parsePatch<S extends z.ZodObject>(schema: S, form: ReceivedForm, fileFields: readonly string[] = []): z.infer<S> {
  const data = parseFields(schema, form, fileFields) as Record<string, unknown>;
  const changes = Object.values(data).some((v) => v !== undefined) || form.allFiles.length > 0 || hasImageEdits(form);
  if (!changes) throw nothingToChange([...Object.keys(schema.shape), ...fileFields]);
  return data as z.infer<S>;
}

const hasImageEdits = (form: ReceivedForm) => form.values('remove_images').length > 0 || form.values('image_order').length > 0;

export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const list = (errors[issue.path.join('.') || 'non_field_errors'] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return errors;
}

/**
 * Runs every file through the image pipeline, then `use` with their URLs (in the files' order). When a
 * file cannot be processed or `use` throws (a rule, the database), every image written for this call is
 * removed again, so a failed write leaves neither rows nor files behind. Images that `use` replaced or
 * dropped are removed from storage once nothing shows them any more.
 */
export async function withStoredImages<T>(
  media: Media,
  files: ReceivedFile[],
  options: { folder: string; maxWidth?: number },
  use: (urls: string[]) => Promise<T>,
): Promise<T> {
  const written: string[] = [];
  try {
    for (const file of files) {
      try {
        written.push(await storeImage(media.storage, file.bytes, options));
      } catch (err) {
        // The pipeline's own error names no field; point it at the file's field for the form.
        if (err instanceof AppError && !err.errors) throw new AppError(err.code, err.detail, { [file.field]: [err.detail] });
        throw err;
      }
    }
    return await media.releasing(() => use(written));
  } catch (err) {
    await Promise.all(written.map((url) => removeStoredImage(media.storage, url).catch(() => {})));
    throw err;
  }
}
