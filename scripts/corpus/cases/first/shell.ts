// The first batch's shell cases (dev; those with `held: true` are held out: never tune on them).
import type { CorpusCase } from '../../generator/corpus-case.js';

const SC = /^In (?<f>\S+) line (?<l>\d+):/;

export const CASES: CorpusCase[] = [
  {
    id: 'shell/shellcheck-tty',
    tool: 'shellcheck 0.9.0',
    cmd: 'shellcheck scripts/deploy.sh',
    files: {
      'scripts/deploy.sh': '#!/bin/bash\nfor f in $(ls *.txt); do\n  cp $f /tmp/out\ndone\ncd $DEST\n',
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: [/^In scripts\/deploy.sh line/, /^For more information|https:\/\/www.shellcheck.net/],
    locre: SC,
    wrapper: 'ci',
  },
  {
    id: 'shell/shellcheck-gcc-format',
    tool: 'shellcheck 0.9.0',
    cmd: 'shellcheck -f gcc scripts/*.sh',
    files: {
      'scripts/build.sh': '#!/bin/sh\nif [ $1 == "x" ]; then\n  echo $((1+1))\nfi\nlocal v=1\n',
      'scripts/ok.sh': '#!/bin/sh\necho ok\n',
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: /^scripts\/build.sh:\d+/,
    locre: /^(?<f>scripts\/\S+):(?<l>\d+):(?<c>\d+): (?:error|warning|note)/,
    wrapper: 'raw',
  },
  {
    id: 'shell/shellcheck-error-only',
    tool: 'shellcheck 0.9.0',
    cmd: 'shellcheck -S error -f gcc release.sh',
    files: { 'release.sh': '#!/bin/bash\nif [ -f x ]\n  echo yes\nfi\n' },
    pattern: 'syntax-error',
    category: 'syntax',
    ev: /^release.sh:\d+/,
    locre: /^(?<f>release\.sh):(?<l>\d+):(?<c>\d+): error/,
    wrapper: 'ci',
    held: true,
  },
  {
    id: 'shell/bats-failure',
    tool: 'bats 1.8.2',
    cmd: 'bats test',
    files: {
      'bin/greet': '#!/bin/bash\necho "hello $1"\n',
      'test/greet.bats':
        '#!/usr/bin/env bats\n\n@test "greets by name" {\n  run bin/greet Ada\n  [ "$output" = "Hello Ada" ]\n}\n\n@test "tls connect check passes" {\n  true\n}\n',
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/^not ok 1/, /failed/],
    locs: [['test/greet.bats', 5, null]],
    wrapper: 'ci',
    note: 'bats prints "(in test file test/greet.bats, line 5)"',
  },
  {
    id: 'shell/bats-tap',
    tool: 'bats 1.8.2',
    cmd: 'bats --tap test',
    files: {
      'bin/sum': '#!/bin/bash\necho $(( $1 - $2 ))\n',
      'test/sum.bats':
        '#!/usr/bin/env bats\n\n@test "adds" {\n  result="$(bin/sum 2 3)"\n  [ "$result" -eq 5 ]\n}\n',
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/^not ok 1/, /failed/],
    locs: [['test/sum.bats', 5, null]],
    wrapper: 'raw',
  },
  {
    id: 'shell/bash-set-e-unbound',
    tool: 'bash 5.2',
    cmd: 'bash scripts/release.sh',
    files: {
      'scripts/release.sh': '#!/bin/bash\nset -euo pipefail\necho "releasing"\necho "tag: ${RELEASE_TAG}"\n',
    },
    pattern: 'config-error',
    category: 'config',
    ev: /unbound variable/,
    locs: [['scripts/release.sh', 4, null]],
    wrapper: 'ci',
    note: 'a required variable is not set in the job',
  },
  {
    id: 'shell/command-not-found-bash',
    tool: 'bash 5.2',
    cmd: 'bash -c "set -e; echo building; yarnpkg-nonexistent build"',
    pattern: 'command-not-found',
    category: 'config',
    ev: /command not found/,
    wrapper: 'ci',
  },
  {
    id: 'shell/script-not-executable',
    tool: 'bash 5.2',
    cmd: './scripts/check.sh',
    files: { 'scripts/check.sh': '#!/bin/bash\necho check\n' },
    pre: 'chmod -x scripts/check.sh',
    pattern: 'permission-error',
    category: 'permission',
    ev: /Permission denied/,
    wrapper: 'ci',
  },
  {
    id: 'shell/syntax-error-script',
    tool: 'bash 5.2',
    cmd: 'bash scripts/ci.sh',
    files: { 'scripts/ci.sh': '#!/bin/bash\nif [ -n "$CI" ]; then\n  echo ci\n' },
    pattern: 'syntax-error',
    category: 'syntax',
    ev: /syntax error/,
    locs: [['scripts/ci.sh', 4, null]],
    wrapper: 'raw',
  },
  {
    id: 'shell/make-recipe-failed',
    tool: 'GNU Make 4.3',
    cmd: 'make check',
    files: {
      Makefile:
        'check:\n\t@echo "checking generated files"\n\t@test -f generated/schema.json || (echo "generated/schema.json is missing: run make generate" && exit 1)\n',
    },
    pattern: null,
    category: 'build',
    ev: /schema.json is missing|Error 1/,
    wrapper: 'ci',
    held: true,
    note: 'a project check in a Makefile; no tool format, build is what a person says',
  },
];

CASES.push(
  {
    id: 'shell/shellcheck-quoting',
    tool: 'shellcheck 0.9.0',
    cmd: 'shellcheck -f gcc ci/run.sh',
    files: { 'ci/run.sh': '#!/bin/bash\nfiles=$(git ls-files)\nrm -rf $TMPDIR/$1\n[ $# = 0 ] && exit 1\n' },
    pattern: 'lint-error',
    category: 'lint',
    ev: /^ci\/run.sh:\d+/,
    locre: /^(?<f>ci\/\S+):(?<l>\d+):(?<c>\d+): (?:error|warning|note)/,
    wrapper: 'ci',
    held: true,
  },
  {
    id: 'shell/bats-setup-fails',
    tool: 'bats 1.8.2',
    cmd: 'bats test',
    files: {
      'test/a.bats':
        '#!/usr/bin/env bats\n\nsetup() {\n  source ./missing-env.sh\n}\n\n@test "loads" {\n  true\n}\n',
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/^not ok 1/, /failed/],
    wrapper: 'raw',
    held: true,
  },
  {
    id: 'shell/sh-bashism',
    tool: 'dash',
    cmd: 'sh scripts/gen.sh',
    files: { 'scripts/gen.sh': 'set -e\narr=(a b c)\necho ${arr[0]}\n' },
    pattern: 'syntax-error',
    category: 'syntax',
    ev: /Syntax error|syntax error/,
    locs: [['scripts/gen.sh', 2, null]],
    wrapper: 'ci',
  },
);

CASES.push(
  {
    id: 'shell/bats-two-fail',
    tool: 'bats 1.8.2',
    cmd: 'bats --formatter tap test',
    files: {
      'bin/ver': '#!/bin/bash\necho "v1.2"\n',
      'test/v.bats':
        '#!/usr/bin/env bats\n\n@test "prints version" {\n  run bin/ver\n  [ "$output" = "v1.3" ]\n}\n\n@test "exits 0 on connection timeout flag" {\n  run bin/ver --timeout\n  [ "$status" -eq 0 ]\n}\n',
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/^not ok 1/, /failed/],
    locs: [['test/v.bats', 5, null]],
    wrapper: 'ci',
    held: true,
  },
  {
    id: 'shell/set-e-pipefail',
    tool: 'bash 5.2',
    cmd: "bash -c 'set -eo pipefail; echo collecting; grep -q release CHANGELOG.md | head -1; echo done'",
    files: { 'README.md': 'x\n' },
    pattern: 'config-error',
    category: 'config',
    ev: /No such file/,
    wrapper: 'ci',
    note: 'a step needs CHANGELOG.md, which is missing; config (project setup) is closest',
  },
);
const SCG = /^(?<f>[\w/.-]+\.sh):(?<l>\d+):(?<c>\d+): (?:error|warning|note)/;

CASES.push(
  ...(
    [
      ['cd-no-check', '#!/bin/bash\ncd build\nmake\n', 'ci', false],
      ['useless-cat', '#!/bin/bash\ncat log.txt | grep -c ERROR\nread line\n', 'raw', false],
      ['backticks', '#!/bin/bash\nv=`date`\necho $v\n', 'ci', true],
      ['array-expansion', '#!/bin/bash\nargs=("$@")\nprintf "%s" $args\n', 'ci', false],
      ['unused-var', '#!/bin/bash\nUNUSED=1\necho "$0"\n', 'raw', true],
      ['test-quotes', '#!/bin/bash\nif [ -n $NAME ]; then echo hi; fi\n', 'ci', false],
      ['for-ls', '#!/bin/bash\nfor f in `ls`; do echo "$f"; done\n', 'ci', false],
      ['exit-code-check', '#!/bin/bash\nmake\nif [ $? -ne 0 ]; then exit 1; fi\n', 'raw', false],
      ['local-outside', '#!/bin/bash\nlocal x=1\necho "$x"\n', 'ci', true],
      ['shebang-missing', 'echo "no shebang"\n', 'ci', false],
    ] as [string, string, 'ci' | 'raw', boolean][]
  ).map(([n, src, w, h]) => ({
    id: `shell/shellcheck-${n}`,
    tool: 'shellcheck 0.9.0',
    cmd: `shellcheck -f gcc ${n}.sh`,
    files: { [`${n}.sh`]: src },
    pattern: 'lint-error',
    category: 'lint',
    ev: new RegExp(String.raw`^${n}.sh:\d+`),
    locre: SCG,
    wrapper: w,
    held: h,
  })),
);
