import { describe, expect, it } from 'vitest';
import type { ExecutionSummary } from '../../../src/core/loop/aggregate-metrics.js';
import { aggregateMetrics } from '../../../src/core/loop/aggregate-metrics.js';
import { mergeSummaries } from '../../../src/core/loop/merge-summaries.js';

const summary = (over: Partial<ExecutionSummary['metrics']>, rest: Partial<ExecutionSummary> = {}) => ({
  metrics: {
    total_attempts: 1,
    time_to_success_ms: null,
    patterns_encountered: [],
    strategies_used: [],
    files_modified: [],
    final_status: 'running' as const,
    pre_validation_runs: 0,
    pre_validation_pass_rate: 0,
    pre_validation_catches: [],
    regression_checks_run: 0,
    regression_checks_skipped: 0,
    regressions_detected: 0,
    regressions_auto_fixed: 0,
    ...over,
  },
  dead_lettered: false,
  failed_attempts: 0,
  validation_failures: 0,
  fixes: [],
  ...rest,
});

describe('mergeSummaries: a run continued by closed-loop resume is one run', () => {
  it('adds the parts up and ends as the later part ended', () => {
    const escalated = summary(
      {
        total_attempts: 2,
        patterns_encountered: ['format-error', 'type-error'],
        strategies_used: ['auto_fix', 'context_expand'],
        files_modified: ['src/b.ts'],
        final_status: 'escalated',
        pre_validation_runs: 2,
        pre_validation_pass_rate: 0.5,
        pre_validation_catches: ['secrets'],
      },
      {
        failed_attempts: 2,
        validation_failures: 1,
        fixes: [{ pattern: 'format-error', strategy: 'auto_fix' as const, worked: true }],
      },
    );
    const resumed = summary({
      total_attempts: 1,
      time_to_success_ms: 900,
      final_status: 'success',
      pre_validation_runs: 2,
      pre_validation_pass_rate: 1,
    });
    const run = mergeSummaries(escalated, resumed);
    expect(run).toEqual({
      metrics: {
        total_attempts: 3,
        time_to_success_ms: 900,
        patterns_encountered: ['format-error', 'type-error'],
        strategies_used: ['auto_fix', 'context_expand'],
        files_modified: ['src/b.ts'],
        final_status: 'success',
        pre_validation_runs: 4,
        pre_validation_pass_rate: 0.75,
        pre_validation_catches: ['secrets'],
        regression_checks_run: 0,
        regression_checks_skipped: 0,
        regressions_detected: 0,
        regressions_auto_fixed: 0,
      },
      dead_lettered: false,
      failed_attempts: 2,
      validation_failures: 1,
      fixes: [{ pattern: 'format-error', strategy: 'auto_fix', worked: true }],
    });
    // The fix tried before the resume counts; the type error a person fixed had no fix tried by the loop.
    expect(aggregateMetrics([run]).success_rate_by_pattern).toEqual({
      'format-error': 1,
      'type-error': null,
    });
  });
});
