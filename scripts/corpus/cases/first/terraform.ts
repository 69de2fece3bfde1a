// The first batch's terraform cases (dev; those with `held: true` are held out: never tune on them).
import type { CorpusCase } from '../../generator/corpus-case.js';

const ENV = { TF_IN_AUTOMATION: '1', TF_CLI_ARGS: '-no-color', CHECKPOINT_DISABLE: '1' };

export const CASES: CorpusCase[] = [
  {
    id: 'terraform/fmt-check',
    tool: 'terraform',
    cmd: 'terraform fmt -check -diff',
    files: { 'main.tf': 'variable "region" {\ndefault="eu-west-1"\n}\n' },
    pattern: 'format-error',
    category: 'format',
    ev: /main.tf/,
    wrapper: 'ci',
    env: ENV,
  },
  {
    id: 'terraform/validate-undeclared',
    tool: 'terraform',
    cmd: 'terraform init -backend=false -input=false >/dev/null && terraform validate',
    files: { 'main.tf': 'output "bucket" {\n  value = var.bucket_name\n}\n' },
    pattern: 'config-error',
    category: 'config',
    ev: [/Error: Reference to undeclared/, /An input variable with the name/],
    locs: [['main.tf', 2, null]],
    wrapper: 'ci',
    env: ENV,
  },
  {
    id: 'terraform/syntax-error',
    tool: 'terraform',
    cmd: 'terraform validate',
    files: { 'main.tf': 'resource "null_resource" "x" {\n  triggers = {\n    a = "1"\n}\n' },
    pattern: 'syntax-error',
    category: 'syntax',
    ev: [/Error: /, /on main.tf|block/],
    locs: [['main.tf', 1, null]],
    wrapper: 'raw',
    env: ENV,
  },
  {
    id: 'terraform/init-registry-unreachable',
    tool: 'terraform',
    cmd: 'terraform init -input=false',
    files: {
      'main.tf':
        'terraform {\n  required_providers {\n    aws = { source = "hashicorp/aws", version = "~> 5.0" }\n  }\n}\n',
    },
    pattern: 'network-error',
    category: 'network',
    ev: [/Error: /, /registry|dial|lookup|could not|Failed/],
    wrapper: 'ci',
    env: ENV,
    timeout: 120,
  },
  {
    id: 'terraform/validate-unsupported-arg',
    tool: 'terraform',
    cmd: 'terraform init -backend=false -input=false >/dev/null && terraform validate',
    files: { 'main.tf': 'variable "name" {\n  type    = string\n  defualt = "x"\n}\n' },
    pattern: 'config-error',
    category: 'config',
    ev: [/Error: Unsupported argument/, /An argument named/],
    locs: [['main.tf', 3, null]],
    wrapper: 'ci',
    env: ENV,
    held: true,
  },
];

CASES.push(
  {
    id: 'terraform/fmt-check-two',
    tool: 'terraform',
    cmd: 'terraform fmt -check',
    files: { 'main.tf': 'locals {\n  a=1\n}\n', 'vars.tf': 'variable "x" {\n type = string\n}\n' },
    pattern: 'format-error',
    category: 'format',
    ev: /\.tf$/,
    locs: [
      ['main.tf', 1, null],
      ['vars.tf', 1, null],
    ],
    wrapper: 'raw',
    env: ENV,
    held: true,
  },
  {
    id: 'terraform/validate-type-mismatch',
    tool: 'terraform',
    cmd: 'terraform init -backend=false -input=false >/dev/null && terraform validate',
    files: { 'main.tf': 'variable "n" {\n  type    = number\n  default = "many"\n}\n' },
    pattern: 'config-error',
    category: 'config',
    ev: [/Error: /, /default|number/],
    locs: [['main.tf', 3, null]],
    wrapper: 'ci',
    env: ENV,
  },
);
