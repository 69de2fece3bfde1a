// A stand-in for the GitHub REST API in its own process, for the bundled Action run with spawnSync
// (which blocks the test's own event loop, so nock cannot answer it). Every pull request is empty:
// GET answers [], a write answers 201 with id 1; but for two things a test may set up:
// - canned GET answers: a JSON file (the second argument) mapping a request's path and query to its body;
// - reviews, as GitHub keeps them: a posted review answers with its id and html_url (github-actions[bot]
//   as its author), and GET …/pulls/{n}/reviews lists those posted so far, so a re-run finds them.
// Each request is appended to requests.jsonl in the directory given as the first argument, as one JSON
// line ({ method, url, body, auth }). Prints its port on stdout.
import { appendFileSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import process from 'node:process';

const log = join(process.argv[2], 'requests.jsonl');
const canned = process.argv[3] ? JSON.parse(readFileSync(process.argv[3], 'utf8')) : {};
const reviews = [];

function answer(method, url, body) {
  const path = url.split('?')[0];
  const isReviews = /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)\/reviews$/.exec(path);
  if (method === 'GET' && isReviews) return [200, reviews.filter((r) => r.pull === isReviews[1])];
  if (method === 'GET') return [200, canned[url] ?? []];
  if (method === 'POST' && isReviews) {
    const id = 7000 + reviews.length;
    const [, owner, repo] = path.split('/').slice(1);
    const review = {
      pull: isReviews[1],
      id,
      body: body?.body ?? '',
      user: { login: 'github-actions[bot]' },
      html_url: `https://github.com/${owner}/${repo}/pull/${isReviews[1]}#pullrequestreview-${id}`,
    };
    reviews.push(review);
    return [200, review];
  }
  return [201, { id: 1 }];
}

const server = createServer((req, res) => {
  let text = '';
  req.on('data', (chunk) => {
    text += chunk;
  });
  req.on('end', () => {
    const body = text ? JSON.parse(text) : null;
    appendFileSync(
      log,
      `${JSON.stringify({ method: req.method, url: req.url, body, auth: req.headers.authorization ?? null })}\n`,
    );
    const [status, data] = answer(req.method, req.url, body);
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(data));
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
