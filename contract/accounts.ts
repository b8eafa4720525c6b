import { phoneSchema } from './phone';
import { z } from './zod';

export const SPECIAL_CHARACTERS = '!@#$%^&*';
const SPEC_COMMON = ['password', '12345678', 'qwerty', 'abc123'];

/**
 * The spec's password rules, in the spec's order and words. Shared by the sign-up page and the server
 * (which adds a longer common-password list and a similarity check).
 */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < 8) problems.push('Password must be at least 8 characters.');
  if (SPEC_COMMON.includes(password.toLowerCase())) problems.push('Password is too common.');
  if (!/[A-Z]/.test(password)) problems.push('Include at least one uppercase letter.');
  if (!/[a-z]/.test(password)) problems.push('Include at least one lowercase letter.');
  if (!/[0-9]/.test(password)) problems.push('Include at least one number.');
  if (![...password].some((c) => SPECIAL_CHARACTERS.includes(c))) problems.push('Include at least one special character (!@#$%^&*).');
  return problems;
}

const required = (message = 'This field is required.') => z.string({ message }).trim().min(1, message);

export const registerSchema = z.object({
  username: required()
    .max(150, 'Use at most 150 characters.')
    .regex(/^[\w.@+-]+$/, 'Use letters, digits and @ . + - _ only.'),
  email: required()
    .max(254)
    .pipe(z.email({ message: 'Enter a valid e-mail address.' })),
  password: z.string({ message: 'This field is required.' }).min(1, 'This field is required.').max(128, 'Use at most 128 characters.'),
  password2: z.string({ message: 'This field is required.' }).min(1, 'This field is required.'),
});

export const loginSchema = z.object({
  email: required('Email is required.').max(254),
  password: z.string({ message: 'Password is required.' }).min(1, 'Password is required.').max(128),
});

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });

export { normalisePhone, PHONE_MESSAGE } from './phone';

export const profileSchema = z
  .object({
    username: z.string(),
    email: z.string(),
    is_superuser: z.boolean(),
    first_name: z.string(),
    last_name: z.string(),
    gender: z.enum(['male', 'female', 'other']).nullable(),
    dob: z.string().nullable(),
    address: z.string(),
    city: z.string(),
    zip_code: z.string(),
    phone_number: z.string(),
    profile_picture: z.string().nullable(),
    /** False for an account that signs in with Google only (a new e-mail then needs a fresh Google sign-in). */
    has_password: z.boolean(),
  })
  .meta({ id: 'Profile' });

const optionalRequired = (max: number) => required().max(max, `Use at most ${max} characters.`).optional();

export const profileUpdateSchema = z.object({
  first_name: optionalRequired(150),
  last_name: optionalRequired(150),
  email: required()
    .max(254)
    .pipe(z.email({ message: 'Enter a valid e-mail address.' }))
    .optional(),
  gender: z.enum(['male', 'female', 'other'], { message: 'Choose male, female or other.' }).nullable().optional(),
  dob: required()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.')
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'Enter a real date.')
    .refine((v) => new Date(`${v}T00:00:00Z`) <= new Date(), 'The date of birth cannot be in the future.')
    .optional(),
  address: optionalRequired(500),
  city: optionalRequired(100),
  zip_code: required()
    .regex(/^[0-9]{6}$/, 'Enter a 6-digit PIN code.')
    .optional(),
  phone_number: phoneSchema.optional(),
  /** Proof that the account's owner is asking, needed to change the e-mail: the current password, */
  current_password: z.string().max(128, 'Use at most 128 characters.').optional(),
  /** or, for an account that signs in with Google only, a fresh Google sign-in (like log-in's body). */
  google_id_token: z.string().min(1).max(4096).optional(),
  google_access_token: z.string().min(1).max(4096).optional(),
});

export const EMAIL_CHANGE_NEEDS_PASSWORD = 'Enter your current password to change your e-mail address.';
export const EMAIL_CHANGE_NEEDS_GOOGLE = 'Sign in with Google again to change your e-mail address.';

export const changePasswordSchema = z.object({
  old_password: z.string({ message: 'This field is required.' }).min(1, 'This field is required.'),
  new_password: z.string({ message: 'This field is required.' }).min(1, 'This field is required.').max(128),
});

