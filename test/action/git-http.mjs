// A git server over smart HTTP in its own process (git's own `git http-backend` behind node:http), for
// the bundled Action's push run with spawnSync. Serves the bare repositories under the directory given as
// the second argument (`/owner/repo.git` is `<root>/owner/repo.git`) and asks, like GitHub, for Basic auth
// as `x-access-token:<token>` with the token given as the third argument: anything else gets 401.
// Each request is appended to requests.jsonl in the first argument's directory ({ method, url, authorized }).
// Prints its port on stdout.
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import process from 'node:process';

const [log, root, token] = [join(process.argv[2], 'requests.jsonl'), process.argv[3], process.argv[4]];
const expected = `Basic ${Buffer.from(`x-access-token:${token}`, 'utf8').toString('base64')}`;

const server = createServer((req, res) => {
  const authorized = (req.headers.authorization ?? '').toLowerCase() === expected.toLowerCase();
  appendFileSync(log, `${JSON.stringify({ method: req.method, url: req.url, authorized })}\n`);
  if (!authorized) {
    req.resume();
    res.writeHead(401, { 'www-authenticate': 'Basic realm="git"' });
    res.end();
    return;
  }
  const url = new URL(req.url ?? '/', 'http://localhost');
  const cgi = spawn('git', ['http-backend'], {
    env: {
      PATH: process.env.PATH,
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: '1',
      REMOTE_USER: 'x-access-token', // lets http-backend take a push
      REQUEST_METHOD: req.method,
      PATH_INFO: decodeURIComponent(url.pathname),
      QUERY_STRING: url.search.slice(1),
      CONTENT_TYPE: req.headers['content-type'] ?? '',
      ...(req.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: req.headers['content-encoding'] } : {}),
      ...(req.headers['git-protocol'] ? { GIT_PROTOCOL: req.headers['git-protocol'] } : {}),
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  req.pipe(cgi.stdin);
  // CGI output: headers, a blank line, the body.
  let head = Buffer.alloc(0);
  let started = false;
  cgi.stdout.on('data', (chunk) => {
    if (started) return void res.write(chunk);
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf('\r\n\r\n');
    if (end === -1) return;
    let status = 200;
    for (const line of head.subarray(0, end).toString('latin1').split('\r\n')) {
      const at = line.indexOf(':');
      const [name, value] = [line.slice(0, at).trim(), line.slice(at + 1).trim()];
      if (name.toLowerCase() === 'status') status = Number(value.split(' ')[0]);
      else res.setHeader(name, value);
    }
    res.writeHead(status);
    started = true;
    res.write(head.subarray(end + 4));
  });
  cgi.on('close', () => res.end());
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
