#!/usr/bin/env node
// A small round-robin HTTP proxy for trying several shop processes on one machine without nginx:
// `node scripts/round-robin-proxy.mjs 8080 http://127.0.0.1:3001 http://127.0.0.1:3002`. The multi-process tests
// run behind Debian's nginx with the README's recipe instead (decision 0043).
// Each request goes to the next process; a process that refuses the connection is skipped. Production uses
// nginx or a cloud load balancer instead (see README, "Running on several machines").
import http from 'node:http';

const [portArg, ...targets] = process.argv.slice(2);
if (!portArg || targets.length === 0) {
  console.error('Usage: node scripts/round-robin-proxy.mjs <port> <http://host:port> [<http://host:port> …]');
  process.exit(2);
}
const upstreams = targets.map((t) => new URL(t));
let next = 0;

const agent = new http.Agent({ keepAlive: true });

function forward(req, res, attempt) {
  const target = upstreams[next++ % upstreams.length];
  const headers = { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '', 'x-forwarded-proto': 'http' };
  const upstream = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  const bodyless = req.method === 'GET' || req.method === 'HEAD';
  upstream.on('error', (err) => {
    // A process that is down or stopping: a request without a body tries the next one.
    if (bodyless && attempt + 1 < upstreams.length && !res.headersSent) return forward(req, res, attempt + 1);
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(`No shop process answered (${err.code ?? err.message}).`);
  });
  if (bodyless) upstream.end();
  else req.pipe(upstream);
}

const server = http.createServer((req, res) => forward(req, res, 0));
server.listen(Number(portArg), '127.0.0.1', () => {
  console.log(`Round-robin proxy on http://127.0.0.1:${server.address().port} → ${targets.join(', ')}`);
});
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
