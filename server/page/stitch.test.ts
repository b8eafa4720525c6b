import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../contract/accounts';
import { markedFacts, prepareStitch, stitch, stitchGzip, stitchHtml, stitchKey } from './stitch';

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const asha: Profile = {
  username: 'asha',
  email: 'asha@example.in',
  is_superuser: false,
  first_name: 'Asha',
  last_name: 'Rao',
  gender: 'female',
  dob: '1990-01-02',
  address: '',
  city: 'Chennai',
  zip_code: '600020',
  phone_number: '',
  profile_picture: null,
  has_password: true,
};

/** A kept page as the render writes it: the name in the header, the account in the hydration data. */
function keptPage(user: Profile) {
  const data = JSON.stringify(JSON.stringify([{ username: user.username, first_name: user.first_name }]));
  const script = `window.ctx.enqueue(${data});`;
  const html = `<html><body><p class="hi">Hi ${user.username}</p><script nonce="n">${script}</script><script type="application/ld+json">{}</script>${'<p>teak</p>'.repeat(500)}</body></html>`;
  return { html, ours: [hashOf(script)] };
}

describe('a shopper’s page stitched from the kept page', () => {
  const marked = markedFacts({ user: asha, cartCount: 2, pincode: '600020', finishesInCart: [], savedSlugs: [] });
  const kept = keptPage(marked.user!);
  const cut = prepareStitch(kept.html, kept.ours);

  it('keeps no word of the account in the kept facts, and keys them by role, count, pincode and finishes', () => {
    expect(JSON.stringify(marked)).not.toMatch(/asha|Asha|Rao|Chennai|female|1990/);
    expect(marked.user!.is_superuser).toBe(false);
    expect(stitchKey(marked, 'http://shop/')).toBe('stitch:member|2|600020|| http://shop/');
    expect(stitchKey({ user: null, cartCount: 0, pincode: null, finishesInCart: [], savedSlugs: [] }, 'k')).toBe('stitch:guest|0||| k');
  });

  it('writes her words where the marks were, escaped for the page and for the data, with the scripts’ new hashes', () => {
    const words = { ...asha, username: 'o"brien', first_name: `</script><script>alert(1)</script>\u2028` };
    const { words: stitched, scriptHashes } = stitch(cut, words);
    const html = stitchHtml(cut, stitched);
    expect(html).toBe(
      keptPage(words)
        .html.replace('Hi o"brien', 'Hi o&quot;brien')
        .replace(/<\/script><script>alert\(1\)<\/script>\u2028/, '\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e\\u2028'),
    );
    const script = /<script nonce="n">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(scriptHashes).toEqual([hashOf(script)]);
    // The data still reads back as her words.
    const enqueued = JSON.parse(JSON.parse(script.slice('window.ctx.enqueue('.length, -2)) as string) as { first_name: string }[];
    expect(enqueued[0]!.first_name).toBe(words.first_name);
  });

  it('sends the same page as gzip made of parts compressed once, her words stored between them', () => {
    const long = { ...asha, first_name: 'A'.repeat(70_000) };
    for (const user of [asha, long, null, { ...asha, username: 'आशा ₹', first_name: '' }]) {
      const { words } = stitch(cut, user);
      // gunzip checks the trailer's CRC-32 and length, made from the parts' own.
      expect(gunzipSync(stitchGzip(cut, words)).toString('utf8')).toBe(stitchHtml(cut, words));
    }
    expect(stitchGzip(cut, stitch(cut, asha).words).length).toBeLessThan(kept.html.length / 4);
  });
});
