// HELD OUT (set `fresh2`): do not read these cases or their logs when changing the analyzer.
import type { CorpusCase } from '../../generator/corpus-case.js';

// fresh2 terraform: terraform validate.

export const CASES: CorpusCase[] = [
  {
    id: 'terraform/fresh2-validate-undeclared-variable',
    tool: 'terraform 1.11.4',
    cmd: 'terraform validate -no-color',
    pattern: null,
    category: 'config',
    wrapper: 'gitlab',
    steps: ['terraform version -no-color | head -1', 'terraform fmt -check -recursive'],
    env: { TF_CLI_CONFIG_FILE: '/dev/null', TF_IN_AUTOMATION: '1' },
    files: {
      'main.tf': `
                terraform {
                  required_version = ">= 1.5"
                }

                variable "env" {
                  type    = string
                  default = "staging"
                }

                locals {
                  name   = "app-\${var.env}"
                  region = var.aws_region
                }

                output "name" {
                  value = local.name
                }

                output "bucket" {
                  value = "\${local.name}-\${var.bucket_suffix}"
                }
                `,
    },
    ev: [/^Error: Reference to undeclared input variable/, /^Error: |declared/],
    locre: /on (?<f>\S+\.tf) line (?<l>\d+)/,
    note: 'Two references to variables that are not declared: terraform configuration error (config).',
  },
];
