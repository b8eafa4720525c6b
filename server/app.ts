import { mkdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { hoistAccessChecks, registerInputGuards } from './lib/edge';
import { AppError, registerErrorHandling } from './lib/errors';
import { GzippedAnswers } from './lib/gzipped-answers';
import { createMedia, type Media } from './lib/media';
import { demoDrawingOf, drawForRequest } from './db/seed';
import { registerMetrics, type Metrics } from './lib/metrics';
import { pgRateLimitStore } from './lib/rate-limit-store';
import { createStorage, type ObjectStorage } from './lib/storage';
import { serveMediaFromStorage } from './lib/storage/serve';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { catalogAdminRoutes } from './modules/catalog/catalog-admin.routes';
import { contentAdminRoutes } from './modules/content/content-admin.routes';
import { registerAuthentication, requireSuperuser } from './modules/accounts/auth';
import { cartRoutes } from './modules/cart/cart.routes';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { checkoutRoutes } from './modules/checkout/checkout.routes';
import { consultationsRoutes } from './modules/consultations/consultations.routes';
import { contentRoutes } from './modules/content/content.routes';
import { deliveryRoutes } from './modules/delivery/delivery.routes';
import { healthRoutes } from './modules/health/health.routes';
import { invoicesRoutes } from './modules/invoices/invoices.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { afterSaleRoutes } from './modules/after-sale/after-sale.routes';
import { quotesRoutes } from './modules/quotes/quotes.routes';
import { roomsRoutes } from './modules/rooms/rooms.routes';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { savedRoutes } from './modules/saved/saved.routes';
import { CATALOG_CHANNEL, createServices, type Services } from './services';
import { PageCache } from './page/kept-pages';
import { keepSharedReads, quickPath, serverWithQuickPath, type QuickAnswer, type QuickPathOptions } from './page/quick-path';
import { SHOPPER_CHANNEL } from './page/shopper-facts';
import { pagePlugin } from './page';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Directory of the React Router build; omit to serve the API only (integration tests). */
  webBuildDir?: string;
  /** Where logs go (stdout by default); tests capture them here. */
  logStream?: NodeJS.WritableStream;
  /** The image storage; by default the one the configuration names. */
  storage?: ObjectStorage;
  /** Jobs waiting per queue, for the metrics (see lib/metrics.ts). */
  jobQueueDepth?: () => Promise<Record<string, number>>;
}

/**
 * Response objects that come from a read cache are immutable and shared, so the JSON made from one is
 * kept beside it (weakly) instead of being validated and stringified again on every request.
 */
