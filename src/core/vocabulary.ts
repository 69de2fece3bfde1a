import { z } from 'zod';

/** The fixed vocabulary of failure categories. `unknown` is what the analyzer says when nothing matched. */
export const CATEGORIES = [
  'lint',
  'format',
  'type',
  'syntax',
  'build',
  'test',
  'dependency',
  'lockfile',
  'permission',
  'auth',
  'network',
  'timeout',
  'resource',
  'vcs',
  'config',
  'unknown',
] as const;
export const CategorySchema = z.enum(CATEGORIES);
export type Category = z.infer<typeof CategorySchema>;

/** Recovery strategies (the seed's FIX phase) plus `escalate`, which hands the failure to a person. */
export const STRATEGIES = [
  'auto_fix',
  'dependency_check',
  'retry_with_backoff',
  'context_expand',
  'analyze_then_fix',
  'escalate',
] as const;
export const StrategySchema = z.enum(STRATEGIES);
export type Strategy = z.infer<typeof StrategySchema>;

/** The seed's universal fallbacks, tried (in order) after a pattern's own alternatives. */
export const UNIVERSAL_FALLBACKS: readonly Strategy[] = ['context_expand', 'analyze_then_fix'];

/** Used when no pattern reaches the confidence threshold (the seed's default). */
export const DEFAULT_STRATEGY: Strategy = 'analyze_then_fix';

export const TASK_TYPES = ['bug_fix', 'feature', 'refactor', 'security', 'config_change'] as const;
export const TaskTypeSchema = z.enum(TASK_TYPES);
export type TaskType = z.infer<typeof TaskTypeSchema>;

const COMPLEXITIES = ['low', 'medium', 'high'] as const;
export const ComplexitySchema = z.enum(COMPLEXITIES);
export type Complexity = z.infer<typeof ComplexitySchema>;

const CHECK_TYPES = ['lint', 'type', 'test', 'build', 'custom'] as const;
export const CheckTypeSchema = z.enum(CHECK_TYPES);
export type CheckType = z.infer<typeof CheckTypeSchema>;

export const GATES = ['architecture', 'security', 'database', 'external', 'deploy'] as const;
export const GateSchema = z.enum(GATES);
export type Gate = z.infer<typeof GateSchema>;

/** A repository permission as GitHub grants it, weakest first. */
export const PERMISSIONS = ['read', 'triage', 'write', 'maintain', 'admin'] as const;
export type Permission = (typeof PERMISSIONS)[number];
