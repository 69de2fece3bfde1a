// A loopback stand-in for the runner's results service (the Twirp ArtifactService @actions/artifact
// calls) and for the blob storage it signs upload URLs for, in its own process (the bundled Action
// runs under spawnSync, which blocks the test's event loop). Arguments: a directory to record into,
// and `ok`, or `refuse` (CreateArtifact answers a non-retryable 403). Each request is appended to
// requests.jsonl; each committed blob (its staged blocks in the block list's order) is written to
// blob-<n>.zip. Bounded: 127.0.0.1 only, 16 MiB a request, and it exits after 5 minutes whatever happens.
import { appendFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import process from 'node:process';

const [dir, mode = 'ok'] = process.argv.slice(2);
const MAX_BODY = 16 * 1024 * 1024;
const TWIRP = '/twirp/github.actions.results.api.v1.ArtifactService/';
const blocks = new Map();
let blobs = 0;

function reply(res, status, body, headers = {}) {
  res.writeHead(status, {
    'content-type': 'application/json',
    'x-ms-request-id': 'fake',
    'x-ms-version': '2025-01-05',
    ...headers,
  });
  res.end(body === undefined ? '' : JSON.stringify(body));
}

function answer(req, res, body, port) {
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
  const rpc = url.pathname.startsWith(TWIRP) ? url.pathname.slice(TWIRP.length) : null;
  const json = rpc !== null && body.length > 0 ? JSON.parse(body.toString('utf8')) : null;
  appendFileSync(
    join(dir, 'requests.jsonl'),
    `${JSON.stringify({
      method: req.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      rpc,
      body: json,
      bytes: body.length,
      auth: req.headers.authorization ?? null,
    })}\n`,
  );
  if (req.method === 'POST' && rpc === 'CreateArtifact') {
    if (mode === 'refuse')
      return reply(res, 403, { code: 'permission_denied', msg: 'the stand-in refuses this artifact' });
    return reply(res, 200, {
      ok: true,
      signed_upload_url: `http://127.0.0.1:${port}/fakeaccount/actions-results/${json.name}.zip?sig=stand-in-signature`,
    });
  }
  if (req.method === 'POST' && rpc === 'FinalizeArtifact')
    return reply(res, 200, { ok: true, artifact_id: '4242' });
  if (req.method === 'PUT' && url.searchParams.get('comp') === 'block') {
    blocks.set(url.searchParams.get('blockid'), body);
    return reply(res, 201, undefined);
  }
  if (req.method === 'PUT' && url.searchParams.get('comp') === 'blocklist') {
    const ids = [...body.toString('utf8').matchAll(/<(?:Latest|Uncommitted|Committed)>([^<]*)<\//g)].map(
      (m) => m[1],
    );
    blobs += 1;
    writeFileSync(
      join(dir, `blob-${blobs}.zip`),
      Buffer.concat(ids.map((id) => blocks.get(id) ?? Buffer.alloc(0))),
    );
    return reply(res, 201, undefined, { etag: '"0x1"', 'last-modified': new Date().toUTCString() });
  }
  return reply(res, 404, {
    code: 'not_found',
    msg: `the stand-in does not answer ${req.method} ${url.pathname}`,
  });
}

const server = createServer((req, res) => {
  const chunks = [];
  let size = 0;
  req.on('data', (chunk) => {
    size += chunk.length;
    if (size > MAX_BODY) {
      reply(res, 413, { code: 'too_large', msg: "over the stand-in's limit" });
      req.destroy();
    } else chunks.push(chunk);
  });
  req.on('end', () => answer(req, res, Buffer.concat(chunks), server.address().port));
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
setTimeout(() => process.exit(0), 5 * 60_000).unref();
