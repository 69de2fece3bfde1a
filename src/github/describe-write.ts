import { renderCommentBody } from '../core/plan/comment-marker.js';
import type { PlanWrite } from '../core/plan/plan-schema.js';
import {
  buildRequest,
  type AppliedWrite,
  type GitHub,
  type PlanTarget,
  type PlannedRequest,
} from './github-request.js';

/**
 * The write requests one plan write would send, built with `octokit.request.endpoint` and never
 * sent: a dry run reads nothing either, so each request says what it depends on.
 */
export function describeWrite(octokit: GitHub, target: PlanTarget, write: PlanWrite): AppliedWrite {
  const repo = { owner: target.owner, repo: target.repo };
  const requests: PlannedRequest[] = [];
  const add = (route: string, params: Record<string, unknown>, note?: string) =>
    requests.push(buildRequest(octokit, route, params, note));
  switch (write.kind) {
    case 'upsert_comment':
      if (write.only_if_exists) {
        add(
          'PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}',
          { ...repo, comment_id: 0, body: renderCommentBody(write) },
          `of the comment carrying ${write.marker}${write.key ? ` and key ${write.key}` : ''}, only when one exists`,
        );
        break;
      }
      add(
        'POST /repos/{owner}/{repo}/issues/{issue_number}/comments',
        { ...target, body: renderCommentBody(write) },
        `or PATCH of the comment carrying ${write.marker}${write.key ? ` and key ${write.key}` : ''}, when one exists`,
      );
      break;
    case 'add_labels':
      add(
        'POST /repos/{owner}/{repo}/issues/{issue_number}/labels',
        { ...target, labels: write.labels },
        'only the labels the PR lacks',
      );
      break;
    case 'remove_labels':
      for (const name of write.labels)
        add(
          'DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{name}',
          { ...target, name },
          'when the PR has it',
        );
      break;
    case 'ensure_labels':
      for (const label of write.labels)
        add('POST /repos/{owner}/{repo}/labels', { ...repo, ...label }, 'when the repository lacks it');
      break;
    case 'check_run': {
      const { head_sha, name, status, conclusion, output } = write;
      const annotations = write.annotations ?? [];
      add(
        'POST /repos/{owner}/{repo}/check-runs',
        {
          ...repo,
          head_sha,
          name,
          status,
          ...(conclusion ? { conclusion } : {}),
          output: { ...output, ...(annotations.length ? { annotations: annotations.slice(0, 50) } : {}) },
        },
        annotations.length
          ? `then one PATCH per further 50 of its ${annotations.length} annotations`
          : `or PATCH of the latest "${write.name}" run on ${head_sha.slice(0, 7)}, when one exists`,
      );
      break;
    }
  }
  return {
    kind: write.kind,
    outcome: 'dry-run',
    detail: `would send ${requests.length} request(s)`,
    requests,
  };
}
