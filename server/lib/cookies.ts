import { parseCookie } from 'cookie';

/**
 * Reading a request's Cookie header, in one place, through the `cookie` package (RFC 6265 parsing: pairs split on
 * `;`, names and values trimmed, the first pair of a name kept, as browsers and React Router read it). Values are
 * kept as sent: a signed session cookie is checked by its reader, not decoded here.
 */
const asSent = (value: string) => value;

/** The cookies of a header by name, each with its value as sent. */
export function readCookies(header: string | null | undefined): Record<string, string | undefined> {
  return header ? parseCookie(header, { decode: asSent }) : {};
}

/** Whether the header carries a cookie of one of these names (whatever its value). */
export function carriesAny(header: string | null | undefined, names: readonly string[]): boolean {
  if (!header) return false;
  const cookies = readCookies(header);
  return names.some((name) => cookies[name] !== undefined);
}

/** The value of the cookie of this name as sent, or null. */
export function cookieValue(header: string | null | undefined, name: string): string | null {
  return readCookies(header)[name] ?? null;
}

/** A Cookie header holding only the cookie of this name (null: the header has none). */
export function onlyCookie(header: string | null | undefined, name: string): string | null {
  const value = cookieValue(header, name);
  return value === null ? null : `${name}=${value}`;
}
