import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from '@20minutes/s3rver';

/** The one key pair s3rver knows. */
export const S3_ACCESS_KEY = 'S3RVER';
export const S3_SECRET_KEY = 'S3RVER';

export interface S3Server {
  /** The endpoint to give S3_ENDPOINT (path-style: S3_FORCE_PATH_STYLE=true). */
  endpoint: string;
  /** The keys of one bucket (under `prefix`), sorted, as the server lists them. */
  keys(bucket: string, prefix?: string): Promise<string[]>;
  /** One object's bytes, or null when the bucket has no such key. */
  object(bucket: string, key: string): Promise<Buffer | null>;
  /** Every request the server received, as `METHOD /path?query`. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * s3rver (the maintained fork `@20minutes/s3rver`) on a free loopback port, keeping its objects in a temporary
 * directory, with `buckets` created. It is asked through the AWS SDK, as the shop asks it. See decision 0043.
 */
export async function startS3Server(buckets: string[]): Promise<S3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'shop-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    // Its SigV4 check drops the trailing slash the SDK signs on bucket-level paths (`GET /bucket/?list-type=2`,
    // `POST /bucket/?delete`) and refuses them; the key must still be S3RVER's.
    allowMismatchedSignatures: true,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  const requests: string[] = [];
  server.httpServer!.on('request', (req: { method?: string; url?: string }) => requests.push(`${req.method} ${req.url}`));
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'ap-south-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: S3_ACCESS_KEY, secretAccessKey: S3_SECRET_KEY },
  });
  return {
    endpoint,
    requests,
    async keys(bucket, prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const out = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        for (const item of out.Contents ?? []) keys.push(item.Key!);
        token = out.IsTruncated ? out.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async object(bucket, key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await out.Body!.transformToByteArray());
      } catch (err) {
        if ((err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async close() {
      client.destroy();
      const closed = server.close();
      // The shop's SDK clients keep their connections open: close them rather than wait for them to idle out.
      server.httpServer!.closeAllConnections();
      await closed;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
