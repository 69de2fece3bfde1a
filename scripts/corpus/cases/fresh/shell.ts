// HELD OUT (set `fresh`): do not read these cases or their logs when changing the analyzer.
import type { CorpusCase } from '../../generator/corpus-case.js';

const DEPLOY = `#!/usr/bin/env bash
set -euo pipefail

# Deploys the static site to the bucket named in $1.
bucket=$1
build_dir=public
files=$(find $build_dir -type f -name '*.html')

for f in $files; do
  echo "uploading $f"
  cp $f /tmp/upload/
done

if [ $bucket == "prod-site" ]; then
  read confirm
  echo "confirmed: $confirm"
fi

local_version=$(cat VERSION)
echo "deploying version $local_version to $bucket"
cd $build_dir
tar czf ../site-$local_version.tgz .
`;

export const CASES: CorpusCase[] = [
  {
    id: 'shell/fresh-shellcheck-deploy',
    tool: 'shellcheck 0.9',
    cmd: 'shellcheck -f gcc scripts/*.sh',
    steps: ['shellcheck --version'],
    files: {
      'scripts/deploy.sh': DEPLOY,
      'scripts/lib.sh': '#!/usr/bin/env bash\n\nlog() { printf "%s %s\\n" "$(date +%T)" "$*"; }\n',
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: /^scripts\/\S+\.sh:\d+:\d+: (error|warning|note)/,
    locre: /^(?<f>scripts\/\S+\.sh):(?<l>\d+):(?<c>\d+): /,
    wrapper: 'github-actions',
  },
  {
    id: 'shell/fresh-bats-version-check',
    tool: 'bats 1.8',
    cmd: 'bats --tap test',
    steps: ['bats --version'],
    files: {
      'bin/semver-bump':
        '#!/usr/bin/env bash\nset -eu\nIFS=. read -r major minor patch <<< "$1"\ncase "$2" in\n  major) echo "$((major + 1)).0.0" ;;\n  minor) echo "$major.$((minor + 1)).0" ;;\n  patch) echo "$major.$minor.$((patch + 1))" ;;\n  *) echo "unknown part: $2" >&2; exit 2 ;;\nesac\n',
      'test/bump.bats':
        '#!/usr/bin/env bats\n\nsetup() {\n  PATH="$BATS_TEST_DIRNAME/../bin:$PATH"\n}\n\n@test "bumps patch" {\n  run semver-bump 1.2.3 patch\n  [ "$status" -eq 0 ]\n  [ "$output" = "1.2.4" ]\n}\n\n@test "bumps minor and resets patch" {\n  run semver-bump 1.2.3 minor\n  [ "$output" = "1.3.0" ]\n}\n\n@test "strips a v prefix" {\n  run semver-bump v1.2.3 patch\n  [ "$status" -eq 0 ]\n  [ "$output" = "1.2.4" ]\n}\n\n@test "rejects an unknown part" {\n  run semver-bump 1.2.3 build\n  [ "$status" -eq 2 ]\n}\n',
    },
    pre: 'chmod +x bin/semver-bump',
    pattern: 'test-failure',
    category: 'test',
    ev: [/^not ok/, /failed|\(in test file/],
    locs: [['test/bump.bats', 21, null]],
    wrapper: 'travis',
    note: 'a v-prefixed version makes bash arithmetic fail; bats names the failing line in the test file',
  },
  {
    id: 'shell/fresh-helm-not-installed',
    tool: 'bash',
    cmd: './scripts/render-manifests.sh',
    files: {
      'scripts/render-manifests.sh':
        '#!/usr/bin/env bash\nset -euo pipefail\necho "rendering manifests for $ENVIRONMENT"\nmkdir -p out\nhelm template api ./chart --values "chart/values-$ENVIRONMENT.yaml" > out/api.yaml\necho "wrote out/api.yaml"\n',
      'chart/Chart.yaml': 'apiVersion: v2\nname: api\nversion: 0.1.0\n',
      'chart/values-staging.yaml': 'replicas: 2\n',
    },
    env: { ENVIRONMENT: 'staging' },
    pattern: 'command-not-found',
    category: 'config',
    ev: [/helm: command not found/, /helm: command not found/],
    locs: [['scripts/render-manifests.sh', 5, null]],
    wrapper: 'gitlab',
    note: 'the CI image has no helm: a missing tool, config/command-not-found',
  },
  {
    id: 'shell/fresh-bash-bad-substitution-sh',
    tool: 'dash (sh)',
    cmd: 'sh scripts/build.sh',
    steps: ['sh -c "echo shell: \\$0"'],
    files: {
      'scripts/build.sh':
        '#!/bin/bash\nset -e\nname=app\nversion=$(date +%Y.%m)\necho "building ${name^^} $version"\nmkdir -p dist\n',
    },
    pattern: 'syntax-error',
    category: 'syntax',
    ev: [/Bad substitution/, /Bad substitution/],
    locs: [['scripts/build.sh', 5, null]],
    wrapper: 'jenkins',
    note: 'a bash-only expansion run with sh (dash): Bad substitution; syntax, as the dev batch labels sh bashisms',
  },
];
