import { createServer, type Server, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import type { FakeGitHub } from './fake-github.js';

export interface Received {
  method: string;
  path: string;
  auth: string | undefined;
}

/** What a test makes the fake GitHub do to one request: wait, fail before or after storing, or both. */
export interface Fault {
  delayMs?: number;
  status?: number;
  message?: string;
  headers?: Record<string, string>;
  afterStore?: boolean;
}

export interface ServedGitHub {
  server: Server;
  port: number;
  received: Received[];
  /** Bytes of job logs the blob host sent (it streams them with backpressure). */
  logBytesSent: number;
  /** Consulted for every request; the first fault a test returns for a request applies to it. */
  fault: (method: string, path: string) => Fault | undefined;
}

/**
 * The fake GitHub on a loopback port, as a GitHub Enterprise host (`/api/v3`), recording who asked
 * what, with the artifacts' blob host on the same port. A test can delay, fail and so reorder requests
 * (`fault`): a failure `afterStore` is GitHub storing the write and answering 5xx anyway.
 */
export async function serveGitHub(source: FakeGitHub | (() => FakeGitHub)): Promise<ServedGitHub> {
  // A function: the test's current GitHub, so one server (and one App) can serve several tests.
  const current = (): FakeGitHub => (typeof source === 'function' ? source() : source);
  const served = {
    received: [] as Received[],
    logBytesSent: 0,
    fault: (() => undefined) as ServedGitHub['fault'],
  } as ServedGitHub;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on(
      'end',
      () =>
        void (async () => {
          const github = current();
          const path = (req.url ?? '/').replace(/^\/api(\/v3)?(?=\/)/, ''); // GHE: REST under /api/v3, GraphQL at /api/graphql
          const method = req.method ?? 'GET';
          served.received.push({ method, path, auth: req.headers.authorization });
          if (path.startsWith('/blob/logs/'))
            return streamLog(github, path, res, (n) => {
              served.logBytesSent += n;
            });
          const blob = /^\/blob\/artifacts\/run-(\d+)\.zip/.exec(path);
          if (blob) {
            const bytes = github.artifacts.get(Number(blob[1]));
            res.writeHead(bytes ? 200 : 404, { 'content-type': 'application/zip' });
            return void res.end(bytes ? Buffer.from(bytes) : 'gone');
          }
          const fault = served.fault(method, path.split('?')[0] ?? path);
          if (fault?.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
          let [status, data, headers] =
            fault?.status !== undefined && !fault.afterStore
              ? [fault.status, { message: fault.message ?? 'fault' }, fault.headers]
              : github.answer(method, path, body);
          if (fault?.status !== undefined && fault.afterStore)
            [status, data, headers] = [
              fault.status,
              { message: fault.message ?? 'Bad Gateway' },
              fault.headers,
            ];
          if (headers?.location)
            headers = {
              ...headers,
              location: headers.location.replace(
                /^https:\/\/results-receiver\.actions\.githubusercontent\.com/,
                `http://127.0.0.1:${served.port}/blob`,
              ),
            };
          res.writeHead(status, { 'content-type': 'application/json', ...headers });
          res.end(typeof data === 'string' ? data : JSON.stringify(data));
        })(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  served.server = server;
  served.port = (server.address() as AddressInfo).port;
  return served;
}

/** The blob host GitHub redirects a job-log download to: the log streamed as the reader takes it. */
function streamLog(
  github: FakeGitHub,
  path: string,
  res: ServerResponse,
  sent: (bytes: number) => void,
): void {
  const [status, data] = github.jobLog(path.slice('/blob'.length));
  res.writeHead(status, { 'content-type': 'text/plain' });
  if (status !== 200) return void res.end();
  const stream = Readable.from(data as Iterable<string>);
  stream.on('data', (chunk: string | Buffer) => sent(chunk.length));
  res.on('close', () => stream.destroy());
  stream.pipe(res);
}