export type Profile = z.infer<typeof profileSchema>;
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
export type TokenPair = z.infer<typeof tokenPairSchema>;

// The forms of the shop's own pages: the API's bodies plus what only a person typing needs (a repeated
// password, the terms checkbox), and the spec's password rules checked before anything is sent. The browser
// (Conform) and the page's action (readForm) run the same schema; the services still apply their own rules.

const REQUIRED = 'This field is required.';
export const PASSWORDS_DIFFER = 'Passwords do not match!';
export const ACCEPT_TERMS = 'Please accept the Terms & Conditions to create an account.';

/** A new password: required, then each of the spec's rules it breaks. */
const newPassword = z
  .string({ message: REQUIRED })
  .max(128, 'Use at most 128 characters.')
  .superRefine((value, ctx) => {
    if (!value) ctx.addIssue({ code: 'custom', message: REQUIRED });
    else for (const message of passwordProblems(value)) ctx.addIssue({ code: 'custom', message });
  });
const repeated = z.string({ message: REQUIRED }).min(1, REQUIRED).max(128, 'Use at most 128 characters.');

/** The password and its repetition differ: told under the repetition, whatever else is wrong in the form. */
function samePasswords<K extends string, R extends string>(password: K, repeat: R) {
  return {
    check: (v: Record<K | R, unknown>) => v[password] === v[repeat],
    params: {
      path: [repeat],
      message: PASSWORDS_DIFFER,
      when: (payload: { value: unknown }) => {
        const v = payload.value as Record<string, unknown> | undefined;
        return typeof v?.[password] === 'string' && typeof v?.[repeat] === 'string' && v[password] !== '' && v[repeat] !== '';
      },
    },
  };
}

const signupMatch = samePasswords('password', 'password2');
export const signupFormSchema = registerSchema
  .extend({
    password: newPassword,
    password2: repeated,
    policy: z.literal('on', { message: ACCEPT_TERMS }),
  })
  .refine(signupMatch.check, signupMatch.params);

export const forgotPasswordSchema = z.object({
  email: required('Email is required.').max(254, 'Use at most 254 characters.'),
});

const resetMatch = samePasswords('password', 'password2');
export const resetPasswordFormSchema = z
  .object({
    token: z.string({ message: 'This reset link is invalid or has expired. Ask for a new one.' }).min(1).max(200),
    password: newPassword,
    password2: repeated,
  })
  .refine(resetMatch.check, resetMatch.params);

const changeMatch = samePasswords('new_password', 'new_password2');
export const changePasswordFormSchema = changePasswordSchema
  .extend({ new_password: newPassword, new_password2: repeated })
  .refine(changeMatch.check, changeMatch.params);

/**
 * The profile page's details form: every field the spec requires, and the proof a new e-mail needs (the
 * current password, or for a Google-only account a fresh Google sign-in), known from the saved profile.
 */
export function profileFormSchema(saved: Pick<Profile, 'email' | 'has_password'>) {
  const shape = profileUpdateSchema.shape;
  return profileUpdateSchema
    .extend({
      first_name: shape.first_name.unwrap(),
      last_name: shape.last_name.unwrap(),
      email: shape.email.unwrap(),
      dob: shape.dob.unwrap(),
      address: shape.address.unwrap(),
      city: shape.city.unwrap(),
      zip_code: shape.zip_code.unwrap(),
      phone_number: shape.phone_number.unwrap(),
      gender: shape.gender.unwrap().unwrap().optional(),
    })
    .superRefine((v, ctx) => {
      if (typeof v.email !== 'string' || v.email.trim().toLowerCase() === saved.email.toLowerCase()) return;
      if (saved.has_password && !v.current_password)
        ctx.addIssue({ code: 'custom', path: ['current_password'], message: EMAIL_CHANGE_NEEDS_PASSWORD });
      if (!saved.has_password && !v.google_access_token && !v.google_id_token)
        ctx.addIssue({ code: 'custom', path: ['google_id_token'], message: EMAIL_CHANGE_NEEDS_GOOGLE });
    });
}

/** The largest profile picture the shop takes (the API's multipart limit for a file). */
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_PICTURE_TOO_BIG = 'Choose a picture under 5 MB.';
