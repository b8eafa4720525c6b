import { desc, eq } from 'drizzle-orm';
import type { Blog, HomeBanner, PromoBanner, Testimonial } from '../../../contract/content';
import type { Db } from '../../db/client';
import { blogs, homeBanners, latestVideos, promoBanners, testimonials } from '../../db/schema';
import { notFound } from '../../lib/errors';

type PromoRow = typeof promoBanners.$inferSelect;
type TestimonialRow = typeof testimonials.$inferSelect;
type BlogRow = typeof blogs.$inferSelect;

/** Rows to API shapes, shared with the reads of content.service.ts. */
export const toPromo = (r: PromoRow): PromoBanner => ({
  id: r.id,
  title: r.title,
  description: r.description,
  price_text: r.priceText,
  image_left: r.imageLeft,
  image_right: r.imageRight,
  created_at: r.createdAt.toISOString(),
});
export const toTestimonial = (r: TestimonialRow): Testimonial => ({
  id: r.id,
  title: r.title,
  text: r.text,
  name: r.name,
  rating: r.rating,
  image: r.image,
});
export const toBlog = (r: BlogRow): Blog => ({ id: r.id, title: r.title, content: r.content, image: r.image, created_at: r.createdAt.toISOString() });

/** Content writes. Content reads are not cached (unlike the catalogue), so a write shows on the next read. */
export function createContentWrites(db: Db) {
  return {
    async addHomeBanner(image: string): Promise<HomeBanner> {
      const [row] = await db.insert(homeBanners).values({ image }).returning();
      return { id: row!.id, image: row!.image, uploaded_at: row!.uploadedAt.toISOString() };
    },

    /** Removes the newest banner; the one before it (if any) shows again. */
    async deleteHomeBanner(): Promise<void> {
      const [newest] = await db.select({ id: homeBanners.id }).from(homeBanners).orderBy(desc(homeBanners.uploadedAt), desc(homeBanners.id)).limit(1);
      if (!newest) throw notFound('A home banner');
      await db.delete(homeBanners).where(eq(homeBanners.id, newest.id));
    },

    async createPromoBanner(input: {
      title: string;
      description: string;
      price_text: string;
      image_left: string;
      image_right: string;
    }): Promise<PromoBanner> {
      const [row] = await db
        .insert(promoBanners)
        .values({
          title: input.title,
          description: input.description,
          priceText: input.price_text,
          imageLeft: input.image_left,
          imageRight: input.image_right,
        })
        .returning();
      return toPromo(row!);
    },

    async updatePromoBanner(
      id: number,
      input: { title?: string; description?: string; price_text?: string; image_left?: string; image_right?: string },
    ): Promise<PromoBanner> {
      const [row] = await db
        .update(promoBanners)
        .set({
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.price_text !== undefined ? { priceText: input.price_text } : {}),
          ...(input.image_left !== undefined ? { imageLeft: input.image_left } : {}),
          ...(input.image_right !== undefined ? { imageRight: input.image_right } : {}),
        })
        .where(eq(promoBanners.id, id))
        .returning();
      if (!row) throw notFound('Promo banner');
      return toPromo(row);
    },

    async deletePromoBanner(id: number): Promise<void> {
      const deleted = await db.delete(promoBanners).where(eq(promoBanners.id, id)).returning({ id: promoBanners.id });
      if (!deleted.length) throw notFound('Promo banner');
    },

    /** The featured video is one at a time: a new one replaces the previous. */
    async setVideo(youtubeUrl: string): Promise<{ id: number; youtube_url: string; uploaded_at: string }> {
      const row = await db.transaction(async (tx) => {
        await tx.delete(latestVideos);
        const [inserted] = await tx.insert(latestVideos).values({ youtubeUrl }).returning();
        return inserted!;
      });
      return { id: row.id, youtube_url: row.youtubeUrl, uploaded_at: row.uploadedAt.toISOString() };
    },

    async deleteVideo(): Promise<void> {
      const deleted = await db.delete(latestVideos).returning({ id: latestVideos.id });
      if (!deleted.length) throw notFound('A featured video');
    },

    async createTestimonial(input: { title?: string; text: string; name: string; rating?: number; image: string }): Promise<Testimonial> {
      const [row] = await db
        .insert(testimonials)
        .values({ title: input.title ?? '', text: input.text, name: input.name, rating: input.rating ?? 5, image: input.image })
        .returning();
      return toTestimonial(row!);
    },

    async updateTestimonial(
      id: number,
      input: { title?: string; text?: string; name?: string; rating?: number; image?: string },
    ): Promise<Testimonial> {
      const [row] = await db
        .update(testimonials)
        .set({
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.text !== undefined ? { text: input.text } : {}),
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.rating !== undefined ? { rating: input.rating } : {}),
          ...(input.image !== undefined ? { image: input.image } : {}),
        })
        .where(eq(testimonials.id, id))
        .returning();
      if (!row) throw notFound('Testimonial');
      return toTestimonial(row);
    },

    async deleteTestimonial(id: number): Promise<void> {
      const deleted = await db.delete(testimonials).where(eq(testimonials.id, id)).returning({ id: testimonials.id });
      if (!deleted.length) throw notFound('Testimonial');
    },

    async createBlog(input: { title: string; content: string; image: string }): Promise<Blog> {
      const [row] = await db.insert(blogs).values(input).returning();
      return toBlog(row!);
    },

    async updateBlog(id: number, input: { title?: string; content?: string; image?: string }): Promise<Blog> {
      const [row] = await db
        .update(blogs)
        .set({
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.content !== undefined ? { content: input.content } : {}),
          ...(input.image !== undefined ? { image: input.image } : {}),
          updatedAt: new Date(),
        })
        .where(eq(blogs.id, id))
        .returning();
      if (!row) throw notFound('Blog');
      return toBlog(row);
    },

    async deleteBlog(id: number): Promise<void> {
      const deleted = await db.delete(blogs).where(eq(blogs.id, id)).returning({ id: blogs.id });
      if (!deleted.length) throw notFound('Blog');
    },
  };
}

export type ContentWrites = ReturnType<typeof createContentWrites>;
