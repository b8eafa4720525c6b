import type { Config } from './config';
import type { Database } from './db/client';
import { verifyGoogleToken } from './lib/google';
import { storeImage } from './lib/images';
import { createMailer, type Mailer } from './lib/mailer';
import { createRateLimitCounter } from './lib/rate-limit-store';
import { createAccountsService } from './modules/accounts/accounts.service';
import { createBrowserSessions } from './modules/accounts/browser-sessions';
import { createLoginGuard } from './modules/accounts/login-guard';
import { createAccountPageLimits } from './modules/accounts/page-limits';
import { createTokenSigner } from './modules/accounts/tokens';
import { createCatalogService } from './modules/catalog/catalog.service';
import { createCommerceServices } from './modules/checkout/commerce';
import { createContentService } from './modules/content/content.service';

/** The PostgreSQL channel on which app processes tell each other that the catalogue or the content changed. */
export const CATALOG_CHANNEL = 'catalog_changed';

/** Every business service, built once per process and shared by the API routes and the page loaders. */
export function createServices(config: Config, database: Database, options: { mailer?: Mailer; log?: (err: unknown) => void } = {}) {
  const mailer = options.mailer ?? createMailer(database.db, { smtpUrl: config.mail.smtpUrl, from: config.mail.from }, options.log);
  const rateLimits = createRateLimitCounter(database.db);
  const catalog = createCatalogService(database.db, { onInvalidate: () => database.notify?.(CATALOG_CHANNEL) });
  return {
    // The settings pages may see (never a secret): the public origin, Google's client id, the social links.
    config: { publicUrl: config.publicUrl, googleClientId: config.google.clientId ?? null, social: config.social },
    mailer,
    /** Rate-limit counters shared by every process (PostgreSQL): every limit of the shop counts here. */
    rateLimits,
    catalog,
    ...createCommerceServices(config, database.db, catalog, mailer, options.log, (key, fn) => database.exclusive(key, fn)),
    content: createContentService(database.db, mailer, config.mail.shopEmail, { onInvalidate: () => database.notify?.(CATALOG_CHANNEL) }),
    /** Checks a Google token with Google (or the configured stand-in) for the pages' sign-in and proofs. */
    verifyGoogle: (token: { id_token?: string; access_token?: string }) => verifyGoogleToken(config.google, token),
    /** Stores an uploaded profile picture (checked by its bytes: JPEG, PNG or WebP) and answers its URL. */
    storeProfilePicture: (bytes: Buffer) => storeImage(config.mediaDir, bytes, { folder: 'profiles', maxWidth: 800 }),
    /** Log-in limits of the API and the log-in page alike, counted in the shared store. */
    loginGuard: createLoginGuard(rateLimits),
    /** The sign-up and password-reset pages' limits, counted with their API twins. */
    accountPageLimits: createAccountPageLimits(rateLimits),
    /** The browser sessions of the shop's own pages (HttpOnly cookie, server-side row). */
    browserSessions: createBrowserSessions(database.db, { secret: config.jwtSecret, secure: config.publicUrl.startsWith('https://') }),
    accounts: createAccountsService(database.db, createTokenSigner(config.jwtSecret, config.publicUrl), mailer, config.publicUrl, rateLimits),
  };
}

export type Services = ReturnType<typeof createServices>;
