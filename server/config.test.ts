import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'shop-config-'));

describe('loadConfig', () => {
  it('runs offline with no settings at all', () => {
    const c = loadConfig({ DATA_DIR: dataDir() });
    expect(c.port).toBe(3000);
    expect(c.host).toBe('0.0.0.0');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.seed).toBe(true);
    expect(c.razorpay.keyId).toBeUndefined();
    expect(c.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('reads the Razorpay timeout, 8 seconds unless set, and refuses a nonsense one', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).razorpay.timeoutMs).toBe(8000);
    expect(loadConfig({ DATA_DIR: dataDir(), RAZORPAY_TIMEOUT_MS: '2500' }).razorpay.timeoutMs).toBe(2500);
    for (const bad of ['soon', '0', '1.5', '600000'])
      expect(() => loadConfig({ DATA_DIR: dataDir(), RAZORPAY_TIMEOUT_MS: bad }), bad).toThrow(/RAZORPAY_TIMEOUT_MS: must be/);
  });

  it('draws the demo pictures ahead unless asked to draw each when first asked for, and refuses another word', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).demoPictures).toBe('ahead');
    expect(loadConfig({ DATA_DIR: dataDir(), DEMO_PICTURES: '' }).demoPictures).toBe('ahead');
    expect(loadConfig({ DATA_DIR: dataDir(), DEMO_PICTURES: 'when-asked' }).demoPictures).toBe('when-asked');
    expect(() => loadConfig({ DATA_DIR: dataDir(), DEMO_PICTURES: 'later' })).toThrow(/DEMO_PICTURES: must be ahead or when-asked/);
  });

  it('takes the social links from the environment: https addresses only, unset ones left out', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).social).toEqual([]);
    const c = loadConfig({
      DATA_DIR: dataDir(),
      SOCIAL_PINTEREST_URL: 'https://in.pinterest.com/teakwoodstudio/',
      SOCIAL_INSTAGRAM_URL: ' https://www.instagram.com/teakwoodstudio ',
      SOCIAL_FACEBOOK_URL: '',
    });
    expect(c.social).toEqual([
      { name: 'Instagram', href: 'https://www.instagram.com/teakwoodstudio' },
      { name: 'Pinterest', href: 'https://in.pinterest.com/teakwoodstudio/' },
    ]);
    for (const bad of ['http://www.youtube.com/@teakwood', 'javascript:alert(1)', 'youtube.com/@teakwood'])
      expect(() => loadConfig({ DATA_DIR: dataDir(), SOCIAL_YOUTUBE_URL: bad }), bad).toThrow(
        /SOCIAL_YOUTUBE_URL: must be the https address of the shop's YouTube page/,
      );
  });

  it('keeps the generated development signing key across restarts', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(loadConfig({ DATA_DIR: dir }).jwtSecret);
  });

  it('reports every bad field with its name', () => {
    try {
      loadConfig({ PORT: 'eighty', SEED: 'maybe', DATABASE_URL: 'not a url', DATA_DIR: dataDir() });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT: /);
      expect(problems).toMatch(/SEED: must be true or false/);
      expect(problems).toMatch(/DATABASE_URL: must be a full URL/);
    }
  });

  it('refuses unsafe production settings', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(
      /JWT_SECRET: is required in production[\s\S]*simulated payment provider/,
    );
  });

  it('requires the webhook secret with real payment keys in production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        DATA_DIR: dataDir(),
        JWT_SECRET: 'x'.repeat(40),
        RAZORPAY_KEY_ID: 'rzp_live_x',
        RAZORPAY_KEY_SECRET: 'secret',
        PUBLIC_URL: 'https://shop.example.in/',
      }),
    ).toThrow(/RAZORPAY_WEBHOOK_SECRET: is required in production/);
  });

  it('accepts a complete production configuration', () => {
    const c = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir(),
      JWT_SECRET: 'x'.repeat(40),
      RAZORPAY_KEY_ID: 'rzp_live_x',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
      PUBLIC_URL: 'https://shop.example.in/',
      SEED: 'false',
    });
    expect(c.isProduction).toBe(true);
    expect(c.publicUrl).toBe('https://shop.example.in');
    expect(c.seed).toBe(false);
  });

  it('writes readable log lines in development when asked (or on a terminal), and JSON in production whatever is asked', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(loadConfig({ DATA_DIR: dataDir(), LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ DATA_DIR: dataDir() }).logFormat).toBe(process.stdout.isTTY ? 'pretty' : 'json');
    const production = {
      NODE_ENV: 'production',
      DATA_DIR: dataDir(),
      JWT_SECRET: 'x'.repeat(40),
      RAZORPAY_KEY_ID: 'rzp_live_x',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
      PUBLIC_URL: 'https://shop.example.in/',
      SEED: 'false',
    };
    expect(loadConfig({ ...production, LOG_FORMAT: 'pretty' }).logFormat).toBe('json');
    expect(() => loadConfig({ DATA_DIR: dataDir(), LOG_FORMAT: 'colourful' })).toThrow(/LOG_FORMAT/);
  });

  it('keeps images on the local disk unless an S3 bucket is configured in full', () => {
    const local = loadConfig({ DATA_DIR: dataDir(), MEDIA_STORAGE: '', S3_REGION: '' });
    expect(local.media).toEqual({ s3: undefined, publicUrl: undefined });
    expect(() => loadConfig({ DATA_DIR: dataDir(), MEDIA_STORAGE: 's3' })).toThrow(
      /S3_BUCKET: is required with MEDIA_STORAGE=s3[\s\S]*S3_ACCESS_KEY_ID \/ S3_SECRET_ACCESS_KEY: are required/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), MEDIA_STORAGE: 'bucket' })).toThrow(/MEDIA_STORAGE: must be local or s3/);
    const s3 = loadConfig({
      DATA_DIR: dataDir(),
      MEDIA_STORAGE: 's3',
      S3_BUCKET: 'teak-images',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'media/',
      MEDIA_PUBLIC_URL: 'https://cdn.example.in/media/',
    });
    expect(s3.media).toEqual({
      s3: {
        bucket: 'teak-images',
        endpoint: 'http://127.0.0.1:9000',
        region: 'us-east-1',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
        forcePathStyle: true,
        prefix: 'media/',
      },
      publicUrl: 'https://cdn.example.in/media',
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
  });

  it('treats empty values as unset', () => {
    const c = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: '', SMTP_URL: '', GOOGLE_CLIENT_ID: '' });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.mail.smtpUrl).toBeUndefined();
    expect(c.google.clientId).toBeUndefined();
  });

  const live = {
    NODE_ENV: 'production',
    JWT_SECRET: 'x'.repeat(40),
    RAZORPAY_KEY_ID: 'rzp_live_x',
    RAZORPAY_KEY_SECRET: 'key-secret',
    RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
    PUBLIC_URL: 'https://shop.example.in',
  };
  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig({ DATA_DIR: dataDir(), ...env });
      return '';
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as ConfigError).problems.join('\n');
    }
  };

  it('production refuses Razorpay test keys unless they are explicitly allowed', () => {
    const problems = problemsOf({ ...live, RAZORPAY_KEY_ID: 'rzp_test_abc' });
    expect(problems).toMatch(
      /^RAZORPAY_KEY_ID: is a test key \(rzp_test_…\).*use the live key \(rzp_live_…\).*or set RAZORPAY_ALLOW_TEST_KEYS=true/m,
    );
    expect(problemsOf({ ...live, RAZORPAY_KEY_ID: 'rzp_test_abc', RAZORPAY_ALLOW_TEST_KEYS: 'true' })).toBe('');
    // Development takes test keys as they are.
    expect(loadConfig({ DATA_DIR: dataDir(), RAZORPAY_KEY_ID: 'rzp_test_abc', RAZORPAY_KEY_SECRET: 's' }).razorpay.keyId).toBe('rzp_test_abc');
  });

  it('production refuses a webhook secret equal to the key secret', () => {
    expect(problemsOf({ ...live, RAZORPAY_WEBHOOK_SECRET: 'key-secret' })).toMatch(
      /^RAZORPAY_WEBHOOK_SECRET: must differ from RAZORPAY_KEY_SECRET; set a separate secret for the webhook/m,
    );
  });

  it('production neither serves the API description nor seeds the demo shop unless asked', () => {
    const prod = loadConfig({ DATA_DIR: dataDir(), ...live });
    expect(prod).toMatchObject({ apiDocs: false, seed: false });
    expect(loadConfig({ DATA_DIR: dataDir(), ...live, API_DOCS: 'true', SEED: 'true' })).toMatchObject({ apiDocs: true, seed: true });
    // Development keeps both, and an empty value means the default.
    expect(loadConfig({ DATA_DIR: dataDir(), SEED: '', API_DOCS: '' })).toMatchObject({ apiDocs: true, seed: true });
    expect(problemsOf({ API_DOCS: 'perhaps' })).toMatch(/API_DOCS: must be true or false/);
  });
});
