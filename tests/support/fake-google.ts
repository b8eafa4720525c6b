import { createServer, type Server } from 'node:http';

export interface FakeGoogleToken {
  aud: string;
  sub: string;
  email: string;
  email_verified: boolean;
  exp: number;
  name?: string;
}

/** Google's tokeninfo endpoint, as a real HTTP server on 127.0.0.1 that knows the tokens a test gives it. */
export async function startFakeGoogle(): Promise<{ url: string; tokens: Map<string, FakeGoogleToken>; close: () => Promise<void> }> {
  const tokens = new Map<string, FakeGoogleToken>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const token = url.searchParams.get('id_token') ?? url.searchParams.get('access_token') ?? '';
    const info = url.pathname === '/tokeninfo' ? tokens.get(token) : undefined;
    res.setHeader('content-type', 'application/json');
    if (!info) {
      res.statusCode = 400;
      res.end(JSON.stringify({ error: 'invalid_token', error_description: 'Invalid Value' }));
      return;
    }
    res.end(JSON.stringify({ ...info, email_verified: String(info.email_verified), exp: String(info.exp) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, tokens, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
