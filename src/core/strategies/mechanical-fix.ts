import type { Check } from '../config/schema.js';
import type { Diagnosis } from '../diagnosis.js';
import type { Strategy } from '../vocabulary.js';
import { chooseFixer, fixerNamedInOutput } from './choose-fixer.js';
import { missingModule } from './missing-module.js';
import type { ProjectFacts } from './project-facts.js';

/** One failing check as the loop driver sees it when it chooses what to work on. */
export interface FailingCheckFacts {
  check: Check | null;
  diagnosis: Diagnosis;
  /** The check's output (its end). */
  output: string;
  /** The catalogue's strategy for the diagnosis's pattern (undefined for no pattern). */
  patternStrategy: Strategy | undefined;
}

/**
 * The diagnosis with what the driver knows beyond the log: a check with a `fix_command` and no
 * recognised pattern, or whose output names its own fixer, is an auto_fix.
 */
export function refineDiagnosis(
  f: Omit<FailingCheckFacts, 'patternStrategy'>,
  project: ProjectFacts,
): Diagnosis {
  const d = f.diagnosis;
  if (d.pattern === null && f.check?.fix_command) return { ...d, strategy: 'auto_fix' };
  if (d.strategy === 'dependency_check' || d.strategy === 'escalate') return d;
  return fixerNamedInOutput(f.check, d, project, f.output) === null ? d : { ...d, strategy: 'auto_fix' };
}

/**
 * Whether this failure has a fix that needs no judgement: a known fixer command (auto_fix) or an
 * installable package or lockfile update (dependency_check). Such fixes are made first, each checked
 * and committed on its own, before a failure that needs a person or an agent.
 */
export function hasMechanicalFix(f: FailingCheckFacts, project: ProjectFacts): boolean {
  const d = refineDiagnosis(f, project);
  if (!d.retryable) return false;
  const catalogued = f.patternStrategy ?? d.strategy;
  const strategy = d.strategy === 'auto_fix' && catalogued !== 'escalate' ? 'auto_fix' : catalogued;
  if (strategy === 'auto_fix')
    return (
      chooseFixer({ check: f.check, diagnosis: d, project, isRepoFile: () => false, output: f.output }) !==
      null
    );
  if (strategy === 'dependency_check')
    return d.pattern === 'lockfile-mismatch' || d.category === 'lockfile' || missingModule(d) !== null;
  return false;
}
