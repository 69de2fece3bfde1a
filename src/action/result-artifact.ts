/**
 * The workflow artifact the Action uploads and the Probot App downloads on `workflow_run` completed.
 * These names are a contract between the two drivers: renaming one breaks the App's download.
 */
export const RESULT_ARTIFACT = 'closed-loop-result';
/** The versioned LoopResult, at the artifact's root. */
export const RESULT_FILE = 'result.json';
/** The loop's fix commits as `git format-patch` mails, at the artifact's root; only when it made fixes. */
export const PATCH_FILE = 'fix.patch';
