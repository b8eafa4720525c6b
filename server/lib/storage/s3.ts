import type { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { isMediaKey, type ObjectStorage } from './storage';

export interface S3Settings {
  bucket: string;
  /** Unset for AWS itself; the address of any other S3-compatible store (MinIO, R2, Spaces, B2…). */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
  /** Keys are stored under this prefix (e.g. `media/`), so one bucket can hold other things too. */
  prefix: string;
}

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.$metadata?.httpStatusCode === 404 || e.name === 'NoSuchKey' || e.name === 'NotFound';
};

type Sdk = typeof S3Sdk;
/** The SDK is loaded on first use, so a shop on the local disk (`npm start`) never loads it. */
let sdk: Promise<Sdk> | undefined;

/** Images in an S3-compatible bucket, shared by every process of the shop on every machine. */
export function s3Storage(settings: S3Settings): ObjectStorage {
  let connected: Promise<{ client: S3Client; sdk: Sdk }> | undefined;
  const connect = () =>
    (connected ??= (sdk ??= import('@aws-sdk/client-s3')).then((loaded) => ({
      sdk: loaded,
      client: new loaded.S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: settings.forcePathStyle,
        credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
        maxAttempts: 3,
      }),
    })));
  const Bucket = settings.bucket;
  const prefix = settings.prefix;
  const full = (key: string) => {
    if (!isMediaKey(key)) throw new Error(`Not a media key: ${key}`);
    return `${prefix}${key}`;
  };
  return {
    kind: 's3',
    async put(key, body, contentType) {
      const { client, sdk: s3 } = await connect();
      await client.send(
        new s3.PutObjectCommand({
          Bucket,
          Key: full(key),
          Body: body,
          ContentType: contentType,
          // Names carry a random part and never change content: caches may keep them for a year.
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      if (!isMediaKey(key)) return null;
      const { client, sdk: s3 } = await connect();
      try {
        const out = await client.send(new s3.GetObjectCommand({ Bucket, Key: full(key) }));
        if (!out.Body) return null;
        return {
          body: out.Body as Readable,
          contentType: out.ContentType ?? 'application/octet-stream',
          length: out.ContentLength,
          etag: out.ETag,
        };
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async exists(key) {
      if (!isMediaKey(key)) return false;
      const { client, sdk: s3 } = await connect();
      try {
        await client.send(new s3.HeadObjectCommand({ Bucket, Key: full(key) }));
        return true;
      } catch (err) {
        if (notFound(err)) return false;
        throw err;
      }
    },
    async delete(keys) {
      const valid = keys.filter(isMediaKey);
      if (!valid.length) return;
      const { client, sdk: s3 } = await connect();
      // DeleteObjects takes up to 1000 keys per call.
      for (let i = 0; i < valid.length; i += 1000) {
        const batch = valid.slice(i, i + 1000);
        const out = await client.send(
          new s3.DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((key) => ({ Key: full(key) })), Quiet: true } }),
        );
        const failed = (out.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
        if (failed.length) throw new Error(`The image store refused to delete ${failed.map((e) => `${e.Key} (${e.Code})`).join(', ')}`);
      }
    },
    async list(keyPrefix) {
      const { client, sdk: s3 } = await connect();
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const out = await client.send(new s3.ListObjectsV2Command({ Bucket, Prefix: `${prefix}${keyPrefix}`, ContinuationToken: token }));
        for (const item of out.Contents ?? []) if (item.Key) keys.push(item.Key.slice(prefix.length));
        token = out.IsTruncated ? out.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },
  };
}
