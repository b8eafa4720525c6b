import { describe, expect, it } from 'vitest';
import type { Answer } from './answer';
import { dispatch, FORM_NOT_READ, FORM_TOO_LARGE, readFormData, UNKNOWN_INTENT, type UploadField } from './form.server';

const MB = 1024 * 1024;
const PICTURE: UploadField = { intent: 'picture', field: 'profile_picture', maxBytes: 5 * MB, tooLarge: 'Choose a picture under 5 MB.' };
const BOUNDARY = 'teakwood';

/** What a `data()` answer holds, and its status. */
function answerOf(value: unknown): { answer: Answer; status: number } {
  const { data, init } = value as { data: Answer; init: { status?: number } | null };
  return { answer: data, status: init?.status ?? 200 };
}

/** A multipart body sent chunked (no length), one megabyte at a time, counting how many chunks were read. */
function chunkedUpload(megabytes: number, field = 'profile_picture') {
  const head = `--${BOUNDARY}\r\ncontent-disposition: form-data; name="intent"\r\n\r\npicture\r\n--${BOUNDARY}\r\ncontent-disposition: form-data; name="${field}"; filename="me.png"\r\ncontent-type: image/png\r\n\r\n`;
  const tail = `\r\n--${BOUNDARY}--\r\n`;
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(head));
    },
    pull(controller) {
      if (sent < megabytes) {
        sent += 1;
        controller.enqueue(new Uint8Array(MB).fill(7));
      } else {
        controller.enqueue(new TextEncoder().encode(tail));
        controller.close();
      }
    },
  });
  const request = new Request('http://shop.test/profile', {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    body,
    duplex: 'half',
  } as RequestInit);
  return { request, sent: () => sent };
}

function plainForm(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request('http://shop.test/page', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

describe('readFormData', () => {
  it('reads a plain form and the one file a form may carry', async () => {
    const plain = await readFormData(plainForm({ intent: 'contact', email: 'a@b.in' }));
    expect(plain.ok && plain.formData.get('email')).toBe('a@b.in');

    const { request } = chunkedUpload(1);
    const upload = await readFormData(request, PICTURE);
    if (!upload.ok) throw new Error('the upload was refused');
    const file = upload.formData.get('profile_picture');
    expect(file).toBeInstanceOf(File);
    expect((file as File).size).toBe(MB);
    expect(upload.formData.get('intent')).toBe('picture');
  });

  it('stops a chunked upload as it streams past the file’s limit: a 413 with the form’s sentence, the rest never read', async () => {
    const { request, sent } = chunkedUpload(40);
    const read = await readFormData(request, PICTURE);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    const { answer, status } = answerOf(read.answer);
    expect(status).toBe(413);
    expect(answer).toMatchObject({ intent: 'picture', ok: false, message: 'Choose a picture under 5 MB.' });
    expect(answer.result?.error).toEqual({ profile_picture: ['Choose a picture under 5 MB.'] });
    // The parser stopped within a chunk or two of the limit: the 40 MB were never taken in.
    expect(sent()).toBeLessThanOrEqual(7);
  });

  it('refuses a body whose declared length is past the limit before reading it', async () => {
    const big = plainForm({ name: 'x' }, { 'content-length': String(2 * MB) });
    const read = await readFormData(big);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    const { answer, status } = answerOf(read.answer);
    expect(status).toBe(413);
    expect(answer.message).toBe(FORM_TOO_LARGE);
  });

  it('drops a file sent to a form that takes none, and caps such a form at 1 MiB', async () => {
    const { request } = chunkedUpload(3);
    const read = await readFormData(request);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(answerOf(read.answer).status).toBe(413);

    const small = chunkedUpload(0);
    const kept = await readFormData(small.request);
    expect(kept.ok && kept.formData.get('profile_picture')).toBe(null);
  });

  it('answers a body that is not a form with a 400 and a sentence', async () => {
    const broken = new Request('http://shop.test/contact', {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: `--${BOUNDARY}\r\nnot a part header\r\n`,
    });
    const read = await readFormData(broken);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    const { answer, status } = answerOf(read.answer);
    expect(status).toBe(400);
    expect(answer.message).toBe(FORM_NOT_READ);
  });
});

describe('dispatch', () => {
  const intents = {
    save: ({ formData }: { formData: FormData }) => `saved ${formData.get('name') as string}`,
    remove: () => 'removed',
  };

  it('runs the function of the form’s intent, and the fallback for a form that names none', async () => {
    expect(await dispatch({ request: plainForm({ intent: 'remove' }) }, intents)).toBe('removed');
    expect(await dispatch({ request: plainForm({ name: 'Teak' }) }, intents, { fallback: 'save' })).toBe('saved Teak');
  });

  it('answers an intent the page does not know with a 400 sentence, and runs nothing', async () => {
    for (const fields of [{ intent: 'toString' }, { intent: 'drop' }, {}] as Record<string, string>[]) {
      const { answer, status } = answerOf(await dispatch({ request: plainForm(fields) }, intents));
      expect(status).toBe(400);
      expect(answer).toMatchObject({ ok: false, message: UNKNOWN_INTENT });
    }
  });
});