function memoizeSerializer(serialize: (data: unknown) => string): (data: unknown) => string {
  const memo = new WeakMap<object, string>();
  return (data) => {
    if (typeof data !== 'object' || data === null) return serialize(data);
    const hit = memo.get(data);
    if (hit !== undefined) return hit;
    const json = serialize(data);
    memo.set(data, json);
    return json;
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Query values never written to logs: one-time tokens and codes, and cart codes (a cart code opens its cart). */
export const REDACTED_QUERY = /([?&](?:token|code|cart_code|access_token|id_token)=)[^&]*/gi;

type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;
type QuickAnswerOfHost = ((request: IncomingMessage, response: ServerResponse) => boolean) | undefined;

/**
 * The host, put together in steps, each a function of its own: the Fastify instance and its logs, the edge
 * (validation, errors, guards, metrics, security headers, compression), the services, the background jobs, the
 * API's tools, the media, the listeners of the database's channels, the API's routes and the pages.
 */
export async function buildApp(options: AppOptions): Promise<{
  app: FastifyInstance;
  services: Services;
  /** The shared cache of rendered pages (used when the web app is served). */
  pageCache: PageCache;
}> {
  const { config, database, webBuildDir } = options;
  // Cached pages are answered before the host's routing and hooks once the app is ready (see `registerPages`).
  let quickAnswer: QuickAnswerOfHost;
  const app = await createHost(options, () => quickAnswer);
  const metrics = await registerEdge(app, options);
  // Pages without a session are kept rendered; any catalogue or content change drops them (decision 0025).
  const pageCache = new PageCache();
  // So are the public reads of the catalogue and content API, once sent (routes marked `shared`), for the quick
  // path that comes with the pages.
  if (webBuildDir) keepSharedReads(app, pageCache, config.trustProxy);
  const storage = options.storage ?? createStorage(config);
  const media = createMedia(database.db, storage, (err) => app.log.warn({ err }, 'an unused image could not be removed from storage'));
  const services = createServices(config, database, {
    log: (err, message) => app.log.error({ err }, message ?? 'a background task failed (mail, payment reconciliation)'),
    onCatalogChange: () => pageCache.clear(),
    media,
  });
  // Background jobs (e-mail, the reconciler, hold expiry) start with the app, without holding up its first
  // requests (the job tables are installed on a first start), and stop with it: a job that is running when
  // the app closes is let finish (or, after 30 seconds, handed back to the queue).
  app.addHook('onReady', async () => {
    void services.jobs.start();
  });
  app.addHook('onClose', () => services.jobs.stop());
  await registerApiTools(app, config, services);
  await registerMedia(app, config, storage);
  await registerListeners(app, database, services, pageCache);
  registerAuthentication(app, services.accounts, services.browserSessions, new URL(config.publicUrl).origin);
  await registerApi(app, { database, config, services, media });
  if (webBuildDir) {
    await registerPages(app, { config, services, pageCache, metrics, webBuildDir }, (answer) => (quickAnswer = answer));
  }
  return { app, services, pageCache };
}

/** The Fastify instance, its server offering each request to the quick path first, and its logs. */
async function createHost(options: AppOptions, quickAnswer: () => QuickAnswerOfHost): Promise<App> {
  const { config, logStream } = options;
  // In development on a terminal: one readable line per request (pino-pretty, never loaded in production).
  const pretty = config.logFormat === 'pretty' && !logStream;
  const stream = logStream ?? (pretty ? await prettyLogStream() : undefined);
  const app = Fastify({
    serverFactory: serverWithQuickPath(quickAnswer),
    logger: loggerOptions(config, stream, pretty),
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // On close: idle keep-alive connections are closed at once, requests in flight finish (server/shutdown.ts).
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();
  if (pretty) {
    app.addHook('onResponse', async (request, reply) => {
      request.log.info(
        { req: { id: request.id, method: request.method, url: request.url }, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
        'request completed',
      );
    });
  }
  return app;
}

/** The logs: secrets redacted, cart codes and tokens left out of addresses; in development, one readable line per request. */
function loggerOptions(config: Config, stream: NodeJS.WritableStream | undefined, pretty: boolean) {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    // Readable logs get one line per request with its method, address, status and time (the hook below):
    // Fastify's own pair ("incoming request", then a "request completed" without the address) is left out.
    ...(pretty
      ? {
          hooks: {
            logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void) {
              const [fields, message] = args as [{ req?: unknown } | undefined, unknown];
              if (message === 'incoming request' || (message === 'request completed' && !fields?.req)) return;
              method.apply(this, args);
            },
          },
        }
      : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.password2',
        '*.old_password',
        '*.new_password',
        '*.token',
        '*.access',
        '*.refresh',
        '*.access_token',
        '*.id_token',
        '*.razorpay_signature',
        '*.cart_code',
        '*.cartCode',
        '*.jwtSecret',
        '*.keySecret',
        '*.secretAccessKey',
        '*.metricsToken',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        id: req.id,
        method: req.method,
        url: req.url.replace(REDACTED_QUERY, '$1[redacted]'),
      }),
    },
  };
}

/**
 * The edge, before any route: validation and serialization, errors, access checks and input guards, metrics,
 * request ids, security headers and compression. Answers the metrics, for the quick path to count in.
 */
async function registerEdge(app: App, options: AppOptions) {
  const { config, database } = options;
  app.setValidatorCompiler(validatorCompiler);
  // Cached catalogue reads return the same objects again: their JSON is kept with them (see memoizeSerializer).
  app.setSerializerCompiler((route) => memoizeSerializer(serializerCompiler(route as Parameters<typeof serializerCompiler>[0])));
  registerErrorHandling(app);
  // Before any route is added: role checks first, then the edge's checks of content type and characters.
  hoistAccessChecks(app, { superuser: requireSuperuser });
  registerInputGuards(app);
  // Requests by route and status, latency, orders by status; jobQueueDepth: the background jobs' queue count.
  const metrics = registerMetrics(app, {
    db: database.db,
    token: config.metricsToken,
    production: config.isProduction,
    jobQueueDepth: options.jobQueueDepth,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: false, // pages get a per-request nonce policy in server/page/render.ts
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  // Cached reads answer with the same memoized JSON again and again (the product list is ~60 KB): each
  // large one is gzipped once and the bytes kept, 4 MB at most. @fastify/compress leaves an encoded answer alone.
  const gzipped = new GzippedAnswers();
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || payload.length < 16 * 1024 || request.method !== 'GET' || reply.statusCode !== 200) return payload;
    if (reply.hasHeader('content-encoding') || !/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) return payload;
    const body = gzipped.gzip(payload);
    const vary = reply.getHeader('vary');
    reply.header('content-encoding', 'gzip').header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
    return body;
  });
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
    // Brotli's default (11) is meant for static files; dynamic pages want speed: quality 1 costs a 92 KB page
    // 0.2 ms, quality 3 0.5 ms for 9% fewer bytes (decisions 0064 and 0065; kept pages are compressed once, at 5). Its
    // default window (4 MB) is larger than any page: each answer being compressed held megabytes that the process
    // kept after the rush (decision 0041, "Memory"); half a megabyte covers the largest page.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_LGWIN]: 19 } },
    // Whole JSON answers (the product list is ~60 KB) are compressed in one call: the default streams
    // anything over 8 KB on two cores through the thread pool, which cost 10x the throughput.
    syncThreshold: 256 * 1024,
  });
  return metrics;
}

