import { describe, expect, it } from 'vitest';
import { ActionInputError, actionWords, failsStep, readInputs } from '../../src/action/inputs.js';
import { renderEscalation } from '../../src/core/report/render-escalation.js';
import { aDiagnosis, CATALOGUE, seedAttempts } from '../core/dead-letter/builders.js';
import { parseOutputFile } from './run-action.js';

const read = (inputs: Record<string, string>) => readInputs((name) => inputs[name] ?? '', '/ws');

describe('readInputs', () => {
  it("falls back to action.yml's defaults for empty inputs", () => {
    expect(read({})).toEqual({
      workingDirectory: '/ws',
      configPath: undefined,
      fix: true,
      maxRetries: undefined,
      agentCommand: undefined,
      token: '',
      readToken: '',
      push: 'auto',
      failOn: 'failure',
      dryRun: false,
    });
  });

  it('resolves the working directory against the workspace and the config against the working directory', () => {
    const i = read({
      'working-directory': 'packages/web',
      config: 'ci/loop.yml',
      'max-retries': '3',
      fix: 'false',
      'dry-run': 'TRUE',
      'fail-on': 'never',
    });
    expect(i).toMatchObject({
      workingDirectory: '/ws/packages/web',
      configPath: '/ws/packages/web/ci/loop.yml',
      maxRetries: 3,
      fix: false,
      dryRun: true,
      failOn: 'never',
    });
  });

  it.each([
    [{ fix: 'yes' }, 'input fix must be true or false, not "yes"'],
    [{ 'dry-run': '1' }, 'input dry-run must be true or false, not "1"'],
    [{ 'max-retries': '0' }, 'input max-retries must be a whole number from 1, not "0"'],
    [{ 'max-retries': '2.5' }, 'input max-retries must be a whole number from 1, not "2.5"'],
    [{ push: 'force' }, 'input push must be one of auto, never, not "force"'],
    [{ 'fail-on': 'always' }, 'input fail-on must be one of failure, dead-letter, never, not "always"'],
  ])('refuses %j with one line naming the input', (inputs, message) => {
    expect(() => read(inputs)).toThrow(new ActionInputError(message));
  });
});

describe('failsStep', () => {
  it.each([
    ['success', 'failure', false],
    ['failed', 'failure', true],
    ['escalated', 'failure', true],
    ['interrupted', 'failure', true],
    ['success', 'dead-letter', false],
    ['failed', 'dead-letter', true],
    ['escalated', 'dead-letter', false],
    ['failed', 'never', false],
    ['escalated', 'never', false],
  ] as const)('%s with fail-on %s → %s', (status, failOn, fails) => {
    expect(failsStep(status, failOn)).toBe(fails);
  });
});

describe("the escalation's retry advice in the Action: a workflow's user has no `closed-loop resume`", () => {
  const optionOne = (place: Parameters<typeof actionWords>[0]): string =>
    /^1\. \*\*Fix manually and retry\*\*: (.*)$/m.exec(
      renderEscalation({
        taskId: 'pr-2',
        reason: 'same error twice',
        attempts: seedAttempts(),
        finalDiagnosis: aDiagnosis(),
        patterns: CATALOGUE,
        retry: actionWords(place).retry,
      }),
    )?.[1] ?? '';

  it.each([
    [
      'pull-request',
      "push the fix to the pull request's branch: the workflow runs the loop again on the new head (when nothing needed committing, such as a secret or a service, re-run this workflow).",
    ],
    [
      'app',
      "push the fix to the pull request's branch: the workflow runs the loop again on the new head (when nothing needed committing, such as a secret or a service, comment `/close-loop resume`, then `/close-loop retry`).",
    ],
    [
      'commit',
      'push the fix: the workflow runs the loop again on the new commit (when nothing needed committing, such as a secret or a service, re-run this workflow).',
    ],
  ] as const)('on %s: %s', (place, advice) => {
    expect(optionOne(place)).toBe(advice);
    expect(optionOne(place)).not.toMatch(/closed-loop resume/);
  });
});

describe('parseOutputFile', () => {
  it('reads heredoc blocks, multi-line values and name=value lines', () => {
    expect(
      parseOutputFile('status<<ghadelimiter_1\nsuccess\nghadelimiter_1\nnote<<EOF\na\nb\nEOF\nplain=x=y\n'),
    ).toEqual({ status: 'success', note: 'a\nb', plain: 'x=y' });
  });
});
