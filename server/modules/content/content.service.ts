import { desc, eq } from 'drizzle-orm';
import type { Blog, ContactInput, FeedbackInput, HomeBanner, PromoBanner, Testimonial } from '../../../contract/content';
import type { Db } from '../../db/client';
import { blogs, contactMessages, feedbackMessages, homeBanners, latestVideos, promoBanners, testimonials } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { READ_CACHE_LIMITS, ReadCache } from '../../lib/read-cache';
import { createContentWrites, toBlog, toPromo, toTestimonial, type ContentWrites } from './content-writes';

/** Every write drops the cached reads, here and (through `onInvalidate`) in the other app processes. */
function invalidating(writes: ContentWrites, invalidate: () => void): ContentWrites {
  const wrapped: Record<string, unknown> = {};
  for (const [name, write] of Object.entries(writes) as [string, (...args: unknown[]) => Promise<unknown>][]) {
    wrapped[name] = async (...args: unknown[]) => {
      try {
        return await write(...args);
      } finally {
        invalidate();
      }
    };
  }
  return wrapped as ContentWrites;
}

export function createContentService(db: Db, mailer: Mailer, shopEmail: string, options: { onInvalidate?: () => void } = {}) {
  // The home page reads banners, the video, testimonials and blogs on every visit; they change rarely.
  const cache = new ReadCache({ ...READ_CACHE_LIMITS, bytes: 8 * 1024 * 1024 });
  const invalidate = () => {
    cache.clear();
    options.onInvalidate?.();
  };

  function promoBannerList(): Promise<PromoBanner[]> {
    return cache.get('promo-banners', async () => {
      const rows = await db.select().from(promoBanners).orderBy(desc(promoBanners.createdAt), desc(promoBanners.id));
      return rows.map(toPromo);
    });
  }

  return {
    ...invalidating(createContentWrites(db), invalidate),

    /** Drops this process's cached reads only: another process changed the content. */
    clearCache(): void {
      cache.clear();
    },

    homeBanner(): Promise<HomeBanner> {
      return cache.get('home-banner', async () => {
        const [row] = await db.select().from(homeBanners).orderBy(desc(homeBanners.uploadedAt), desc(homeBanners.id)).limit(1);
        if (!row) throw notFound('A home banner');
        return { id: row.id, image: row.image, uploaded_at: row.uploadedAt.toISOString() };
      });
    },

    promoBanners: promoBannerList,

    async latestPromoBanner(): Promise<PromoBanner> {
      const [latest] = await promoBannerList();
      if (!latest) throw notFound('A promo banner');
      return latest;
    },

    latestVideo(): Promise<{ id: number; youtube_url: string; uploaded_at: string } | { youtube_url: null }> {
      return cache.get('video', async () => {
        const [row] = await db.select().from(latestVideos).orderBy(desc(latestVideos.uploadedAt), desc(latestVideos.id)).limit(1);
        return row ? { id: row.id, youtube_url: row.youtubeUrl, uploaded_at: row.uploadedAt.toISOString() } : { youtube_url: null };
      });
    },

    testimonials(): Promise<Testimonial[]> {
      return cache.get('testimonials', async () => {
        const rows = await db.select().from(testimonials).orderBy(desc(testimonials.createdAt), desc(testimonials.id));
        return rows.map(toTestimonial);
      });
    },

    blogs(): Promise<Blog[]> {
      return cache.get('blogs', async () => {
        const rows = await db.select().from(blogs).orderBy(desc(blogs.createdAt), desc(blogs.id));
        return rows.map(toBlog);
      });
    },

    async blog(id: number): Promise<Blog> {
      const [r] = await db.select().from(blogs).where(eq(blogs.id, id)).limit(1);
      if (!r) throw notFound('Blog');
      return toBlog(r);
    },

    /** Stores a contact request and tells the shop by e-mail. */
    async contact(input: ContactInput): Promise<void> {
      await db.insert(contactMessages).values({
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        phone: input.phone,
        description: input.description,
      });
      await mailer.send({
        to: shopEmail,
        subject: `New enquiry from ${input.first_name} ${input.last_name}`,
        text: `${input.first_name} ${input.last_name} <${input.email}>, phone ${input.phone}, wrote:\n\n${input.description}\n`,
      });
    },

    /** Stores feedback and tells the shop by e-mail. */
    async feedback(input: FeedbackInput): Promise<void> {
      await db.insert(feedbackMessages).values({ userEmail: input.user_email, userMessage: input.user_message });
      await mailer.send({
        to: shopEmail,
        subject: `Feedback from ${input.user_email}`,
        text: `${input.user_email} wrote:\n\n${input.user_message}\n`,
      });
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