/** The API's rate limits (counted in PostgreSQL) and its description. */
async function registerApiTools(app: App, config: Config, services: Services) {
  await app.register(fastifyRateLimit, {
    global: false,
    // Counted in PostgreSQL, so that every limit holds across all the shop's processes.
    store: pgRateLimitStore(services.rateLimits),
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', `Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`),
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Teakwood shop API', version: '1.0.0', description: 'The JSON API of the shop, under /api/.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  // Production serves the description only when asked (API_DOCS=true); it lists every admin call.
  if (config.apiDocs) await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}

/** The media: from the local folder or the object storage; the demo shop's pictures drawn when first asked for. */
async function registerMedia(app: App, config: Config, storage: ObjectStorage) {
  // A first start opens before the demo shop's pictures are drawn (server/db/startup.ts): one asked for before
  // the background drawer reached it is drawn now, once, and then served as any other.
  const drawn = new Set<string>();
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/media/') || (request.method !== 'GET' && request.method !== 'HEAD')) return;
    const key = request.url.slice('/media/'.length).split('?')[0]!;
    if (drawn.has(key)) return;
    const picture = demoDrawingOf(key);
    if (!picture) return;
    try {
      // The file asked for, alone: a variant is drawn by itself, the picture with its whole set (decision 0061).
      if (!(await storage.exists(key)) && !(await drawForRequest(storage, picture, key))) return;
      drawn.add(key);
    } catch (err) {
      request.log.error({ err }, 'a picture of the demo shop could not be drawn');
    }
  });

  if (storage.kind === 'local') {
    mkdirSync(config.mediaDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: config.mediaDir,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      maxAge: '365d',
      immutable: true,
      preCompressed: false,
    });
  } else {
    serveMediaFromStorage(app, storage);
  }
}

/** The database's channels: the catalogue's changes and the shoppers' facts, heard in every process. */
async function registerListeners(app: App, database: Database, services: Services, pageCache: PageCache) {
  if (database.listen) {
    const stopListening = await database.listen(CATALOG_CHANNEL, () => {
      services.catalog.clearCache();
      services.content.clearCache();
      services.rooms.clearCache();
      services.shopperFacts.catalogChanged();
      pageCache.clear();
    });
    app.addHook('onClose', stopListening);
  }
  // A shopper's session and cart facts kept in memory (decision 0042) are dropped as the database's triggers name
  // the rows changed, in every process; while the channel is not heard, nothing is kept.
  const facts = services.shopperFacts.cache;
  if (database.listen) {
    const stopHearing = await database.listen(
      SHOPPER_CHANNEL,
      (payload) => facts.heardChange(payload),
      (up) => facts.connected(up),
    );
    facts.connected(true);
    app.addHook('onClose', async () => {
      facts.connected(false);
      await stopHearing();
    });
  }
  // PostgreSQL: a request that may have changed something waits, before its answer leaves, until this process has
  // heard every change committed so far, so that the shopper's next page here shows it (PGlite hears a change
  // before the statement that made it returns).
  if (database.notify) {
    app.addHook('onSend', async (request) => {
      if (!SAFE_METHODS.has(request.method)) await services.shopperFacts.caughtUp();
    });
  }
}

