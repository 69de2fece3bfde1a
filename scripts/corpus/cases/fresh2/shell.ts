// HELD OUT (set `fresh2`): do not read these cases or their logs when changing the analyzer.
import type { CorpusCase } from '../../generator/corpus-case.js';

// fresh2 shell: shellcheck, bats, bash -n, set -u.

export const CASES: CorpusCase[] = [
  {
    id: 'shell/fresh2-shellcheck-deploy',
    tool: 'shellcheck 0.9.0',
    cmd: 'shellcheck -f gcc scripts/*.sh',
    pattern: null,
    category: 'lint',
    wrapper: 'github-actions',
    steps: ['shellcheck --version', 'bash -n scripts/deploy.sh && bash -n scripts/lib.sh'],
    files: {
      'scripts/deploy.sh': `
                #!/usr/bin/env bash
                set -euo pipefail
                source "$(dirname "$0")/lib.sh"

                target=$1
                files=$(ls dist/*.tar.gz)
                for f in $files; do
                  echo "uploading $f to $target"
                  scp $f deploy@$target:/srv/releases/
                done
                if [ $target == "prod" ]; then
                  notify "released to prod"
                fi
                `,
      'scripts/lib.sh': `
                #!/usr/bin/env bash
                notify() {
                  echo "[notify] $@"
                }
                `,
    },
    ev: /^scripts\/\S+:\d+:\d+: (error|warning|note)/,
    locre: /^(?<f>scripts\/\S+\.sh):(?<l>\d+):(?<c>\d+): (?:error|warning)/,
    note: 'bash -n passes on both scripts first. gcc format: errors, warnings and notes; the error and warning lines are locations, the notes (info level) are not.',
  },
  {
    id: 'shell/fresh2-bats-version-bump',
    tool: 'bats 1.8.2',
    cmd: 'bats test/',
    pattern: null,
    category: 'test',
    wrapper: 'travis',
    steps: ['bats --version', 'bash --version | head -1'],
    files: {
      'bin/bump': `
                #!/usr/bin/env bash
                # bump major|minor|patch VERSION
                IFS=. read -r ma mi pa <<<"$2"
                case "$1" in
                  major) echo "$((ma + 1)).0.0" ;;
                  minor) echo "$ma.$((mi + 1)).0" ;;
                  patch) echo "$ma.$mi.$((pa + 1))" ;;
                  *) echo "error: unknown part $1" >&2; exit 2 ;;
                esac
                `,
      'test/bump.bats': `
                #!/usr/bin/env bats

                @test "patch bump" {
                  run bin/bump patch 1.2.3
                  [ "$status" -eq 0 ]
                  [ "$output" = "1.2.4" ]
                }

                @test "unknown part prints an error" {
                  run bin/bump mega 1.2.3
                  [ "$status" -eq 2 ]
                }

                @test "minor bump resets patch" {
                  run bin/bump minor 1.2.3
                  [ "$output" = "1.3.1" ]
                }
                `,
    },
    pre: 'chmod +x bin/bump',
    ev: [/^not ok \d+ minor bump/, /^#\s+`\[ "\$output" = "1\.3\.1" \]. failed/],
    locs: [['test/bump.bats', 16, null]],
    note: 'A passing test is named "unknown part prints an error". bats names the failing command and its line (bump.bats, line 16).',
  },
  {
    id: 'shell/fresh2-bash-n-unexpected-eof',
    tool: 'bash 5.2 (bash -n)',
    cmd: 'rc=0; for s in ci/*.sh; do bash -n "$s" || rc=1; done; exit $rc',
    pattern: null,
    category: 'syntax',
    wrapper: 'gitlab',
    steps: ['bash --version | head -1'],
    files: {
      'ci/build.sh': `
                #!/bin/bash
                set -e
                for target in linux darwin; do
                  echo "building $target"
                  if [ "$target" = "darwin" ]; then
                    export CGO_ENABLED=0
                  fi
                done
                echo "done
                `,
      'ci/check.sh': '#!/bin/bash\necho ok\n',
    },
    ev: /ci\/build\.sh: line \d+: (unexpected EOF|syntax error)/,
    locre: /^(?<f>ci\/\S+\.sh): line (?<l>\d+): /,
    note: 'An unclosed double quote: bash reports the line where the string started and the end of file.',
  },
  {
    id: 'shell/fresh2-unbound-variable-release',
    tool: 'bash 5.2',
    cmd: './scripts/release.sh',
    pattern: null,
    category: 'config',
    wrapper: 'jenkins',
    steps: ['bash --version | head -1', 'git --version'],
    files: {
      'scripts/release.sh': `
                #!/usr/bin/env bash
                set -euo pipefail

                echo "==> preparing release"
                version=$(cat VERSION)
                echo "version: $version"
                echo "==> tagging"
                tag="v\${version}-\${BUILD_CHANNEL}"
                echo "would tag $tag"
                `,
      VERSION: '2.4.0\n',
    },
    ev: /BUILD_CHANNEL: unbound variable/,
    locre: /^(?<f>\.\/scripts\/\S+\.sh): line (?<l>\d+): /,
    note: 'The release script needs BUILD_CHANNEL, which the pipeline does not set: set -u stops it. Category config (a missing CI variable), debatable.',
  },
];
