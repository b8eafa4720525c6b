import { describe, expect, it } from 'vitest';
import { checkPassword } from './accounts.service';
import { COMMON_PASSWORDS, isCommonPassword } from './common-passwords';

describe('the password check', () => {
  it('refuses leaked passwords from a list of tens of thousands, however they are dressed up', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(10_000);
    for (const leaked of [
      'Password1!',
      'Sunshine@2026',
      'P@ssw0rd1',
      'Dragon#99',
      'Iloveyou!1',
      'Football#2024',
      'Welcome@123',
      'India@123',
      'Qwerty@123',
    ]) {
      expect(isCommonPassword(leaked), leaked).toBe(true);
      expect(checkPassword(leaked, {}), leaked).toContain('Password is too common.');
    }
  });

  it('accepts passwords that follow the rules and are not leaked', () => {
    for (const good of ['Teak#Wood2026', 'Teak#Shop2026', 'Teak#Admin2026', 'Fresh#Teak2027', 'Ab#12345678', 'Mango!Rasam42']) {
      expect(checkPassword(good, { username: 'asha', email: 'asha@example.in' }), good).toEqual([]);
    }
  });

  it('refuses passwords made of the username or the e-mail, whatever the case', () => {
    const similar = 'The password is too similar to the username or e-mail.';
    expect(checkPassword('Ravikumar#2026', { username: 'RaviKumar', email: 'r@example.in' })).toContain(similar);
    expect(checkPassword('MeeraIyer#2026', { username: 'meena', email: 'Meera.Iyer@example.in' })).toContain(similar);
    expect(checkPassword('#MEERA.IYER1x', { username: 'meena', email: 'meera.iyer@example.in' })).toContain(similar);
  });
});
