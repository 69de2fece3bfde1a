// HELD OUT (set `fresh`): do not read these cases or their logs when changing the analyzer.
import type { CorpusCase } from '../../generator/corpus-case.js';

const S = 'http://127.0.0.1:8791';
const PY = '/usr/bin/python3';
const NOBODY = 'setpriv --reuid=65534 --regid=65534 --clear-groups';

export const CASES: CorpusCase[] = [
  {
    id: 'env/fresh-wait-for-db-refused',
    tool: 'python3 3.11.2',
    cmd: `${PY} scripts/wait_for_db.py`,
    steps: [`${PY} --version`, '@pip'],
    files: {
      'scripts/wait_for_db.py': `
            import socket
            import sys
            import time

            HOST, PORT = "127.0.0.1", 5433


            def main(attempts=3):
                for i in range(1, attempts + 1):
                    try:
                        socket.create_connection((HOST, PORT), timeout=1).close()
                        print("database is up")
                        return
                    except OSError as err:
                        print(f"attempt {i}/{attempts}: {err}", flush=True)
                        time.sleep(0.2)
                socket.create_connection((HOST, PORT), timeout=1)


            if __name__ == "__main__":
                sys.exit(main())
            `,
    },
    pattern: 'network-error',
    category: 'network',
    ev: [/attempt 1\/3/, /ConnectionRefusedError/],
    wrapper: 'github-actions',
    note: 'the service container is not up: connection refused to the database port',
  },
  {
    id: 'env/fresh-git-ls-remote-dns',
    tool: 'git 2.39',
    cmd: 'git ls-remote https://git.corp-mirror.invalid/acme/vendor-sdk.git',
    pattern: 'network-error',
    category: 'network',
    ev: [/Could not resolve host/, /Could not resolve host/],
    wrapper: 'jenkins',
  },
  {
    id: 'env/fresh-smoke-timeout',
    tool: 'coreutils timeout',
    cmd: 'timeout -v 4 ./scripts/smoke.sh',
    files: {
      'scripts/smoke.sh': `#!/usr/bin/env bash\nuntil curl -fsS -o /dev/null ${S}/404/health; do\n  echo "waiting for app on :8080..."\n  sleep 1\ndone\n`,
    },
    pattern: 'timeout',
    category: 'timeout',
    ev: [/timeout: sending signal/, /timeout: sending signal/],
    wrapper: 'travis',
    note: 'the health check never passes and the step timeout kills it; the curl 404 lines before it are the symptom, the timeout is what failed the step',
  },
  {
    id: 'env/fresh-wget-401',
    tool: 'wget 1.21',
    cmd: `wget -nv --header="Authorization: token $ARTIFACT_TOKEN" ${S}/401/artifacts/schema.sql`,
    env: { ARTIFACT_TOKEN: 'expired' },
    pattern: 'auth-error',
    category: 'auth',
    ev: [/Authentication Failed|401/, /Authentication Failed|401/],
    wrapper: 'jenkins',
  },
  {
    id: 'env/fresh-urllib-403-upload',
    tool: 'python3 3.11.2',
    cmd: `${PY} scripts/upload.py dist/app.tar.gz`,
    files: {
      'dist/app.tar.gz': 'x',
      'scripts/upload.py': `
            import sys
            import urllib.request


            def upload(path):
                with open(path, "rb") as f:
                    req = urllib.request.Request("${S}/403/uploads/app.tar.gz", data=f.read(), method="PUT")
                print(f"uploading {path}")
                return urllib.request.urlopen(req).status


            if __name__ == "__main__":
                print(upload(sys.argv[1]))
            `,
    },
    pattern: 'auth-error',
    category: 'auth',
    ev: [/^Traceback/, /HTTP Error 403/],
    wrapper: 'circleci',
    note: 'the upload token may not write: HTTP 403; the traceback frames are urllib internals',
  },
  {
    id: 'env/fresh-curl-429-retry',
    tool: 'curl 7.88',
    cmd: `curl -fsS --retry 2 --retry-delay 1 -o tools.tgz ${S}/429/releases/download/v1.4.0/tools.tgz`,
    pattern: 'rate-limited',
    category: 'network',
    ev: [/curl: \(22\)/, /curl: \(22\)/],
    wrapper: 'gitlab',
  },
  {
    id: 'env/fresh-file-too-large-python',
    tool: 'python3 3.11.2',
    cmd: `bash -c 'ulimit -f 64; ${PY} scripts/export.py'`,
    files: {
      'scripts/export.py':
        'import csv\n\nprint("exporting 100000 rows to export.csv")\nwith open("export.csv", "w", newline="") as f:\n    w = csv.writer(f)\n    for i in range(100000):\n        w.writerow([i, f"customer-{i}", i * 3])\nprint("done")\n',
    },
    pattern: 'disk-full',
    category: 'resource',
    ev: [/^Traceback/, /File too large/],
    wrapper: 'github-actions',
    note: 'a file-size limit (ulimit -f) stops the export: OSError [Errno 27] File too large. disk-full is the closest catalogue id',
  },
  {
    id: 'env/fresh-killed-137-train',
    tool: 'bash',
    cmd: './scripts/train.sh',
    files: {
      'scripts/train.sh': `#!/usr/bin/env bash\nset -e\necho "training on $(nproc) cores"\n${PY} scripts/train.py\necho "saving model"\n`,
      'scripts/train.py':
        'import os\nimport signal\n\nprint("loading 4.2M rows into memory", flush=True)\nprint("epoch 1/10", flush=True)\nos.kill(os.getpid(), signal.SIGKILL)\n',
    },
    pattern: 'out-of-memory',
    category: 'resource',
    ev: [/Killed/, /Killed/],
    wrapper: 'travis',
    note: "exit 137 (SIGKILL, as the OOM killer sends); the only trace is the shell's Killed line. Real runs: a self-sent SIGKILL stands in for the kernel OOM killer",
  },
  {
    id: 'env/fresh-permission-denied-pid',
    tool: 'python3 3.11.2',
    cmd: `${NOBODY} ${PY} scripts/start_worker.py`,
    files: {
      'scripts/start_worker.py':
        'import os\n\nPID = "/var/run/worker.pid"\nprint("starting worker")\nwith open(PID, "w") as f:\n    f.write(str(os.getpid()))\n',
    },
    pre: 'chmod -R a+rX .',
    pattern: 'permission-error',
    category: 'permission',
    ev: [/^Traceback/, /PermissionError/],
    wrapper: 'jenkins',
  },
  {
    id: 'env/fresh-green-retry-words',
    tool: 'bash',
    cmd: './scripts/check.sh',
    files: {
      'scripts/check.sh':
        '#!/usr/bin/env bash\nset -e\necho "connecting to cache... connection refused, retrying (1/5)"\necho "connected"\necho "0 errors, 0 failures, 2 warnings"\necho "timeout settings: 30s"\n',
    },
    pattern: null,
    category: 'unknown',
    wrapper: 'github-actions',
    note: 'green: the output says refused, errors, failures, timeout',
  },
];
