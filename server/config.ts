import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { gstinProblem, gstStateCode } from '../contract/gst';
import type { S3Settings } from './lib/storage/s3';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A true/false setting whose default depends on NODE_ENV; empty means unset. */
const optionalBool = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), bool.optional());

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const optionalUrl = (what: string) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.url({ message: `must be a full URL (${what})` }).optional())
    .optional();

/** A link to one of the shop's pages on a social network: an https address, or unset (the link is then hidden). */
const socialUrl = (network: string) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(
      z
        .url({
          protocol: /^https$/,
          message: `must be the https address of the shop's ${network} page, e.g. https://www.${network.toLowerCase()}.com/teakwoodstudio`,
        })
        .optional(),
    )
    .optional();

/** A whole number of seconds between `min` and `max`; empty means the default. */
const seconds = (what: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce
      .number({ message: `must be a number of seconds (${what})` })
      .int('must be a whole number of seconds')
      .min(min, `must be at least ${min} seconds (${what})`)
      .max(max, `must be at most ${max} seconds (${what})`)
      .default(fallback),
  );

/** The networks the footer and the contact page can link to, in the order they are shown. */
export const SOCIAL_NETWORKS = ['Instagram', 'Facebook', 'YouTube', 'Pinterest'] as const;

/** Every variable the shop reads. The only place that looks at process.env. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535, 'must be a port number between 0 and 65535').default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  /** Worker processes with PostgreSQL (PGlite is one process); the number of cores when unset. */
  WEB_CONCURRENCY: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number({ message: 'must be a whole number of processes' }).int().min(1, 'must be at least 1').max(256).optional(),
  ),
  PUBLIC_URL: optionalUrl('for example https://shop.example.in'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl('postgres://user:password@host:5432/db'),
  /** Unset: true in development and tests, false in production (a live shop never gets the demo catalogue unasked). */
  SEED: optionalBool,
  /**
   * The demo shop's pictures on a first start with local media: `ahead` draws them all behind the open shop, each one
   * asked for first drawn at once; `when-asked` draws each only on its first request (the tests' shops, a quick look).
   */
  DEMO_PICTURES: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.enum(['ahead', 'when-asked'], { message: 'must be ahead or when-asked' }).default('ahead'),
  ),
  /** Unset: /api/docs is served in development and tests, not in production. */
  API_DOCS: optionalBool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Unset: one readable line per request in development on a terminal, JSON lines otherwise (always in production). */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters long').optional()),
  RAZORPAY_KEY_ID: optionalString,
  RAZORPAY_KEY_SECRET: optionalString,
  RAZORPAY_WEBHOOK_SECRET: optionalString,
  RAZORPAY_ALLOW_TEST_KEYS: bool.default(false),
  RAZORPAY_API_BASE: z.url({ message: 'must be a full URL' }).default('https://api.razorpay.com'),
  PAYMENT_ANSWER_MS: z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(10, 'must be at least 10 milliseconds')
    .max(10_000, 'must be at most 10000 milliseconds')
    .default(250),
  RAZORPAY_TIMEOUT_MS: z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(100, 'must be at least 100 milliseconds')
    .max(120_000, 'must be at most 120000 milliseconds (2 minutes)')
    .default(8000),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_API_BASE: z.url({ message: 'must be a full URL' }).default('https://oauth2.googleapis.com'),
  SMTP_URL: optionalUrl('smtp://user:password@host:587'),
  MAIL_FROM: z.string().trim().default('Teakwood Studio <orders@teakwood.local>'),
  SHOP_EMAIL: z.email({ message: 'must be an e-mail address' }).default('hello@teakwood.local'),
  TRUST_PROXY: bool.default(false),
  JOBS_MAIL_RETRY_SECONDS: seconds('the wait before a failed e-mail is tried again', 0, 3600, 60),
  JOBS_MAIL_TIMEOUT_SECONDS: seconds('how long sending one e-mail may take', 2, 600, 60),
  JOBS_SWEEP_SECONDS: seconds('how often jobs of a stopped process are looked for', 1, 3600, 60),
  JOBS_RECONCILE_SECONDS: seconds('how often payments are checked with Razorpay', 1, 86_400, 300),
  JOBS_HOLDS_SECONDS: seconds('how often expired stock holds are released', 1, 3600, 60),
  JOBS_REVIEW_MAILS_SECONDS: seconds('how often delivered orders are looked for their review e-mail', 1, 86_400, 3600),
  REVIEW_MAIL_DAYS: z.coerce
    .number({ message: 'must be a whole number of days' })
    .int('must be a whole number of days')
    .min(0, 'must be 0 or more days')
    .max(365, 'must be at most 365 days')
    .default(7),
  REVIEWS_WAIT_FOR_OWNER: bool.default(true),
  SOCIAL_INSTAGRAM_URL: socialUrl('Instagram'),
  SOCIAL_FACEBOOK_URL: socialUrl('Facebook'),
  SOCIAL_YOUTUBE_URL: socialUrl('YouTube'),
  SOCIAL_PINTEREST_URL: socialUrl('Pinterest'),
  // The seller on the tax invoices (the Chennai workshop). The defaults are the demo shop's.
  SELLER_LEGAL_NAME: z.string().trim().min(1).max(200).default('Teakwood Studio Private Limited'),
  SELLER_GSTIN: z
    .string()
    .trim()
    .toUpperCase()
    .default('33AAACT1234C1Z4')
    .refine((v) => gstinProblem(v) === null, { error: (issue) => gstinProblem(String(issue.input)) ?? 'is not a valid GSTIN' }),
  SELLER_ADDRESS: z.string().trim().min(1).max(400).default('14 Workshop Lane, Guindy Industrial Estate, Chennai 600032'),
  SELLER_STATE: z
    .string()
    .trim()
    .default('Tamil Nadu')
    .refine((v) => gstStateCode(v) !== null, 'must be an Indian state or union territory, such as Tamil Nadu'),
  INVOICE_PREFIX: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{1,3}$/, 'must be 1 to 3 letters or digits, such as TW (numbers are at most 16 characters: TW/26-27/000123)')
    .default('TW'),
  // An order above this value (rupees) is dispatched with an e-way bill (CGST Rule 138); ₹50,000 by default.
  EWAY_BILL_THRESHOLD_RUPEES: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce
      .number({ message: 'must be a whole number of rupees, such as 50000' })
      .int('must be a whole number of rupees, such as 50000')
      .min(0, 'must be 0 or more rupees')
      .max(10_000_000, 'must be at most 10000000 rupees')
      .default(50_000),
  ),
  // A quarterly filer (QRMP scheme) files GSTR-1 per quarter: the owner's GSTR-1 page offers quarters.
  GSTR1_QUARTERLY: bool.default(false),
  MEDIA_STORAGE: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.enum(['local', 's3'], { message: 'must be local or s3' }).default('local'),
  ),
  MEDIA_PUBLIC_URL: optionalUrl('for example https://cdn.example.in/media'),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalUrl('for example https://s3.ap-south-1.amazonaws.com or http://127.0.0.1:9000'),
  S3_REGION: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: bool.default(false),
  S3_PREFIX: z
    .string()
    .trim()
    .regex(/^([a-z0-9-]+\/)*$/, 'must be empty or folder names ending in a slash, e.g. media/')
    .default(''),
  /** Where the nightly archives are written (default DATA_DIR/backups), or an S3 bucket (S3_* credentials) instead. */
  BACKUP_DIR: optionalString,
  BACKUP_S3_BUCKET: optionalString,
  BACKUP_KEEP_DAILY: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number({ message: 'must be a whole number of archives' }).int('must be a whole number').min(1, 'must be at least 1').max(366).default(7),
  ),
  BACKUP_KEEP_WEEKLY: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number({ message: 'must be a whole number of archives' }).int('must be a whole number').min(0).max(520).default(4),
  ),
  /** The night's backup time, India time (HH:MM). */
  BACKUP_TIME: z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day in India as HH:MM, such as 02:30')
    .default('02:30'),
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters long').optional()),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(0)
    .max(600_000, 'must be at most 600000 milliseconds (10 minutes)')
    .default(25_000),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  mediaDir: string;
  databaseUrl: string | undefined;
  /** Worker processes serving requests: WEB_CONCURRENCY (default the number of cores) with PostgreSQL, 1 on PGlite. */
  webConcurrency: number;
  /**
   * What the primary adds to its workers' environment: their C allocator (glibc) maps each block of 128 KB or more
   * on its own and gives it back when freed. Left to itself glibc raises that threshold once such a block is freed
   * (brotli's window, the CSV export's pieces) and keeps later ones in a heap it does not give back (decision 0064).
   * An operator's own MALLOC_MMAP_THRESHOLD_ is kept.
   */
  workerEnv: { MALLOC_MMAP_THRESHOLD_: string };
  seed: boolean;
  /** Whether a first start draws all the demo shop's pictures behind the open shop, or each on its first request. */
  demoPictures: 'ahead' | 'when-asked';
  /** Whether the OpenAPI description and its docs page are served under /api/docs. */
  apiDocs: boolean;
  logLevel: Env['LOG_LEVEL'];
  /** `pretty`: one readable line per request (development only); `json`: pino's JSON lines. */
  logFormat: 'json' | 'pretty';
  jwtSecret: string;
  razorpay: { keyId?: string; keySecret?: string; webhookSecret?: string; apiBase: string; timeoutMs: number };
  /**
   * How long a buyer's verify_payment waits for the order to be confirmed while other payments are being
   * confirmed, before answering "received, being confirmed" (202); alone it waits twenty times as long.
   */
  paymentAnswerMs: number;
  google: { clientId?: string; apiBase: string };
  mail: { smtpUrl?: string; from: string; shopEmail: string };
  trustProxy: boolean;
  /** Background jobs (lib/jobs.ts): e-mail retries and the scheduled passes, in seconds. */
  jobs: {
    mailRetrySeconds: number;
    mailTimeoutSeconds: number;
    sweepSeconds: number;
    reconcileSeconds: number;
    holdsSeconds: number;
    reviewMailsSeconds: number;
  };
  /** Buyers' reviews (decision 0050): days after delivery before the review e-mail, and whether new ones wait for the owner. */
  reviews: { mailAfterDays: number; waitForOwner: boolean };
  /** The shop's social pages that are configured, in SOCIAL_NETWORKS order. */
  social: { name: (typeof SOCIAL_NETWORKS)[number]; href: string }[];
  /** The seller on the tax invoices. */
  seller: {
    legalName: string;
    gstin: string;
    address: string;
    state: string;
    invoicePrefix: string;
    /** An order above this value is dispatched only with its e-way bill number (decision 0049). */
    ewayBillThresholdPaise: number;
    /** The shop files GSTR-1 per quarter: the owner's GSTR-1 page offers quarters (decision 0049). */
    gstr1Quarterly: boolean;
  };
  /**
   * Where uploaded images are kept (`s3` unset: `mediaDir`), and the public base URL pages use for them
   * (a CDN in front of the bucket; unset: the shop's own `/media/`).
   */
  media: { s3?: S3Settings; publicUrl?: string };
  /**
   * Backups (decision 0051): archives in `dir`, or in an S3 bucket when `s3` is set; the newest of each of the
   * last `keepDaily` days and `keepWeekly` weeks are kept; the nightly one starts `atSecondsUtc` into each UTC day.
   */
  backup: { dir: string; s3?: S3Settings; keepDaily: number; keepWeekly: number; atSecondsUtc: number };
  /** Bearer token that /metrics asks for; required in production, where /metrics is closed without it. */
  metricsToken?: string;
  /** How long a stopping process waits for requests in flight before it closes their connections. */
  shutdownTimeoutMs: number;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and validates the configuration once. Field-level problems are collected and reported
 * together so an operator can fix them all in one go.
 */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`));
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR);
  const problems: string[] = [];

  if (isProduction) {
    if (!env.JWT_SECRET) problems.push('JWT_SECRET: is required in production (32+ random characters)');
    if (!env.RAZORPAY_KEY_ID || !env.RAZORPAY_KEY_SECRET)
      problems.push('RAZORPAY_KEY_ID / RAZORPAY_KEY_SECRET: are required in production (the simulated payment provider is for development only)');
    if (!env.PUBLIC_URL) problems.push('PUBLIC_URL: is required in production (links in e-mails and the sitemap)');
    if (env.RAZORPAY_KEY_ID && !env.RAZORPAY_WEBHOOK_SECRET)
      problems.push('RAZORPAY_WEBHOOK_SECRET: is required in production (payments confirmed by Razorpay’s webhook)');
    if (env.RAZORPAY_KEY_ID?.startsWith('rzp_test_') && !env.RAZORPAY_ALLOW_TEST_KEYS)
      problems.push(
        'RAZORPAY_KEY_ID: is a test key (rzp_test_…), which takes no real money; use the live key (rzp_live_…) from the Razorpay dashboard, or set RAZORPAY_ALLOW_TEST_KEYS=true for a staging shop',
      );
    if (env.RAZORPAY_WEBHOOK_SECRET && env.RAZORPAY_WEBHOOK_SECRET === env.RAZORPAY_KEY_SECRET)
      problems.push(
        'RAZORPAY_WEBHOOK_SECRET: must differ from RAZORPAY_KEY_SECRET; set a separate secret for the webhook in the Razorpay dashboard (Settings → Webhooks) and put it here',
      );
  }
  if (env.MEDIA_STORAGE === 's3') {
    if (!env.S3_BUCKET) problems.push('S3_BUCKET: is required with MEDIA_STORAGE=s3 (the bucket that keeps the images)');
    if (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)
      problems.push(
        'S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: are required with MEDIA_STORAGE=s3 (a key that may read, write and delete in the bucket)',
      );
  }
  if (env.BACKUP_S3_BUCKET && (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY))
    problems.push(
      'S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: are required with BACKUP_S3_BUCKET (a key that may read, write and delete in that bucket)',
    );
  if (Boolean(env.RAZORPAY_KEY_ID) !== Boolean(env.RAZORPAY_KEY_SECRET))
    problems.push('RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET: set both or neither');
  if (problems.length) throw new ConfigError(problems);

  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    databaseUrl: env.DATABASE_URL,
    webConcurrency: env.DATABASE_URL ? (env.WEB_CONCURRENCY ?? availableParallelism()) : 1,
    workerEnv: { MALLOC_MMAP_THRESHOLD_: source.MALLOC_MMAP_THRESHOLD_ ?? String(128 * 1024) },
    seed: env.SEED ?? !isProduction,
    demoPictures: env.DEMO_PICTURES,
    apiDocs: env.API_DOCS ?? !isProduction,
    logLevel: env.LOG_LEVEL,
    // Production keeps JSON whatever is asked: the log collectors read it.
    logFormat: !isProduction && (env.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json')) === 'pretty' ? 'pretty' : 'json',
    jwtSecret: env.JWT_SECRET ?? developmentSecret(dataDir),
    razorpay: {
      keyId: env.RAZORPAY_KEY_ID,
      keySecret: env.RAZORPAY_KEY_SECRET,
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
      apiBase: env.RAZORPAY_API_BASE.replace(/\/+$/, ''),
      timeoutMs: env.RAZORPAY_TIMEOUT_MS,
    },
    paymentAnswerMs: env.PAYMENT_ANSWER_MS,
    google: { clientId: env.GOOGLE_CLIENT_ID, apiBase: env.GOOGLE_API_BASE.replace(/\/+$/, '') },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, shopEmail: env.SHOP_EMAIL },
    trustProxy: env.TRUST_PROXY,
    jobs: {
      mailRetrySeconds: env.JOBS_MAIL_RETRY_SECONDS,
      mailTimeoutSeconds: env.JOBS_MAIL_TIMEOUT_SECONDS,
      sweepSeconds: env.JOBS_SWEEP_SECONDS,
      reconcileSeconds: env.JOBS_RECONCILE_SECONDS,
      holdsSeconds: env.JOBS_HOLDS_SECONDS,
      reviewMailsSeconds: env.JOBS_REVIEW_MAILS_SECONDS,
    },
    reviews: { mailAfterDays: env.REVIEW_MAIL_DAYS, waitForOwner: env.REVIEWS_WAIT_FOR_OWNER },
    social: [
      { name: 'Instagram' as const, href: env.SOCIAL_INSTAGRAM_URL },
      { name: 'Facebook' as const, href: env.SOCIAL_FACEBOOK_URL },
      { name: 'YouTube' as const, href: env.SOCIAL_YOUTUBE_URL },
      { name: 'Pinterest' as const, href: env.SOCIAL_PINTEREST_URL },
    ].flatMap((link) => (link.href ? [{ name: link.name, href: link.href }] : [])),
    seller: {
      legalName: env.SELLER_LEGAL_NAME,
      gstin: env.SELLER_GSTIN,
      address: env.SELLER_ADDRESS,
      state: env.SELLER_STATE,
      invoicePrefix: env.INVOICE_PREFIX,
      ewayBillThresholdPaise: env.EWAY_BILL_THRESHOLD_RUPEES * 100,
      gstr1Quarterly: env.GSTR1_QUARTERLY,
    },
    media: {
      s3:
        env.MEDIA_STORAGE === 's3'
          ? {
              bucket: env.S3_BUCKET!,
              endpoint: env.S3_ENDPOINT,
              region: env.S3_REGION,
              accessKeyId: env.S3_ACCESS_KEY_ID!,
              secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
              forcePathStyle: env.S3_FORCE_PATH_STYLE,
              prefix: env.S3_PREFIX,
            }
          : undefined,
      publicUrl: env.MEDIA_PUBLIC_URL?.replace(/\/+$/, ''),
    },
    backup: {
      dir: path.resolve(env.BACKUP_DIR ?? path.join(dataDir, 'backups')),
      s3: env.BACKUP_S3_BUCKET
        ? {
            bucket: env.BACKUP_S3_BUCKET,
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            accessKeyId: env.S3_ACCESS_KEY_ID!,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
            prefix: '',
          }
        : undefined,
      keepDaily: env.BACKUP_KEEP_DAILY,
      keepWeekly: env.BACKUP_KEEP_WEEKLY,
      atSecondsUtc: indiaTimeToUtcSeconds(env.BACKUP_TIME),
    },
    metricsToken: env.METRICS_TOKEN,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
  };
}

/** India is UTC+05:30 all year: 02:30 there is 21:00 UTC of the day before. */
function indiaTimeToUtcSeconds(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const day = 24 * 3600;
  return (((h * 3600 + m * 60 - 5.5 * 3600) % day) + day) % day;
}

/** Outside production the signing key is generated once and kept with the data, so tokens survive restarts. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
