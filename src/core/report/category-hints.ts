import type { Category, Strategy } from '../vocabulary.js';

/** A short root-cause hypothesis per failure category, used when no sharper rule applies. */
export const ROOT_CAUSE_HINTS: Readonly<Record<Category, string>> = {
  lint: 'A lint rule that the automatic fixer cannot satisfy; the code may need a real change or a deliberate rule exception',
  format: 'The formatter configuration differs between local runs and CI (version or config file)',
  type: 'Type system constraints: the types involved reject the change; decide whether the value at the error or the type it must satisfy is wrong',
  syntax:
    'Source the parser cannot read, often from a bad merge, a generated file or a language-version mismatch',
  build: 'Build configuration or toolchain mismatch (bundler config, compiler version, missing build step)',
  test: 'The behaviour under test changed, or the test relies on an environment or fixture that differs in CI',
  dependency: 'Dependency resolution: a missing, misnamed or conflicting package',
  lockfile: 'The lockfile is out of sync with the manifest',
  permission: 'File or token permissions in CI; needs a change of ownership or privileges, not of code',
  auth: 'Missing, expired or under-scoped credentials in CI',
  network: 'An unreachable registry or host, or a flaky network in the runner',
  timeout: 'A slow or hanging step that exceeds its time limit',
  resource: 'The runner running out of memory or disk',
  vcs: 'Git state in the checkout (shallow clone, conflicts, detached head)',
  config: 'Tool configuration that does not match the code or the tool version',
  unknown: 'A failure no known pattern describes; the full log is the best guide',
};

/** What each automatic strategy would do differently, phrased as advice to a person. */
export const STRATEGY_HINTS: Readonly<Record<Strategy, string>> = {
  auto_fix: "run the tool's own fix command, such as eslint --fix or prettier --write",
  dependency_check: 'check the manifest and lockfile for the module named in the error',
  retry_with_backoff: 're-run after a pause in case the failure is transient',
  context_expand: 'read the definitions the failing code depends on before changing it',
  analyze_then_fix: 'read about 50 lines around the failing location and fix it there directly',
  escalate: 'hand the failure to a person',
};
