import { describe, expect, it } from 'vitest';
import { addressInputSchema } from './orders';
import { profileUpdateSchema } from './accounts';
import { normalisePhone, PHONE_MESSAGE, phoneSchema } from './phone';

describe('one rule for phone numbers', () => {
  it('accepts the ways a person writes an Indian number and stores one form', () => {
    const accepted: [string, string][] = [
      ['+91 98765 43210', '+919876543210'],
      ['+919876543210', '+919876543210'],
      ['9876543210', '+919876543210'],
      ['98765-43210', '+919876543210'],
      ['098765 43210', '+919876543210'],
      ['91 98765 43210', '+919876543210'],
      ['+91-98765-43210', '+919876543210'],
      ['  +91 98765 43210  ', '+919876543210'],
      ['080 2345 6789', '+918023456789'],
      ['011-2345-6789', '+911123456789'],
      ['+91 44 2345 6789', '+914423456789'],
      ['6000000000', '+916000000000'],
      ['9123456789', '+919123456789'],
      ['91234 56789', '+919123456789'],
    ];
    for (const [input, stored] of accepted) expect(normalisePhone(input), input).toBe(stored);
  });

  it('refuses what is not a 10-digit Indian number', () => {
    for (const input of [
      '12345',
      '98765 4321',
      '987654321012',
      '+1 415 555 0100',
      '+44 20 7946 0958',
      '0123456789',
      '+91 0987654321',
      '98765a43210',
      '(080) 2345 6789',
      '+91 98765 43210 1',
      '',
      '+',
      '919876543210 0',
    ]) {
      expect(normalisePhone(input), input).toBeNull();
    }
  });

  it('is the rule of the profile and of the address form, with the spec’s message', () => {
    expect(phoneSchema.parse('+91 98765 43210')).toBe('+919876543210');
    expect(profileUpdateSchema.parse({ phone_number: '+91 98765 43210' }).phone_number).toBe('+919876543210');
    const address = {
      first_name: 'A',
      last_name: 'B',
      email: 'a@example.in',
      address_line1: '1 Road',
      city: 'Pune',
      state: 'Maharashtra',
      postal_code: '411001',
    };
    expect(addressInputSchema.parse({ ...address, phone: '+91 98765 43210' }).phone).toBe('+919876543210');
    const refused = profileUpdateSchema.safeParse({ phone_number: '12345' });
    expect(refused.success ? [] : refused.error.issues.map((i) => i.message)).toEqual([PHONE_MESSAGE]);
    const missing = addressInputSchema.safeParse({ ...address, phone: ' ' });
    expect(missing.success ? [] : missing.error.issues.map((i) => i.message)).toEqual(['This field is required.']);
  });
});
