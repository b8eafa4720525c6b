import { expect } from 'vitest';
import type { TestApp } from '../support/app';

/** What a person reads of a page: its text, without the scripts that carry the loaders' data to the browser. */
export const visible = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    // A block's end parts its words from the next block's ("1 open return" | "1 Refunds due").
    .replace(/<\/(div|p|li|td|th|h[1-6]|section|article|dt|dd|tr|header|footer|nav|button|a|label|ul|ol|table|main|aside)>|<br\s*\/?>/gi, ' ¦ ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** The session cookie of a person who logs in through the page's own form. */
export async function cookieOf(t: TestApp, who: { email: string; password: string }): Promise<string> {
  const signedIn = await t.app.inject({
    method: 'POST',
    url: '/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(who).toString(),
  });
  expect(signedIn.statusCode, signedIn.body).toBe(302);
  return String(signedIn.headers['set-cookie']).split(';')[0]!;
}