/** The JSON API's routes, module by module, and its answer to an address it does not know. */
async function registerApi(
  app: App,
  { database, config, services, media }: { database: Database; config: Config; services: Services; media: Media },
) {
  await app.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024, files: 10, fields: 60, fieldSize: 100 * 1024 } });
  await app.register(healthRoutes, { database });
  await app.register(accountsRoutes, { services, google: config.google });
  await app.register(catalogRoutes, { services });
  await app.register(contentRoutes, { services });
  await app.register(consultationsRoutes, { services });
  await app.register(cartRoutes, { services });
  await app.register(checkoutRoutes, { services });
  await app.register(deliveryRoutes, { services });
  await app.register(ordersRoutes, { services, media });
  await app.register(quotesRoutes, { services, media });
  await app.register(invoicesRoutes, { services });
  await app.register(afterSaleRoutes, { services, media });
  await app.register(roomsRoutes, { services, media });
  await app.register(catalogAdminRoutes, { services, media });
  await app.register(contentAdminRoutes, { services, media });
  await app.register(adminRoutes, { services, media });
  await app.register(reviewsRoutes, { services, media });
  await app.register(savedRoutes, { services });

  const apiNotFound = () => {
    throw new AppError('not_found', 'There is no such API endpoint. See /api/docs for the list of calls.');
  };
  app.all('/api/*', apiNotFound);
  app.all('/rest-auth/*', apiNotFound);
  app.setNotFoundHandler(apiNotFound);
}

/** The web app's assets and pages, and the quick path that opens with the app and shuts before it closes. */
async function registerPages(
  app: App,
  {
    config,
    services,
    pageCache,
    metrics,
    webBuildDir,
  }: { config: Config; services: Services; pageCache: PageCache; metrics: Metrics; webBuildDir: string },
  openQuickPath: (answer: QuickAnswerOfHost) => void,
) {
  await app.register(fastifyStatic, {
    root: path.join(webBuildDir, 'client', 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    index: false,
    maxAge: '365d',
    immutable: true,
    // The build writes .br and .gz copies of every text asset (vite-precompress.ts): sent as they are.
    preCompressed: true,
  });
  const shoppers: { answer?: QuickAnswer } = {};
  await app.register(pagePlugin, {
    shoppers,
    serverBuildFile: path.join(webBuildDir, 'server', 'index.js'),
    services,
    pageCache,
    trustProxy: config.trustProxy,
    mode: config.isProduction ? 'production' : 'development',
    thirdParties: {
      google: Boolean(config.google.clientId),
      razorpay: Boolean(config.razorpay.keyId && config.razorpay.keySecret),
      mediaOrigin: config.media.publicUrl ? new URL(config.media.publicUrl).origin : undefined,
    },
  });
  // The quick path (decision 0025): a page the host has already sent from the shared cache, in the encoding
  // asked for, is sent again with the same headers straight from the socket's handler, counted in the
  // metrics and logged as the host does; so is a shopper's kept page, stitched for her from the facts kept in
  // memory (decision 0042). It opens with the app and shuts before the app closes.
  const logsRequests = ['info', 'debug', 'trace'].includes(app.log.level);
  const quickOptions: QuickPathOptions = {
    trustProxy: config.trustProxy,
    answered: ({ id, method, url, route, status, seconds }) => {
      metrics.record({ method, route, status: String(status) }, seconds);
      if (logsRequests)
        app.log.info({ reqId: id, req: { id, method, url }, res: { statusCode: status }, responseTime: seconds * 1000 }, 'request completed');
    },
  };
  const answer = quickPath(pageCache, shoppers);
  app.addHook('onReady', async () => {
    openQuickPath((request, response) => answer(request, response, quickOptions));
  });
  app.addHook('preClose', async () => {
    openQuickPath(undefined);
  });
}

/**
 * pino-pretty, in this process (no worker thread), as one line per record: a request as `GET /shop 200 3.2 ms`,
 * anything else as its message with its fields.
 */
async function prettyLogStream(): Promise<NodeJS.WritableStream> {
  const { default: pinoPretty } = await import('pino-pretty');
  type Line = { req?: { method?: string; url?: string }; res?: { statusCode?: number }; responseTime?: number; msg?: string };
  return pinoPretty({
    colorize: process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    singleLine: true,
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat: (log: Line, messageKey: string) =>
      log.req && log.res && log.responseTime !== undefined
        ? `${log.req.method} ${log.req.url} ${log.res.statusCode} ${log.responseTime.toFixed(1)} ms`
        : ((log as Record<string, string | undefined>)[messageKey] ?? ''),
  });
}
