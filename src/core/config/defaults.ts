import type { Complexity, Gate, TaskType } from '../vocabulary.js';

/**
 * Default path globs per human gate (picomatch/minimatch syntax, matched against repository-relative
 * paths of the changed files). A change touching any of them needs the gate's approval. They are
 * deliberately conservative: a gate that fires on every PR teaches people to click through it.
 */
export const DEFAULT_GATE_PATHS: Readonly<Record<Gate, readonly string[]>> = {
  // Paths cannot see "a new architectural pattern"; they can see the documents and workspace files
  // that record one. Add your own structural folders (e.g. `src/core/**`) in the config.
  architecture: [
    '**/ARCHITECTURE.md',
    'docs/adr/**',
    'docs/decisions/**',
    'docs/architecture/**',
    'pnpm-workspace.yaml',
    'lerna.json',
    'nx.json',
    'turbo.json',
    'go.work',
  ],
  // The seed's "auth, crypto, PII handling", plus secrets and key material.
  security: [
    '**/auth/**',
    '**/authn/**',
    '**/authz/**',
    '**/oauth/**',
    '**/permissions/**',
    '**/crypto/**',
    '**/*crypto*.*',
    '**/secrets/**',
    '**/*secret*.*',
    '**/pii/**',
    '**/privacy/**',
    '**/security/**',
    '**/*.pem',
    '**/*.key',
    '**/.env*',
    'SECURITY.md',
    '.github/CODEOWNERS',
  ],
  // The seed's "schema migrations".
  database: [
    '**/migrations/**',
    '**/migrate/**',
    '**/*.sql',
    '**/*.prisma',
    '**/db/schema.*',
    '**/alembic/**',
    '**/liquibase/**',
    '**/flyway/**',
  ],
  // The seed's "third-party API integration".
  external: [
    '**/integrations/**',
    '**/clients/**',
    '**/third_party/**',
    '**/third-party/**',
    '**/webhooks/**',
    '**/*-client.*',
    '**/*_client.*',
  ],
  // The seed's "production merge": what ships and how.
  deploy: [
    '**/Dockerfile',
    '**/Dockerfile.*',
    '**/*.dockerfile',
    '**/docker-compose*.y*ml',
    '**/compose*.y*ml',
    'deploy/**',
    'deployment/**',
    '.github/workflows/**',
    'k8s/**',
    'kubernetes/**',
    'helm/**',
    'charts/**',
    'terraform/**',
    '**/*.tf',
    'Procfile',
    'fly.toml',
    'vercel.json',
    'netlify.toml',
  ],
};

export const DEFAULT_REGRESSION = {
  enabled_for_complexity: ['medium', 'high'] as Complexity[],
  search_depth: 2,
  exclude_patterns: ['**/*.test.ts', '**/*.spec.ts', '**/mocks/**'],
};

export const CRITERION_TYPES = [
  'lint',
  'type',
  'test',
  'build',
  'custom',
  'approval',
  'syntax',
  'command',
] as const;

export interface CriterionDefault {
  name: string;
  type: (typeof CRITERION_TYPES)[number];
  description?: string;
  command?: string;
  scope?: string;
  expected?: string;
  gate?: Gate;
}

/**
 * The seed's default success criteria per task type (closed-loop-execution.md, "Default success
 * criteria"). Two translations: the seed's placeholder commands (`"npm test" | "pytest" | etc.`,
 * "reproduce the original error") are not runnable, so they are left out — a criterion without a
 * command runs the configured `checks` of its type — and the seed's `agent: ciso` approval becomes
 * an approval on closed-loop's `security` gate.
 */
export const DEFAULT_TASK_CRITERIA: Readonly<Record<TaskType, readonly CriterionDefault[]>> = {
  bug_fix: [
    {
      name: 'error_resolved',
      type: 'custom',
      description: 'Reproduce the original error',
      expected: 'error does not occur',
    },
    { name: 'tests_pass', type: 'test' },
    { name: 'lint_clean', type: 'lint' },
  ],
  feature: [
    { name: 'feature_works', type: 'custom', description: 'Verify feature matches specification' },
    { name: 'tests_pass', type: 'test' },
    { name: 'lint_clean', type: 'lint' },
    { name: 'no_regressions', type: 'test', scope: 'affected files and their dependents' },
  ],
  refactor: [
    { name: 'behavior_unchanged', type: 'test', description: 'All existing tests still pass' },
    { name: 'tests_pass', type: 'test' },
    { name: 'lint_clean', type: 'lint' },
    {
      name: 'quality_improved',
      type: 'custom',
      description: 'Code complexity reduced, readability improved',
    },
  ],
  security: [
    { name: 'vulnerability_resolved', type: 'custom', description: 'Security issue no longer exploitable' },
    { name: 'security_tests_pass', type: 'test', scope: 'security-related tests' },
    { name: 'ciso_review', type: 'approval', description: 'CISO review passed', gate: 'security' },
  ],
  config_change: [
    { name: 'config_valid', type: 'syntax', description: 'Config file parses without error' },
    { name: 'tool_loads', type: 'command', description: 'Tool starts successfully with new config' },
  ],
};
