import { pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/** Content: blogs, testimonials, banners, the video and the messages visitors send. */

export const blogs = pgTable('blogs', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const testimonials = pgTable('testimonials', {
  id: serial('id').primaryKey(),
  title: text('title').notNull().default(''),
  text: text('text').notNull(),
  name: text('name').notNull(),
  rating: smallint('rating').notNull().default(5),
  image: text('image'),
  createdAt: createdAt(),
});

export const homeBanners = pgTable('home_banners', {
  id: serial('id').primaryKey(),
  image: text('image').notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
});

export const promoBanners = pgTable('promo_banners', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  priceText: text('price_text').notNull(),
  imageLeft: text('image_left').notNull(),
  imageRight: text('image_right').notNull(),
  createdAt: createdAt(),
});

export const latestVideos = pgTable('latest_videos', {
  id: serial('id').primaryKey(),
  youtubeUrl: text('youtube_url').notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
});

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  description: text('description').notNull(),
  readAt: timestamp('read_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const feedbackMessages = pgTable('feedback_messages', {
  id: serial('id').primaryKey(),
  userEmail: text('user_email').notNull(),
  userMessage: text('user_message').notNull(),
  readAt: timestamp('read_at', { withTimezone: true }),
  createdAt: createdAt(),
});
