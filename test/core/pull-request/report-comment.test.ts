import { describe, expect, it } from 'vitest';
import { buildDeadLetter } from '../../../src/core/dead-letter/build-dead-letter.js';
import { parseDeadLetter } from '../../../src/core/dead-letter/parse-dead-letter.js';
import { renderDeadLetter } from '../../../src/core/dead-letter/render-dead-letter.js';
import { renderReportComment, reportFromComment } from '../../../src/core/pull-request/report-comment.js';
import { renderCommentBody } from '../../../src/core/plan/comment-marker.js';
import { anInput } from '../dead-letter/builders.js';

const report = renderDeadLetter(buildDeadLetter(anInput({ taskId: 'pr-7' })));

describe('the report as a PR comment', () => {
  it('a dead letter: a heading first, the front matter folded into a yaml block, the body as it is', () => {
    const comment = renderReportComment(report);
    expect(comment).toMatch(/^### closed-loop · dead letter\n/);
    expect(comment).toContain(
      "<details><summary>The dead letter's record</summary>\n\n```yaml\n---\nentity_name: ",
    );
    expect(comment.split('\n').some((l) => l.startsWith('task_id: pr-7'))).toBe(true);
    expect(comment).toContain(report.slice(report.indexOf('\n---\n', 4) + 5)); // the markdown body, untouched
  });

  it('gives the report back exactly from the comment as it is on GitHub (marker and key lines first)', () => {
    const body = renderCommentBody({
      marker: '<!-- closed-loop:report -->',
      key: 'a'.repeat(40),
      body: renderReportComment(report),
    });
    expect(reportFromComment(body)).toBe(report);
    expect(parseDeadLetter(reportFromComment(body) ?? '')).toEqual(parseDeadLetter(report));
  });

  it('an escalation (no front matter) is left as it is; a comment without a record gives none', () => {
    const escalation = '## ⚠ BLOCKED: pr-7\n\n**Reason:** type-error twice\n';
    expect(renderReportComment(escalation)).toBe(escalation);
    expect(reportFromComment(escalation)).toBeNull();
    expect(reportFromComment(`x\n${report}`)).toBeNull(); // a raw report pasted by a person is not one of ours
  });
});
