// The `more` dev batch: env cases (read and tune on them freely).
import type { CorpusCase } from '../../generator/corpus-case.js';

export const CASES: CorpusCase[] = [
  {
    id: 'env/more-curl-dns',
    tool: 'curl 7.88',
    cmd: 'curl -fsS https://artifacts.example.invalid/app.tgz -o app.tgz',
    pattern: 'network-error',
    category: 'network',
    ev: /curl: \(6\)/,
    wrapper: 'ci',
  },
  {
    id: 'env/more-wget-refused',
    tool: 'wget 1.21',
    cmd: 'wget -q -O /dev/null http://127.0.0.1:9/app.tgz || { echo "download failed" >&2; exit 4; }',
    pattern: 'network-error',
    category: 'network',
    ev: /download failed/,
    wrapper: 'ci',
    note: 'wget -q prints nothing; the script says the download failed: network',
  },
  {
    id: 'env/more-curl-401-token',
    tool: 'curl 7.88',
    cmd: 'curl -fsS -H "Authorization: Bearer expired" http://127.0.0.1:8790/401/api/releases',
    pattern: 'auth-error',
    category: 'auth',
    ev: /curl: \(22\)/,
    wrapper: 'ci',
  },
  {
    id: 'env/more-permission-denied-mkdir',
    tool: 'bash 5.2 (as a normal user)',
    cmd: 'setpriv --reuid=65534 --regid=65534 --clear-groups mkdir /var/cache/app',
    pattern: 'permission-error',
    category: 'permission',
    ev: /Permission denied/,
    wrapper: 'ci',
  },
  {
    id: 'env/more-killed-oom',
    tool: 'python3 under ulimit',
    cmd: '(ulimit -v 200000; /usr/bin/python3 -c "x = bytearray(500 * 1024 * 1024)")',
    pattern: 'out-of-memory',
    category: 'resource',
    ev: /MemoryError/,
    locs: [],
    wrapper: 'ci',
  },
];
