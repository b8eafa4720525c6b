import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Leaked passwords refused whatever their other qualities: the 49,000-odd most frequent passwords of public
 * breach corpora as ranked by zxcvbn (`passwords-common` of @zxcvbn-ts/language-common, MIT), plus a few
 * that Indian shoppers use often and that a global list ranks low. All lower case.
 */
const INDIAN_FAVOURITES = [
  'india@123',
  'india123',
  'india1234',
  'mumbai@123',
  'chennai@123',
  'delhi@123',
  'krishna@123',
  'ganesh@123',
  'abcd@1234',
  'asdf@1234',
  'test@123',
  'hello@123',
  'pass@123',
  'pass@1234',
  'welcome@123',
  'admin@123',
  'password@123',
  'qwerty@123',
  'qwer@1234',
  'root@123',
  'user@123',
  'login@123',
  'welcome@1',
  'admin@1234',
];

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([...dictionary['passwords-common'].map((p) => p.toLowerCase()), ...INDIAN_FAVOURITES]);

const LEET: Record<string, string> = { '@': 'a', '4': 'a', '0': 'o', '1': 'i', '!': 'i', '3': 'e', $: 's', '5': 's', '7': 't' };

/**
 * True when the password is a leaked one, also once the usual dressing is taken off: letters in another
 * case, digits and symbols added at the end ("Sunshine@2026"), or letters written as digits ("P@ssw0rd").
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const bare = lower.replace(/[\d!@#$%^&*._-]+$/, '');
  const unleet = [...lower].map((c) => LEET[c] ?? c).join('');
  const candidates = [lower, unleet, bare, unleet.replace(/[\d!@#$%^&*._-]+$/, '')];
  // A short base ("ab" of "Ab#12345678") is no word: only bases of 5 letters or more are looked up.
  return candidates.some((c, i) => (i < 2 || c.length >= 5) && COMMON_PASSWORDS.has(c));
}
