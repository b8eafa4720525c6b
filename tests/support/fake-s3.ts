import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** Credentials the fake accepts (it does not check signatures: it stands in for the bucket, not for IAM). */
export const FAKE_S3_ACCESS_KEY = 'FAKEACCESSKEY0000001';
export const FAKE_S3_SECRET_KEY = 'fake-s3-secret-key-for-tests-only';

export interface FakeObject {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

export interface FakeS3 {
  /** The endpoint to give S3_ENDPOINT (path-style: S3_FORCE_PATH_STYLE=true). */
  endpoint: string;
  /** Objects by bucket, then key. */
  buckets: Map<string, Map<string, FakeObject>>;
  /** The keys of one bucket, sorted. */
  keys(bucket: string): string[];
  /** Every request seen, as `METHOD /path?query`. */
  requests: string[];
  close(): Promise<void>;
}

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Undoes `aws-chunked` content encoding (`<hex size>[;chunk-signature=…]\r\n<bytes>\r\n … 0\r\n<trailers>`). */
function decodeAwsChunked(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = Number.parseInt(raw.subarray(at, lineEnd).toString('latin1').split(';')[0]!, 16);
    if (!size) break;
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

function error(res: ServerResponse, status: number, code: string, message: string, head = false): void {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(head ? undefined : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message></Error>`);
}

function xml(res: ServerResponse, body: string): void {
  res.writeHead(200, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
}

/**
 * A small S3-compatible server on 127.0.0.1 for tests: path-style requests, buckets created on first write,
 * PutObject, GetObject, HeadObject, DeleteObject, DeleteObjects and ListObjectsV2, as the AWS SDK sends them.
 */
export async function startFakeS3(): Promise<FakeS3> {
  const buckets = new Map<string, Map<string, FakeObject>>();
  const requests: string[] = [];
  const bucketOf = (name: string) => {
    let b = buckets.get(name);
    if (!b) buckets.set(name, (b = new Map<string, FakeObject>()));
    return b;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const [, bucketName = '', ...rest] = url.pathname.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    if (!bucketName) return error(res, 400, 'InvalidRequest', 'This fake takes path-style requests only.');
    const bucket = bucketOf(decodeURIComponent(bucketName));
    const raw = await readBody(req);

    if (!key) {
      if (req.method === 'POST' && url.searchParams.has('delete')) {
        const text = raw.toString('utf8');
        const keys = [...text.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) =>
          m[1]!.replace(/&(lt|gt|amp|apos|quot);/g, (_, e: string) => ({ lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' })[e]!),
        );
        for (const k of keys) bucket.delete(k);
        const quiet = /<Quiet>true<\/Quiet>/.test(text);
        return xml(res, `<DeleteResult>${quiet ? '' : keys.map((k) => `<Deleted><Key>${xmlEscape(k)}</Key></Deleted>`).join('')}</DeleteResult>`);
      }
      if (req.method === 'GET' && url.searchParams.get('list-type') === '2') {
        const prefix = url.searchParams.get('prefix') ?? '';
        const max = Number(url.searchParams.get('max-keys') ?? 1000);
        const after = url.searchParams.get('continuation-token') ?? url.searchParams.get('start-after') ?? '';
        const all = [...bucket.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
        const page = all.slice(0, max);
        const truncated = all.length > page.length;
        const contents = page
          .map((k) => {
            const o = bucket.get(k)!;
            return `<Contents><Key>${xmlEscape(k)}</Key><LastModified>${o.lastModified.toISOString()}</LastModified><ETag>${xmlEscape(o.etag)}</ETag><Size>${o.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
          })
          .join('');
        return xml(
          res,
          `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${xmlEscape(bucketName)}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${xmlEscape(page.at(-1)!)}</NextContinuationToken>` : ''}${contents}</ListBucketResult>`,
        );
      }
      return error(res, 501, 'NotImplemented', 'This fake implements object calls, DeleteObjects and ListObjectsV2 only.');
    }

    switch (req.method) {
      case 'PUT': {
        const chunked =
          /aws-chunked/.test(String(req.headers['content-encoding'] ?? '')) || req.headers['x-amz-decoded-content-length'] !== undefined;
        const body = chunked ? decodeAwsChunked(raw) : raw;
        const etag = `"${createHash('md5').update(body).digest('hex')}"`;
        bucket.set(key, { body, contentType: String(req.headers['content-type'] ?? 'application/octet-stream'), etag, lastModified: new Date() });
        res.writeHead(200, { etag });
        return res.end();
      }
      case 'GET':
      case 'HEAD': {
        const o = bucket.get(key);
        if (!o) return error(res, 404, 'NoSuchKey', 'The specified key does not exist.', req.method === 'HEAD');
        res.writeHead(200, {
          'content-type': o.contentType,
          'content-length': o.body.length,
          etag: o.etag,
          'last-modified': o.lastModified.toUTCString(),
        });
        return res.end(req.method === 'GET' ? o.body : undefined);
      }
      case 'DELETE':
        bucket.delete(key);
        res.writeHead(204);
        return res.end();
      default:
        return error(res, 405, 'MethodNotAllowed', 'The method is not allowed.');
    }
  };

  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => error(res, 500, 'InternalError', String(err)));
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    buckets,
    keys: (name) => [...(buckets.get(name)?.keys() ?? [])].sort(),
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
