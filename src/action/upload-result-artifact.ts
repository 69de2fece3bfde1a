import * as core from '@actions/core';
import { join } from 'node:path';
import { maskSecrets } from '../core/report/mask-secrets.js';
import { RESULT_ARTIFACT } from './result-artifact.js';
import type { ResultFiles } from './write-result-files.js';

export type ArtifactUpload =
  { kind: 'uploaded'; id: number | undefined } | { kind: 'skipped' } | { kind: 'failed'; note: string };

/**
 * Uploads result.json, fix.patch (when there is one) and the run's reports from `dir` as the workflow
 * artifact
 * `closed-loop-result`, for the App. Off a runner (no ACTIONS_RUNTIME_TOKEN / ACTIONS_RESULTS_URL: a
 * local run) it is skipped with an info line. A failed upload is a warning and a note for the summary:
 * the loop's verdict, not the upload, decides the step.
 */
export async function uploadResultArtifact(
  files: ResultFiles,
  dir: string,
  env: NodeJS.ProcessEnv,
  secrets: readonly string[],
): Promise<ArtifactUpload> {
  if (!env.ACTIONS_RUNTIME_TOKEN || !env.ACTIONS_RESULTS_URL) {
    core.info(
      `closed-loop: no artifact service here (ACTIONS_RUNTIME_TOKEN or ACTIONS_RESULTS_URL unset: not a runner); ${RESULT_ARTIFACT} not uploaded`,
    );
    return { kind: 'skipped' };
  }
  const paths = [
    files.result,
    ...(files.patch === null ? [] : [files.patch]),
    ...files.reports.map((r) => join(dir, r.name)),
  ];
  try {
    // Loaded here, not at the top: @actions/artifact (and the Azure SDK under it) is most of the
    // Action's bundle, and a run that does not upload (a local run, a dry run) never pays for it.
    const { DefaultArtifactClient } = await import('@actions/artifact');
    const { id } = await new DefaultArtifactClient().uploadArtifact(RESULT_ARTIFACT, paths, dir);
    core.info(
      `closed-loop: uploaded the artifact ${RESULT_ARTIFACT}${id === undefined ? '' : ` (id ${id})`}`,
    );
    return { kind: 'uploaded', id };
  } catch (error) {
    const message = maskSecrets(error instanceof Error ? error.message : String(error), secrets);
    core.warning(message, { title: `closed-loop could not upload the artifact ${RESULT_ARTIFACT}` });
    return {
      kind: 'failed',
      note:
        `The artifact \`${RESULT_ARTIFACT}\` was not uploaded (${message}), so the closed-loop App cannot pick up this run's result; ` +
        "this job's summary and log still hold it. Another step uploading an artifact of the same name makes the upload fail.",
    };
  }
}
