import { z } from './zod';

export const homeBannerSchema = z.object({ id: z.number().int(), image: z.string(), uploaded_at: z.string() }).meta({ id: 'HomeBanner' });
export const promoBannerSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    price_text: z.string(),
    image_left: z.string(),
    image_right: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'PromoBanner' });
export const videoSchema = z
  .union([z.object({ id: z.number().int(), youtube_url: z.string(), uploaded_at: z.string() }), z.object({ youtube_url: z.null() })])
  .meta({ id: 'LatestVideo' });
export const testimonialSchema = z
  .object({ id: z.number().int(), title: z.string(), text: z.string(), name: z.string(), rating: z.number().int(), image: z.string().nullable() })
  .meta({ id: 'Testimonial' });
export const blogSchema = z
  .object({ id: z.number().int(), title: z.string(), content: z.string(), image: z.string().nullable(), created_at: z.string() })
  .meta({ id: 'Blog' });

const required = (label: string, max: number) =>
  z
    .string({ message: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

/** A field the visitor may leave empty: trimmed, limited in length (what protects the shop), '' when left out. */
const optional = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .default('');

const emailAddress = z.email({ message: 'Enter a valid e-mail address.' });

/**
 * The contact form asks for nothing beyond the browser's own e-mail and phone input types (spec): every field
 * may be left empty, an e-mail given must look like one, and a phone number is taken as typed (a tel input
 * checks nothing). Length limits and the rate limit protect the shop.
 */
export const contactSchema = z.object({
  first_name: optional('First name', 100),
  last_name: optional('Last name', 100),
  email: optional('E-mail', 254).refine((v) => v === '' || emailAddress.safeParse(v).success, 'Enter a valid e-mail address.'),
  phone: optional('Phone', 30),
  description: optional('Message', 5000),
});

export const feedbackSchema = z.object({
  user_email: required('E-mail', 254).pipe(z.email({ message: 'Enter a valid e-mail address.' })),
  user_message: required('Message', 5000),
});

/** The spec's one sentence for a feedback form with an empty field. */
export const FEEDBACK_FILL_IN = 'Please fill in all fields.';

/** The feedback form of /page: the API's rules, with the spec's sentence for an empty field. */
export const feedbackFormSchema = z.object({
  user_email: z.string({ message: FEEDBACK_FILL_IN }).trim().min(1, FEEDBACK_FILL_IN).pipe(feedbackSchema.shape.user_email),
  user_message: z.string({ message: FEEDBACK_FILL_IN }).trim().min(1, FEEDBACK_FILL_IN).pipe(feedbackSchema.shape.user_message),
});

export type HomeBanner = z.infer<typeof homeBannerSchema>;
export type PromoBanner = z.infer<typeof promoBannerSchema>;
export type Testimonial = z.infer<typeof testimonialSchema>;
export type Blog = z.infer<typeof blogSchema>;
export type ContactInput = z.infer<typeof contactSchema>;
export type FeedbackInput = z.infer<typeof feedbackSchema>;

/** The video id of a YouTube watch URL (its `v` parameter), or null. */
export function youtubeId(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    const id = u.searchParams.get('v');
    return id && /^[A-Za-z0-9_-]{11}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}

// ── admin writes (multipart fields arrive as strings) ──────────────────────────────────────────

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
/** YouTube's own hosts (the phone, music and cookie-less sites too); `youtu.be` is the share-link host. */
const YOUTUBE_HOSTS = ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com'];
/** Paths whose next segment is the video id: `/shorts/ID`, `/embed/ID`, `/live/ID`, `/v/ID`. */
const ID_PATHS = ['shorts', 'embed', 'live', 'v'];

/**
 * The video id of any YouTube link a person copies: `watch?v=ID` (www, m., music.), `youtu.be/ID`,
 * `/shorts/ID`, `/embed/ID`, `/live/ID`, with or without extra parameters (`&t=42s`, `?si=…`, `&list=…`)
 * and with or without `https://`. Null for anything else (another site, a channel or playlist page).
 */
export function youtubeWatchId(url: string): string | null {
  const text = url.trim();
  let u: URL;
  try {
    // A link pasted without its scheme ("youtu.be/…") is read as https; any other scheme is kept (and refused).
    u = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
  const host = u.hostname.toLowerCase();
  const segments = u.pathname.split('/').filter(Boolean);
  let id: string | null | undefined = null;
  if (host === 'youtu.be' || host === 'www.youtu.be') id = segments[0];
  else if (YOUTUBE_HOSTS.includes(host)) {
    if (segments.length === 1 && segments[0] === 'watch') id = u.searchParams.get('v');
    else if (segments.length >= 2 && ID_PATHS.includes(segments[0]!)) id = segments[1];
  }
  return id && VIDEO_ID.test(id) ? id : null;
}

const requiredField = (message: string, label: string, max: number) =>
  z.string({ message }).trim().min(1, message).max(max, `${label} must be at most ${max} characters.`);

export const videoFormSchema = z.object({
  youtube_url: requiredField('YouTube URL is required', 'The URL', 500).transform((url, ctx) => {
    const id = youtubeWatchId(url);
    if (!id) {
      ctx.addIssue({
        code: 'custom',
        message: 'Enter a link to a YouTube video, such as https://www.youtube.com/watch?v=dQw4w9WgXcQ or https://youtu.be/dQw4w9WgXcQ.',
      });
      return z.NEVER;
    }
    // Stored in one form (the watch URL whose `v` the spec reads), whatever form or extra parameters were pasted.
    return `https://www.youtube.com/watch?v=${id}`;
  }),
});

/** Promo banner: multipart `title`*, `description`*, `price_text`*, files `image_left`*, `image_right`* (PATCH: any subset). */
export const promoBannerFormSchema = z.object({
  title: requiredField('Title is required', 'Title', 200),
  description: requiredField('Description is required', 'Description', 2000),
  price_text: requiredField('Price text is required', 'Price text', 100),
});
export const promoBannerPatchFormSchema = promoBannerFormSchema.partial();

const formRating = z
  .string()
  .trim()
  .regex(/^[1-5]$/, 'Rating must be a whole number from 1 to 5.')
  .transform(Number);

/** Testimonial: multipart `title`, `text`*, `name`*, `rating` (1..5, default 5), file `image` (required on create). */
export const testimonialFormSchema = z.object({
  title: z.string().trim().max(200, 'Title must be at most 200 characters.').optional(),
  text: requiredField('Text is required', 'Text', 5000),
  name: requiredField('Name is required', 'Name', 100),
  rating: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), formRating.optional()),
});
export const testimonialPatchFormSchema = testimonialFormSchema.partial();

/** Blog: multipart `title`*, `content`*, file `image` (required on create). Content is plain text. */
export const blogFormSchema = z.object({
  title: requiredField('Title is required', 'Title', 200),
  content: requiredField('Content is required', 'Content', 50000),
});
export const blogPatchFormSchema = blogFormSchema.partial();
