import { z } from 'zod';

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

export const contactSchema = z.object({
  first_name: required('First name', 100),
  last_name: required('Last name', 100),
  email: required('E-mail', 254).pipe(z.email({ message: 'Enter a valid e-mail address.' })),
  phone: required('Phone', 20).regex(/^\+?[0-9][0-9 -]{8,18}[0-9]$/, 'Enter a valid phone number (10–15 digits).'),
  description: required('Message', 5000),
});

export const feedbackSchema = z.object({
  user_email: required('E-mail', 254).pipe(z.email({ message: 'Enter a valid e-mail address.' })),
  user_message: required('Message', 5000),
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
