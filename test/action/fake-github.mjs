// A stand-in for the GitHub REST API in its own process, for the bundled Action run with spawnSync
// (which blocks the test's own event loop, so nock cannot answer it). Every pull request is empty:
// GET answers [], a write answers 201 with id 1. Each request is appended to requests.jsonl in the
// directory given as the first argument, as one JSON line ({ method, url, body }). Prints its port on stdout.
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import process from 'node:process';

const log = join(process.argv[2], 'requests.jsonl');
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => {
    appendFileSync(
      log,
      `${JSON.stringify({ method: req.method, url: req.url, body: body ? JSON.parse(body) : null, auth: req.headers.authorization ?? null })}\n`,
    );
    res.writeHead(req.method === 'GET' ? 200 : 201, { 'content-type': 'application/json' });
    res.end(req.method === 'GET' ? '[]' : '{"id":1}');
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
