import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
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

const notFound = (err: unknown) =>
  err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound');

/** Images in an S3-compatible bucket, shared by every process of the shop on every machine. */
export function s3Storage(settings: S3Settings): ObjectStorage & { client: S3Client } {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    maxAttempts: 3,
  });
  const Bucket = settings.bucket;
  const prefix = settings.prefix;
  const full = (key: string) => {
    if (!isMediaKey(key)) throw new Error(`Not a media key: ${key}`);
    return `${prefix}${key}`;
  };
  return {
    kind: 's3',
    client,
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
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
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: full(key) }));
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
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: full(key) }));
        return true;
      } catch (err) {
        if (notFound(err)) return false;
        throw err;
      }
    },
    async delete(keys) {
      const valid = keys.filter(isMediaKey);
      // DeleteObjects takes up to 1000 keys per call.
      for (let i = 0; i < valid.length; i += 1000) {
        const batch = valid.slice(i, i + 1000);
        const out = await client.send(
          new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((key) => ({ Key: full(key) })), Quiet: true } }),
        );
        const failed = (out.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
        if (failed.length) throw new Error(`The image store refused to delete ${failed.map((e) => `${e.Key} (${e.Code})`).join(', ')}`);
      }
    },
    async list(keyPrefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const out = await client.send(new ListObjectsV2Command({ Bucket, Prefix: `${prefix}${keyPrefix}`, ContinuationToken: token }));
        for (const item of out.Contents ?? []) if (item.Key) keys.push(item.Key.slice(prefix.length));
        token = out.IsTruncated ? out.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },
  };
}
