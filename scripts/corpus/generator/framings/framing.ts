// What a written CI framing takes and returns. The framing lines (headers, groups, folds, timestamps,
// exit lines) are WRITTEN to look like each CI's raw log, not captured from a runner; every step's
// output inside them is a real run.
import type { PythonRandom } from '../python-random.js';

/** One step as a framing shows it: its command, its output lines and its exit code. */
export interface FramedStep {
  cmd: string;
  out: string[];
  rc: number;
  /** Travis and Jenkins show install (setup) steps apart from script steps. */
  phase: 'install' | 'script';
  /** GitHub Actions: the step has `continue-on-error`, so the job goes on after it fails. */
  cont: boolean;
}

export interface Framed {
  text: string;
  /** Per step shown: the 0-based line of the log where its output starts. */
  offsets: number[];
}

/**
 * The single-step framing (the first and `more` batches, once make/compose_ci.py): captured setup
 * blocks, then the one failing command. `setup` holds each setup block's shown command and lines.
 */
export type SingleFraming = (
  cmd: string,
  out: string[],
  rc: number,
  setup: [string, string[]][],
  rnd: PythonRandom,
) => Framed;

/** The multi-step framing (the fresh, fresh2 and steps batches, once make/compose_steps.py). */
export type StepsFraming = (steps: FramedStep[], rnd: PythonRandom) => Framed;

/** The CI workspace each framing's paths are rewritten to. */
export const WORKSPACE = {
  'github-actions': '/home/runner/work/app/app',
  gitlab: '/builds/acme/app',
  travis: '/home/travis/build/acme/app',
  circleci: '/home/circleci/project',
  jenkins: '/var/lib/jenkins/workspace/app',
  azure: '/home/vsts/work/1/s',
  buildkite: '/var/lib/buildkite-agent/builds/agent-1/acme/app',
} as const;

export type CiName = keyof typeof WORKSPACE;
export const CI_NAMES = Object.keys(WORKSPACE) as CiName[];
