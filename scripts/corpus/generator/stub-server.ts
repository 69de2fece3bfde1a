// The loopback HTTP stub the auth, rate-limit and timeout cases talk to: the status comes from the
// path's first segment (/401/…, /403/…, /429/…, /500/…; /hang/… never answers).
import { createServer, type Server } from 'node:http';

const BODIES: Record<number, string> = {
  401: '{"error":"Unauthorized"}',
  403: '{"error":"Forbidden"}',
  429: '{"message":"API rate limit exceeded"}',
};

export function startStub(port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const first = (req.url ?? '/').replace(/^\/+|\/+$/g, '').split('/')[0]!;
    if (first === 'hang') return; // the client times out
    const code = /^\d+$/.test(first) ? Number(first) : 404;
    const body = BODIES[code] ?? '{"error":"nope"}';
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (code === 401) headers['WWW-Authenticate'] = 'Basic realm="registry"';
    if (code === 429) headers['Retry-After'] = '60';
    res.writeHead(code, { ...headers, 'Content-Length': String(Buffer.byteLength(body)) });
    res.end(body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
