import { describe, expect, it } from 'vitest';
import { pointAtArtifactCopies, pointAtShippedReports } from '../../../src/core/pull-request/report-files.js';

const names = ['escalation-pr-7.md', 'context-pr-7.md', 'attempts-pr-7.md'];

describe("a report's paths in the runner's state folder, as a reader after the job finds the files", () => {
  it('in the artifact: a report beside it by its name there; any other file as gone with the runner', () => {
    const text =
      'the context is in .git/closed-loop/context-pr-7.md. The agent read `.git/closed-loop/context-pr-7.json`; ' +
      'its output: .git/closed-loop/logs/pr-7/attempt-1/agent.log';
    expect(pointAtArtifactCopies(text, names, '.git/closed-loop')).toBe(
      'the context is in context-pr-7.md (in this artifact). ' +
        "The agent read `context-pr-7.json (in the runner's state folder, not kept after the job)`; " +
        "its output: logs/pr-7/attempt-1/agent.log (in the runner's state folder, not kept after the job)",
    );
  });

  it('leaves a path that only ends like the state folder, and a folder named without a file', () => {
    const text =
      'see /home/runner/work/shop/.git/closed-loop/context-pr-7.md; leave state_dir out for .git/closed-loop/ here';
    expect(pointAtArtifactCopies(text, names, '.git/closed-loop')).toBe(text);
  });

  it('a state folder the user named outside the repository is found as the reports print it (absolute)', () => {
    expect(pointAtArtifactCopies('in /tmp/cl state/context-pr-7.md', names, '/tmp/cl state')).toBe(
      'in context-pr-7.md (in this artifact)',
    );
  });

  it('in the job summary, result.json and the PR: the artifact when uploaded, the summary when not', () => {
    const text = 'the context is in .git/closed-loop/context-pr-7.md';
    const files = { names, stateDir: '.git/closed-loop' };
    expect(pointAtShippedReports(text, { ...files, where: 'artifact' })).toBe(
      'the context is in context-pr-7.md (in the closed-loop-result artifact)',
    );
    expect(pointAtShippedReports(text, { ...files, where: 'runner' })).toBe(
      "the context is in context-pr-7.md (folded in this run's job summary; it was not uploaded)",
    );
    expect(pointAtShippedReports(text, { ...files, stateDir: null, where: 'artifact' })).toBe(text);
  });
});
