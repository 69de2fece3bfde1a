import { VERSION } from '../version.js';

/**
 * The major tag a workflow names the Action by (`uses: closed-loop/closed-loop@v1`) for a version of
 * closed-loop: the release workflow moves `v<major>` onto each release (docs/releasing.md), so a 1.x
 * release is `v1`, a 2.x `v2`. A version before 1.0.0 has never been released: the first release is
 * 1.0.0 (a major changeset is pending), so its tag is `v1` too; so is a build from the sources (`dev`).
 */
export function actionTag(version: string): string {
  const major = Number(/^(\d+)\./.exec(version)?.[1] ?? 0);
  return `v${Math.max(major, FIRST_RELEASE_MAJOR)}`;
}

const FIRST_RELEASE_MAJOR = 1;

/** What a workflow writes to run the Action of this build: `closed-loop/closed-loop@v1`. */
export const ACTION_USES = `closed-loop/closed-loop@${actionTag(VERSION)}`;
