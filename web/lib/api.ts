import { isErrorCode, type ErrorCode } from '../../contract/errors';
/**
 * The browser's client for our own `/api/...` calls: JSON or multipart bodies and one error type carrying the
 * server's envelope (`detail`, `errors`, `code`). Who is signed in travels in the session's HttpOnly cookie,
 * which no script of the page can read: the web app keeps no token.
 */

export class ApiError extends Error {
  status: number;
  detail: string;
  errors: Record<string, string[]>;
  code?: ErrorCode;

  constructor(status: number, detail: string, errors: Record<string, string[]> = {}, code?: ErrorCode) {
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.errors = errors;
    this.code = code;
  }
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  json?: unknown;
  form?: FormData;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  onUploadProgress?: (fraction: number) => void;
}

const UNREACHABLE = 'We could not reach the shop. Please check your connection and try again.';

function urlOf(path: string, query?: ApiOptions['query']): string {
  const url = path.startsWith('/') ? path : `/${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

function fallbackDetail(status: number): string {
  if (status === 401) return 'Please log in to continue.';
  if (status === 403) return 'You do not have permission to do this.';
  if (status === 404) return 'We could not find what you asked for.';
  if (status === 413) return 'The file is too large.';
  if (status === 429) return 'Too many attempts. Please wait a moment and try again.';
  if (status >= 500) return 'Something went wrong on our side. Please try again in a moment.';
  return 'The request could not be completed.';
}

function errorFrom(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object') {
    const b = body as { detail?: unknown; errors?: unknown; code?: unknown };
    const errors: Record<string, string[]> = {};
    if (b.errors && typeof b.errors === 'object') {
      for (const [field, messages] of Object.entries(b.errors as Record<string, unknown>)) {
        if (Array.isArray(messages)) errors[field] = messages.map(String);
        else if (typeof messages === 'string') errors[field] = [messages];
      }
    }
    const detail = typeof b.detail === 'string' && b.detail ? b.detail : fallbackDetail(status);
    return new ApiError(status, detail, errors, isErrorCode(b.code) ? b.code : undefined);
  }
  return new ApiError(status, fallbackDetail(status));
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

interface RawResponse {
  status: number;
  text: string;
}

async function sendFetch(url: string, options: ApiOptions): Promise<RawResponse> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const method = options.method ?? (body ? 'POST' : 'GET');
  const response = await fetch(url, {
    method,
    headers,
    body,
    signal: options.signal,
  });
  return { status: response.status, text: await response.text() };
}

/** Uploads go through XMLHttpRequest because fetch reports no upload progress. */
function sendXhr(url: string, options: ApiOptions): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let body: XMLHttpRequestBodyInit | null = null;
    xhr.open(options.method ?? (options.form || options.json !== undefined ? 'POST' : 'GET'), url);
    xhr.setRequestHeader('accept', 'application/json');
    if (options.form) body = options.form;
    else if (options.json !== undefined) {
      xhr.setRequestHeader('content-type', 'application/json');
      body = JSON.stringify(options.json);
    }
    const progress = options.onUploadProgress;
    if (progress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) progress(event.loaded / event.total);
      };
    }
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new TypeError('network error'));
    xhr.onabort = () => reject(new DOMException('The request was aborted.', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), {
      once: true,
    });
    xhr.send(body);
  });
}

/** Calls `/api/...` on our origin. Throws ApiError for anything but 2xx; resolves to undefined for an empty answer. */
export async function api<T = unknown>(path: string, options: ApiOptions = {}): Promise<T> {
  const url = urlOf(path, options.query);
  const send = options.onUploadProgress ? sendXhr : sendFetch;
  let raw: RawResponse;
  try {
    raw = await send(url, options);
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, UNREACHABLE);
  }
  const body = parseBody(raw.text);
  if (raw.status < 200 || raw.status >= 300) throw errorFrom(raw.status, body);
  return body as T;
}
