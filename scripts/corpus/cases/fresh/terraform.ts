// HELD OUT (set `fresh`): do not read these cases or their logs when changing the analyzer.
import type { CorpusCase } from '../../generator/corpus-case.js';

const MAIN = `
terraform {
  required_version = ">= 1.5"
}

variable "environment" {
  type        = string
  description = "Deployment environment"
  default     = "staging"
}

variable "replicas" {
  type    = number
  default = 2
}

locals {
  name   = "api-\${var.environment}"
  labels = { app = "api", env = var.environment }
}

resource "terraform_data" "release" {
  input = {
    name     = local.name
    replicas = var.replicas
    labels   = local.labels
  }
}

output "release_name" {
  value = terraform_data.release.output.name
}
`;
const TFLOC = /^ {2}on (?<f>\S+\.tf) line (?<l>\d+)/;

export const CASES: CorpusCase[] = [
  {
    id: 'terraform/fresh-validate-undeclared-var',
    tool: 'terraform 1.11',
    cmd: 'terraform validate -no-color',
    steps: ['terraform version', 'terraform init -backend=false -no-color'],
    files: { 'main.tf': MAIN.replaceAll('replicas = var.replicas', 'replicas = var.replica_count') },
    pattern: 'config-error',
    category: 'config',
    ev: [/^Error: Reference to undeclared input variable/, /An input variable with the name/],
    locre: TFLOC,
    wrapper: 'gitlab',
    env: { TF_IN_AUTOMATION: '1', CHECKPOINT_DISABLE: '1' },
  },
  {
    id: 'terraform/fresh-duplicate-variable',
    tool: 'terraform 1.11',
    cmd: 'terraform init -backend=false -no-color',
    steps: ['terraform version'],
    files: {
      'main.tf': MAIN,
      'variables.tf': 'variable "replicas" {\n  type    = number\n  default = 3\n}\n',
    },
    pattern: 'config-error',
    category: 'config',
    ev: [/^Error: Duplicate variable declaration/, /A variable named/],
    locre: TFLOC,
    wrapper: 'github-actions',
    env: { TF_IN_AUTOMATION: '1', CHECKPOINT_DISABLE: '1' },
  },
];
