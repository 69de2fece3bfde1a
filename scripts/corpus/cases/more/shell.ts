// The `more` dev batch: shell cases (read and tune on them freely).
import type { CorpusCase } from '../../generator/corpus-case.js';

export const CASES: CorpusCase[] = [
  {
    id: 'shell/more-shellcheck-gcc-quoting',
    tool: 'shellcheck 0.9',
    cmd: 'shellcheck -f gcc scripts/*.sh',
    files: { 'scripts/pack.sh': '#!/bin/bash\nfor f in $(ls *.tar); do\n  rm $f\ndone\ncd $DIR\n' },
    pattern: 'lint-error',
    category: 'lint',
    ev: /scripts\/pack\.sh:\d+:\d+: /,
    locre: /^(?<f>scripts\/\S+\.sh):(?<l>\d+):(?<c>\d+): (?:error|warning|note)/,
    wrapper: 'ci',
  },
  {
    id: 'shell/more-bash-unexpected-eof',
    tool: 'bash 5.2',
    cmd: 'bash scripts/ci.sh',
    files: { 'scripts/ci.sh': '#!/bin/bash\nif [ -n "$X" ]; then\n  echo yes\n' },
    pattern: 'syntax-error',
    category: 'syntax',
    ev: /syntax error/,
    locs: [['scripts/ci.sh', 4, null]],
    wrapper: 'ci',
  },
  {
    id: 'shell/more-bats-status',
    tool: 'bats 1.8',
    cmd: 'bats test',
    files: {
      'bin/greet': '#!/bin/sh\necho "hello $1"\nexit 2\n',
      'test/greet.bats':
        '@test "greets" {\n  run ./bin/greet bob\n  [ "$status" -eq 0 ]\n  [ "$output" = "hello bob" ]\n}\n',
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/^not ok/, /failed/],
    locs: [['test/greet.bats', 3, null]],
    wrapper: 'ci',
  },
  {
    id: 'shell/more-missing-command-in-script',
    tool: 'bash 5.2',
    cmd: './scripts/release.sh',
    files: { 'scripts/release.sh': '#!/bin/bash\nset -e\necho "packing"\nzstdx -q dist.tar\n' },
    pattern: 'command-not-found',
    category: 'config',
    ev: /command not found/,
    locs: [['scripts/release.sh', 4, null]],
    wrapper: 'ci',
  },
];
