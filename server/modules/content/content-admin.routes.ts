import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blogFormSchema,
  blogPatchFormSchema,
  blogSchema,
  homeBannerSchema,
  promoBannerFormSchema,
  promoBannerPatchFormSchema,
  promoBannerSchema,
  testimonialFormSchema,
  testimonialPatchFormSchema,
  testimonialSchema,
  videoFormSchema,
} from '../../../contract/content';
import { errorSchema, invalid, type FieldErrors } from '../../lib/errors';
import type { Media } from '../../lib/media';
import { parseFields, parsePatch, readForm, withStoredImages } from '../../lib/uploads';
import type { Services } from '../../services';
import { requireSuperuser } from '../../lib/request-user';

const tags = ['content (admin)'];
const security = [{ bearer: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 413: errorSchema, 415: errorSchema };
const idParams = z.object({ id: z.coerce.number({ message: 'The id must be a number.' }).int().positive('The id must be a number.') });
const UPLOAD_NOTE =
  'Images are checked by their bytes (JPEG, PNG or WebP; anything else is 415), at most 5 MB each (413 while uploading), and re-encoded with responsive variants. An edit without a new image keeps the current one. When any part fails nothing is stored.';
const noContent = z.null().describe('No content');

export const contentAdminRoutes: FastifyPluginAsyncZod<{ services: Services; media: Media }> = async (app, { services, media }) => {
  const { content } = services;
  const onRequest = requireSuperuser;

  // ── home banner ─────────────────────────────────────────────────────────────────────────────
  app.post(
    '/api/homebanner/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Upload a new home banner (superuser)',
        description: `Multipart \`image\`* (file). The newest banner is the one shown.\n\n${UPLOAD_NOTE}`,
        consumes: ['multipart/form-data'],
        response: { 201: homeBannerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, { files: { image: 1 } });
      const files = form.files('image');
      if (!files.length) throw invalid({ image: ['Image is required'] });
      const banner = await withStoredImages(media, files, { folder: 'banners', maxWidth: 2400 }, ([image]) => content.addHomeBanner(image!));
      return reply.status(201).send(banner);
    },
  );

  app.delete(
    '/api/homebanner/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Remove the newest home banner (superuser)',
        description: 'The banner before it, if any, shows again; 404 when there is none.',
        response: { 204: noContent, ...errors },
      },
    },
    async (_request, reply) => {
      await media.releasing(() => content.deleteHomeBanner());
      return reply.status(204).send(null);
    },
  );

  // ── promo banners ───────────────────────────────────────────────────────────────────────────
  app.post(
    '/api/banners/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Create a promo banner (superuser)',
        description: `Multipart \`title\`*, \`description\`*, \`price_text\`*, \`image_left\`* and \`image_right\`* (files).\n\n${UPLOAD_NOTE}`,
        consumes: ['multipart/form-data'],
        response: { 201: promoBannerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, { files: { image_left: 1, image_right: 1 } });
      const missing: FieldErrors = {};
      const fields = promoBannerFormSchema.safeParse(form.object());
      if (!fields.success) for (const issue of fields.error.issues) (missing[String(issue.path[0])] ??= []).push(issue.message);
      if (!form.files('image_left').length) missing.image_left = ['Left image is required'];
      if (!form.files('image_right').length) missing.image_right = ['Right image is required'];
      if (!fields.success || Object.keys(missing).length) throw invalid(missing);
      const files = [form.files('image_left')[0]!, form.files('image_right')[0]!];
      const banner = await withStoredImages(media, files, { folder: 'banners' }, ([left, right]) =>
        content.createPromoBanner({ ...fields.data, image_left: left!, image_right: right! }),
      );
      return reply.status(201).send(banner);
    },
  );

  app.patch(
    '/api/banners/:id/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Change a promo banner (superuser)',
        description: `Any subset of the create fields.\n\n${UPLOAD_NOTE}`,
        consumes: ['multipart/form-data', 'application/json'],
        params: idParams,
        response: { 200: promoBannerSchema, ...errors },
      },
    },
    async (request) => {
      const form = await readForm(request, { files: { image_left: 1, image_right: 1 } });
      const input = parsePatch(promoBannerPatchFormSchema, form, ['image_left', 'image_right']);
      const files = [...form.files('image_left'), ...form.files('image_right')];
      return withStoredImages(media, files, { folder: 'banners' }, (urls) => {
        const byField = Object.fromEntries(files.map((f, i) => [f.field, urls[i]!]));
        return content.updatePromoBanner(request.params.id, { ...input, ...byField });
      });
    },
  );

  app.delete(
    '/api/banners/:id/',
    {
      onRequest,
      schema: { tags, security, summary: 'Delete a promo banner (superuser)', params: idParams, response: { 204: noContent, ...errors } },
    },
    async (request, reply) => {
      await media.releasing(() => content.deletePromoBanner(request.params.id));
      return reply.status(204).send(null);
    },
  );

  // ── featured video ──────────────────────────────────────────────────────────────────────────
  app.post(
    '/api/latest-video/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Set the featured YouTube video (superuser)',
        description:
          'JSON (or a form) `{youtube_url}`*: any YouTube video link (`watch?v=`, `youtu.be/`, `shorts/`, `embed/`, `live/`, m. and music. hosts, extra parameters), else 400. Stored as `https://www.youtube.com/watch?v=<id>`; replaces the previous video.',
        consumes: ['application/json', 'multipart/form-data'],
        response: { 201: z.object({ id: z.number().int(), youtube_url: z.string(), uploaded_at: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      const { youtube_url } = parseFields(videoFormSchema, await readForm(request));
      return reply.status(201).send(await content.setVideo(youtube_url));
    },
  );

  app.delete(
    '/api/latest-video/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Remove the featured video (superuser)',
        description: '404 when there is none.',
        response: { 204: noContent, ...errors },
      },
    },
    async (_request, reply) => {
      await content.deleteVideo();
      return reply.status(204).send(null);
    },
  );

  // ── testimonials ────────────────────────────────────────────────────────────────────────────
  const TESTIMONIAL_FIELDS = 'Multipart `title`, `text`*, `name`*, `rating` (1 to 5, default 5), `image` (file; required on create).';
  app.post(
    '/api/testimonials/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Create a testimonial (superuser)',
        description: `${TESTIMONIAL_FIELDS}\n\n${UPLOAD_NOTE}`,
        consumes: ['multipart/form-data'],
        response: { 201: testimonialSchema, ...errors },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, { files: { image: 1 } });
      const parsed = testimonialFormSchema.safeParse(form.object());
      const problems: FieldErrors = {};
      if (!parsed.success) for (const issue of parsed.error.issues) (problems[String(issue.path[0])] ??= []).push(issue.message);
      if (!form.files('image').length) problems.image = ['Image is required'];
      if (!parsed.success || Object.keys(problems).length) throw invalid(problems);
      const testimonial = await withStoredImages(media, form.files('image'), { folder: 'testimonials', maxWidth: 800 }, ([image]) =>
        content.createTestimonial({ ...parsed.data, image: image! }),
      );
      return reply.status(201).send(testimonial);
    },
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/api/testimonials/:id/',
      onRequest,
      schema: {
        tags,
        security,
        summary: `${method === 'PUT' ? 'Replace' : 'Change'} a testimonial (superuser)`,
        description: `${TESTIMONIAL_FIELDS} ${method === 'PUT' ? '`text` and `name` are required; fields left out keep their values.' : 'Any subset.'}\n\n${UPLOAD_NOTE}`,
        consumes: ['multipart/form-data', 'application/json'],
        params: idParams,
        response: { 200: testimonialSchema, ...errors },
      },
      handler: async (request) => {
        const form = await readForm(request, { files: { image: 1 } });
        const input = method === 'PUT' ? parseFields(testimonialFormSchema, form) : parsePatch(testimonialPatchFormSchema, form, ['image']);
        return withStoredImages(media, form.files('image'), { folder: 'testimonials', maxWidth: 800 }, ([image]) =>
          content.updateTestimonial(request.params.id, { ...input, ...(image ? { image } : {}) }),
        );
      },
    });
  }

  app.delete(
    '/api/testimonials/:id/',
    { onRequest, schema: { tags, security, summary: 'Delete a testimonial (superuser)', params: idParams, response: { 204: noContent, ...errors } } },
    async (request, reply) => {
      await media.releasing(() => content.deleteTestimonial(request.params.id));
      return reply.status(204).send(null);
    },
  );

  // ── blogs ───────────────────────────────────────────────────────────────────────────────────
  app.post(
    '/api/blogs/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Create a blog (superuser)',
        description: `Multipart \`title\`*, \`content\`* (plain text), \`image\`* (file).\n\n${UPLOAD_NOTE}`,
        consumes: ['multipart/form-data'],
        response: { 201: blogSchema, ...errors },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, { files: { image: 1 } });
      const parsed = blogFormSchema.safeParse(form.object());
      const problems: FieldErrors = {};
      if (!parsed.success) for (const issue of parsed.error.issues) (problems[String(issue.path[0])] ??= []).push(issue.message);
      if (!form.files('image').length) problems.image = ['Image is required'];
      if (!parsed.success || Object.keys(problems).length) throw invalid(problems);
      const blog = await withStoredImages(media, form.files('image'), { folder: 'blogs' }, ([image]) =>
        content.createBlog({ ...parsed.data, image: image! }),
      );
      return reply.status(201).send(blog);
    },
  );

  app.patch(
    '/api/blogs/:id/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Change a blog (superuser)',
        description: `Any of \`title\`, \`content\`, \`image\` (file).\n\n${UPLOAD_NOTE}`,
        consumes: ['multipart/form-data', 'application/json'],
        params: idParams,
        response: { 200: blogSchema, ...errors },
      },
    },
    async (request) => {
      const form = await readForm(request, { files: { image: 1 } });
      const input = parsePatch(blogPatchFormSchema, form, ['image']);
      return withStoredImages(media, form.files('image'), { folder: 'blogs' }, ([image]) =>
        content.updateBlog(request.params.id, { ...input, ...(image ? { image } : {}) }),
      );
    },
  );

  app.delete(
    '/api/blogs/:id/',
    { onRequest, schema: { tags, security, summary: 'Delete a blog (superuser)', params: idParams, response: { 204: noContent, ...errors } } },
    async (request, reply) => {
      await media.releasing(() => content.deleteBlog(request.params.id));
      return reply.status(204).send(null);
    },
  );
};
