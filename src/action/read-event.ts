import { readFile } from 'node:fs/promises';

/** The pull request's number from the workflow's event payload, or null (another event, or none). */
export async function pullRequestNumber(eventPath: string | undefined): Promise<number | null> {
  if (!eventPath) return null;
  try {
    const payload = JSON.parse(await readFile(eventPath, 'utf8')) as { pull_request?: { number?: unknown } };
    const n = payload.pull_request?.number;
    return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}
