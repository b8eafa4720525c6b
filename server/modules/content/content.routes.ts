import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blogSchema,
  contactSchema,
  feedbackSchema,
  homeBannerSchema,
  promoBannerSchema,
  testimonialSchema,
  videoSchema,
} from '../../../contract/content';
import { errorSchema } from '../../lib/errors';
import { PUBLIC_FORM_BODY_LIMIT } from '../../lib/edge';
import type { Services } from '../../services';
import { FORM_RATE_LIMIT } from './page-limits';

export const contentRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { content } = services;
  const tags = ['content'];

  app.get(
    '/api/homebanner/',
    { config: { shared: true }, schema: { tags, summary: 'The newest home banner', response: { 200: homeBannerSchema, 404: errorSchema } } },
    () => content.homeBanner(),
  );
  app.get(
    '/api/latest/',
    { config: { shared: true }, schema: { tags, summary: 'The newest promo banner', response: { 200: promoBannerSchema, 404: errorSchema } } },
    () => content.latestPromoBanner(),
  );
  app.get(
    '/api/banners/',
    { config: { shared: true }, schema: { tags, summary: 'Promo banners, newest first', response: { 200: z.array(promoBannerSchema) } } },
    () => content.promoBanners(),
  );
  app.get(
    '/api/latest-video/',
    { config: { shared: true }, schema: { tags, summary: 'The featured YouTube video', response: { 200: videoSchema } } },
    () => content.latestVideo(),
  );
  app.get(
    '/api/testimonials/',
    { config: { shared: true }, schema: { tags, summary: 'Testimonials', response: { 200: z.array(testimonialSchema) } } },
    () => content.testimonials(),
  );
  app.get('/api/blogs/', { config: { shared: true }, schema: { tags, summary: 'Blogs, newest first', response: { 200: z.array(blogSchema) } } }, () =>
    content.blogs(),
  );
  app.get(
    '/api/blogs/:id/',
    {
      config: { shared: true },
      schema: {
        tags,
        summary: 'One blog',
        params: z.object({ id: z.coerce.number({ message: 'The blog id must be a number.' }).int().positive('The blog id must be a number.') }),
        response: { 200: blogSchema, 404: errorSchema },
      },
    },
    (request) => content.blog(request.params.id),
  );

  app.post(
    '/api/contact/',
    {
      bodyLimit: PUBLIC_FORM_BODY_LIMIT,
      config: { rateLimit: FORM_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Send a message to the shop',
        body: contactSchema,
        response: { 201: z.object({ detail: z.string() }), 400: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      await content.contact(request.body);
      return reply.status(201).send({ detail: 'Thank you! We will contact you soon.' });
    },
  );

  app.post(
    '/api/feedback/',
    {
      bodyLimit: PUBLIC_FORM_BODY_LIMIT,
      config: { rateLimit: FORM_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Send feedback to the shop',
        body: feedbackSchema,
        response: { 201: z.object({ detail: z.string() }), 400: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      await content.feedback(request.body);
      return reply.status(201).send({ detail: 'Feedback sent successfully!' });
    },
  );
};
