import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryFormSchema,
  categoryPatchFormSchema,
  categorySchema,
  PRODUCT_IMAGES_MAX,
  productFormSchema,
  productPatchFormSchema,
  productSchema,
  readyToShipEntrySchema,
  readyToShipFormSchema,
  readyToShipPatchFormSchema,
  searchSynonymInputSchema,
  searchSynonymSchema,
  subcategoryFormSchema,
  subcategoryPatchFormSchema,
  subcategorySchema,
} from '../../../contract/catalog';
import { errorSchema, invalid } from '../../lib/errors';
import type { Media } from '../../lib/media';
import { parseFields, parsePatch, readForm, withStoredImages, type ReceivedForm } from '../../lib/uploads';
import type { Services } from '../../services';
import { requireSuperuser } from '../../lib/request-user';

const tags = ['catalogue (admin)'];
const security = [{ bearer: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 413: errorSchema, 415: errorSchema };
const slugParams = z.object({ slug: z.string().max(200) });
const idParams = z.object({ id: z.coerce.number({ message: 'The id must be a number.' }).int().positive('The id must be a number.') });

const UPLOAD_NOTE =
  'Files are checked by their bytes (JPEG, PNG or WebP; anything else is 415), at most 5 MB each (413 while uploading), and re-encoded with responsive variants. When any part fails nothing is stored.';

const PRODUCT_FIELDS = `Multipart fields: \`name\`*, \`price\`* (rupees, up to two decimals), \`category\`* (slug), \`subcategory\` (slug, empty for none), \`slug\` (made from the name when left out; unique with -2, -3…), \`description\`, \`collection\` (collection1..collection4 or empty), \`trending\`, \`topselling\`, \`newin\`, \`in_stock\`, \`customizable\` ("true"/"false"), \`stock_quantity\` (0 or more), \`ratings\` (0 to 5, steps of 0.1), \`dimensions\` (JSON object {length, breadth, height} in cm), \`finishes\` (JSON array of names), \`images\` (repeated files, at most ${PRODUCT_IMAGES_MAX} per product). Messages: 'Name is required', 'Valid price is required', 'Category is required', 'Invalid JSON format'.`;

/** Ids or URLs of images, sent repeated, comma-separated or as a JSON array. */
function imageTokens(form: ReceivedForm, field: 'remove_images' | 'image_order'): string[] {
  const tokens: string[] = [];
  for (const value of form.values(field)) {
    const text = value.trim();
    if (text.startsWith('[')) {
      let list: unknown;
      try {
        list = JSON.parse(text);
      } catch {
        throw invalid({ [field]: ['Invalid JSON format'] });
      }
      if (!Array.isArray(list)) throw invalid({ [field]: ['Send a list of image ids or URLs.'] });
      tokens.push(...list.map(String));
    } else {
      tokens.push(
        ...text
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      );
    }
  }
  return tokens;
}

export const catalogAdminRoutes: FastifyPluginAsyncZod<{ services: Services; media: Media }> = async (app, { services, media }) => {
  const { catalog } = services;
  const onRequest = requireSuperuser;

  // ── products ────────────────────────────────────────────────────────────────────────────────
  app.post(
    '/api/products/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Create a product (superuser)',
        description: `${PRODUCT_FIELDS}\n\n${UPLOAD_NOTE}`,
        consumes: ['multipart/form-data'],
        response: { 201: productSchema, ...errors },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, { files: { images: PRODUCT_IMAGES_MAX } });
      const input = parseFields(productFormSchema, form);
      const product = await withStoredImages(media, form.files('images'), { folder: 'products' }, (urls) => catalog.createProduct(input, urls));
      return reply.status(201).send(product);
    },
  );

  app.patch(
    '/api/products/:slug/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Change a product (superuser)',
        description: `Any subset of the create fields (multipart, or JSON when no file is sent). New \`images\` are added after the kept ones; \`remove_images\` drops single images and \`image_order\` sets the order of the kept ones, both by image id (\`images[].id\`) or URL, repeated, comma-separated or as a JSON array. Images not mentioned are kept. The slug stays unless \`slug\` is sent, so links keep working after a rename.\n\n${UPLOAD_NOTE}`,
        consumes: ['multipart/form-data', 'application/json'],
        params: slugParams,
        response: { 200: productSchema, ...errors },
      },
    },
    async (request) => {
      const form = await readForm(request, { files: { images: PRODUCT_IMAGES_MAX } });
      const input = parsePatch(productPatchFormSchema, form, ['images', 'remove_images', 'image_order']);
      const remove = imageTokens(form, 'remove_images');
      const order = imageTokens(form, 'image_order');
      return withStoredImages(media, form.files('images'), { folder: 'products' }, (add) =>
        catalog.updateProduct(request.params.slug, input, { add, remove, order }),
      );
    },
  );

  app.delete(
    '/api/products/:slug/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Delete a product (superuser)',
        description: 'Orders keep their copy of the product’s name and price.',
        params: slugParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await media.releasing(() => catalog.deleteProduct(request.params.slug));
      return reply.status(204).send(null);
    },
  );

  // ── categories ──────────────────────────────────────────────────────────────────────────────
  const CATEGORY_FIELDS =
    'Multipart fields: `name`* (unique), `slug` (made from the name when left out; unique with -2, -3…), `description`, `hsn_code` (4, 6 or 8 digits; default 9403), `gst_rate` (percent: 0, 0.25, 3, 5, 12, 18 or 28; default 18), `image` (file; left out on edit keeps the current image).';

  app.post(
    '/api/categories/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Create a category (superuser)',
        description: `${CATEGORY_FIELDS}\n\n${UPLOAD_NOTE}`,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: categorySchema, ...errors },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, { files: { image: 1 } });
      const input = parseFields(categoryFormSchema, form);
      const category = await withStoredImages(media, form.files('image'), { folder: 'categories' }, ([image]) =>
        catalog.createCategory(input, image ?? null),
      );
      return reply.status(201).send(category);
    },
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/api/categories/:slug/',
      onRequest,
      schema: {
        tags,
        security,
        summary: `${method === 'PUT' ? 'Replace' : 'Change'} a category (superuser)`,
        description: `${CATEGORY_FIELDS} ${method === 'PUT' ? '`name` is required; fields left out keep their values.' : 'Any subset.'} The slug stays unless \`slug\` is sent.\n\n${UPLOAD_NOTE}`,
        consumes: ['multipart/form-data', 'application/json'],
        params: slugParams,
        response: { 200: categorySchema, ...errors },
      },
      handler: async (request) => {
        const form = await readForm(request, { files: { image: 1 } });
        const input = method === 'PUT' ? parseFields(categoryFormSchema, form) : parsePatch(categoryPatchFormSchema, form, ['image']);
        return withStoredImages(media, form.files('image'), { folder: 'categories' }, ([image]) =>
          catalog.updateCategory(request.params.slug, input, image),
        );
      },
    });
  }

  app.delete(
    '/api/categories/:slug/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Delete a category (superuser)',
        description: 'Refused with 409 while products are in the category (move or delete them first). Its subcategories are deleted with it.',
        params: slugParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await media.releasing(() => catalog.deleteCategory(request.params.slug));
      return reply.status(204).send(null);
    },
  );

  // ── subcategories ───────────────────────────────────────────────────────────────────────────
  const SUBCATEGORY_FIELDS =
    'Multipart fields: `name`* (unique within its category), `category`* (slug), `slug` (made from the name when left out; unique with -2, -3…), `description`, `image` (file; left out on edit keeps the current image).';

  app.post(
    '/api/subcategories/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Create a subcategory (superuser)',
        description: `${SUBCATEGORY_FIELDS}\n\n${UPLOAD_NOTE}`,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: subcategorySchema, ...errors },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, { files: { image: 1 } });
      const input = parseFields(subcategoryFormSchema, form);
      const subcategory = await withStoredImages(media, form.files('image'), { folder: 'categories' }, ([image]) =>
        catalog.createSubcategory(input, image ?? null),
      );
      return reply.status(201).send(subcategory);
    },
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/api/subcategories/:slug/',
      onRequest,
      schema: {
        tags,
        security,
        summary: `${method === 'PUT' ? 'Replace' : 'Change'} a subcategory (superuser)`,
        description: `${SUBCATEGORY_FIELDS} ${method === 'PUT' ? '`name` and `category` are required; fields left out keep their values.' : 'Any subset.'} Moving it to another category moves its products too.\n\n${UPLOAD_NOTE}`,
        consumes: ['multipart/form-data', 'application/json'],
        params: slugParams,
        response: { 200: subcategorySchema, ...errors },
      },
      handler: async (request) => {
        const form = await readForm(request, { files: { image: 1 } });
        const input = method === 'PUT' ? parseFields(subcategoryFormSchema, form) : parsePatch(subcategoryPatchFormSchema, form, ['image']);
        return withStoredImages(media, form.files('image'), { folder: 'categories' }, ([image]) =>
          catalog.updateSubcategory(request.params.slug, input, image),
        );
      },
    });
  }

  app.delete(
    '/api/subcategories/:slug/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Delete a subcategory (superuser)',
        description: 'Its products stay in their category, without a subcategory.',
        params: slugParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await media.releasing(() => catalog.deleteSubcategory(request.params.slug));
      return reply.status(204).send(null);
    },
  );

  // ── ready to ship ───────────────────────────────────────────────────────────────────────────
  app.post(
    '/api/RTShip/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Add a product to the ready-to-ship range (superuser)',
        description: 'JSON or multipart: `product`* (slug), `MostSold`, `NewArrival` (booleans). A product is in the range at most once.',
        consumes: ['application/json', 'multipart/form-data'],
        response: { 201: readyToShipEntrySchema, ...errors },
      },
    },
    async (request, reply) => {
      const input = parseFields(readyToShipFormSchema, await readForm(request));
      return reply.status(201).send(await catalog.addReadyToShip(input));
    },
  );

  app.patch(
    '/api/RTShip/:id/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Change a ready-to-ship entry (superuser)',
        description: 'Any of `product` (slug), `MostSold`, `NewArrival`.',
        consumes: ['application/json', 'multipart/form-data'],
        params: idParams,
        response: { 200: readyToShipEntrySchema, ...errors },
      },
    },
    async (request) => catalog.updateReadyToShip(request.params.id, parsePatch(readyToShipPatchFormSchema, await readForm(request))),
  );

  app.delete(
    '/api/RTShip/:id/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Remove a product from the ready-to-ship range (superuser)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await catalog.removeReadyToShip(request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ── search synonyms ─────────────────────────────────────────────────────────────────────────
  app.get(
    '/api/search-synonyms/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'The words search takes for others (superuser)',
        response: { 200: z.array(searchSynonymSchema), ...errors },
      },
    },
    () => catalog.listSynonyms(),
  );
  app.post(
    '/api/search-synonyms/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Add a search synonym (superuser)',
        description:
          '`term`: one word buyers type (such as mandap); `means`: the catalogue word or words it stands for (such as mandir). Search looks for those as well as the word typed. 409 when the word already has one.',
        body: searchSynonymInputSchema,
        response: { 201: searchSynonymSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await catalog.addSynonym(request.body)),
  );
  app.delete(
    '/api/search-synonyms/:id/',
    {
      onRequest,
      schema: { tags, security, summary: 'Delete a search synonym (superuser)', params: idParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await catalog.deleteSynonym(request.params.id);
      return reply.status(204).send(null);
    },
  );
};
