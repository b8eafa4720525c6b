import { z } from './zod';

/** The spec's message for a phone number it cannot take (profile, addresses). */
export const PHONE_MESSAGE = 'Enter a valid phone number (10–15 digits).';

/**
 * One rule for every phone number of the shop (it delivers within India): a 10-digit Indian number, mobile
 * (starting 6 to 9) or landline with its STD code (starting 1 to 8), written with or without the country code
 * (+91, 91) or the trunk 0, with spaces and dashes anywhere. Stored normalised as "+91" and 10 digits:
 * "+91 98765 43210", "098765-43210" and "080 2345 6789" become "+919876543210", "+919876543210",
 * "+918023456789". Returns null for anything else.
 */
export function normalisePhone(input: string): string | null {
  const compact = input.trim().replace(/[\s-]/g, '');
  // Ten digits as they are first ("9123456789" is a number, not a country code and 8 digits).
  const match = /^([1-9][0-9]{9})$/.exec(compact) ?? /^(?:\+91|91|0)([1-9][0-9]{9})$/.exec(compact);
  return match ? `+91${match[1]}` : null;
}

/** A required phone number, normalised ("+919876543210"), with the spec's messages. */
export const phoneSchema = z
  .string({ message: 'This field is required.' })
  .trim()
  .min(1, 'This field is required.')
  .max(30, PHONE_MESSAGE)
  .transform((value, ctx) => {
    const phone = normalisePhone(value);
    if (phone) return phone;
    ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE });
    return z.NEVER;
  });
