/**
 * The browser's client for our own `/api/...` calls: JSON or multipart bodies, the access token, one shared
 * refresh for the whole tab, and one error type carrying the server's envelope (`detail`, `errors`, `code`).
 */

export const ACCESS_KEY = 'access';
export const REFRESH_KEY = 'refresh';
export const CART_CODE_KEY = 'cart_code';
/** Fired on `window` whenever the stored tokens change, so every session view follows. */
export const TOKENS_CHANGED_EVENT = 'auth:tokens-changed';

export class ApiError extends Error {
  status: number;
  detail: string;
  errors: Record<string, string[]>;
  code?: string;

  constructor(status: number, detail: string, errors: Record<string, string[]> = {}, code?: string) {
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

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be blocked (private modes, strict settings): the shop still works without a login.
    return null;
  }
}

export function readTokens(): {
  access: string | null;
  refresh: string | null;
} {
  const s = storage();
  return {
    access: s?.getItem(ACCESS_KEY) ?? null,
    refresh: s?.getItem(REFRESH_KEY) ?? null,
  };
}

export function storeTokens(tokens: { access: string; refresh: string }): void {
  const s = storage();
  s?.setItem(ACCESS_KEY, tokens.access);
  s?.setItem(REFRESH_KEY, tokens.refresh);
  window.dispatchEvent(new Event(TOKENS_CHANGED_EVENT));
}

export function clearTokens(): void {
  const s = storage();
  if (!s || (s.getItem(ACCESS_KEY) === null && s.getItem(REFRESH_KEY) === null)) return;
  s.removeItem(ACCESS_KEY);
  s.removeItem(REFRESH_KEY);
  window.dispatchEvent(new Event(TOKENS_CHANGED_EVENT));
}

/** Seconds since the epoch at which a JWT expires, or null when it cannot be read. */
function expiryOf(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const text = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(text);
    if (claims && typeof claims === 'object' && 'exp' in claims && typeof claims.exp === 'number') return claims.exp;
  } catch {
    return null;
  }
  return null;
}

/** True when the token is unexpired, with a margin so it does not lapse on the way to the server. */
function fresh(token: string | null): token is string {
  if (!token) return false;
  const exp = expiryOf(token);
  return exp !== null && exp * 1000 > Date.now() + 10_000;
}

let refreshing: Promise<string | null> | null = null;

/** Tabs of one browser share the tokens in local storage; a Web Lock lets them trade the refresh token in turn. */
function inTurnAcrossTabs<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request('teakwood-token-refresh', task) as Promise<T>) : task();
}

/**
 * Trades the refresh token for a new pair (the newest refresh token lasts longest). Callers in a tab share
 * one request, and tabs take turns, so a page restored in several tabs asks once: a tab that waited for its
 * turn uses the pair the other tab stored, unless that access token is the one the server just refused.
 */
function refreshAccess(refused: string | null = null): Promise<string | null> {
  refreshing ??= inTurnAcrossTabs(async () => {
    const { access, refresh } = readTokens();
    if (access !== refused && fresh(access)) return access;
    if (!refresh) return null;
    try {
      const response = await fetch('/api/token/refresh/', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({ refresh }),
      });
      if (!response.ok) {
        // Only a refusal means logged out; a network or server failure keeps the tokens for the next try.
        if (response.status === 400 || response.status === 401) clearTokens();
        return null;
      }
      const pair = (await response.json()) as {
        access: string;
        refresh: string;
      };
      storeTokens(pair);
      return pair.access;
    } catch {
      return null;
    }
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** A usable access token: the stored one while it is fresh, else a refreshed one; null when logged out. */
export async function accessToken(): Promise<string | null> {
  const { access, refresh } = readTokens();
  if (fresh(access)) return access;
  if (refresh) return refreshAccess();
  return null;
}

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
    return new ApiError(status, detail, errors, typeof b.code === 'string' ? b.code : undefined);
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

async function sendFetch(url: string, options: ApiOptions, token: string | null): Promise<RawResponse> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
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
function sendXhr(url: string, options: ApiOptions, token: string | null): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let body: XMLHttpRequestBodyInit | null = null;
    xhr.open(options.method ?? (options.form || options.json !== undefined ? 'POST' : 'GET'), url);
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
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

/**
 * Calls `/api/...` on our origin with the stored access token (refreshed first when expired). A 401 after
 * that clears the tokens. Throws ApiError for anything but 2xx; resolves to undefined for an empty answer.
 */
export async function api<T = unknown>(path: string, options: ApiOptions = {}): Promise<T> {
  const url = urlOf(path, options.query);
  const send = options.onUploadProgress ? sendXhr : sendFetch;
  const token = await accessToken();
  let raw: RawResponse;
  try {
    raw = await send(url, options, token);
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, UNREACHABLE);
  }
  if (raw.status === 401 && token) {
    // The access token may have been revoked while still unexpired (password change, deactivation): one
    // refresh settles whether the session is still good.
    const renewed = await refreshAccess(token);
    if (renewed) {
      try {
        raw = await send(url, options, renewed);
      } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') throw err;
        throw new ApiError(0, UNREACHABLE);
      }
    }
    if (raw.status === 401) clearTokens();
  }
  const body = parseBody(raw.text);
  if (raw.status < 200 || raw.status >= 300) throw errorFrom(raw.status, body);
  return body as T;
}

const CART_CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A guest's cart code works like a password for that cart (API.md), so it is long and unbiased. */
const CART_CODE_LENGTH = 32;

/** The visitor's cart code from local storage, created on first use. */
export function getCartCode(): string {
  const s = storage();
  const stored = s?.getItem(CART_CODE_KEY);
  if (stored) return stored;
  let code = '';
  while (code.length < CART_CODE_LENGTH) {
    const bytes = new Uint8Array(CART_CODE_LENGTH);
    crypto.getRandomValues(bytes);
    // Bytes of 248 and above are dropped so that each of the 62 characters is equally likely.
    for (const b of bytes) if (b < 248 && code.length < CART_CODE_LENGTH) code += CART_CODE_ALPHABET[b % CART_CODE_ALPHABET.length];
  }
  s?.setItem(CART_CODE_KEY, code);
  return code;
}

export function clearCartCode(): void {
  storage()?.removeItem(CART_CODE_KEY);
}
