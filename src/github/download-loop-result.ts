import { LoopResultSchema, type LoopResult } from '../core/loop-result.js';
import { maskSecretsDeep } from '../core/report/mask-secrets-deep.js';
import { decodeText } from './decode-text.js';
import { readFrom, type GitHub } from './github-request.js';
import { GitHubWriteError } from './github-write-error.js';
import { readZipEntries } from './read-zip-entries.js';

/** The artifact the Action uploads on every run (see src/action). */
const RESULT_ARTIFACT = 'closed-loop-result';

export interface RunTarget {
  owner: string;
  repo: string;
  runId: number;
}

export interface DownloadLimits {
  /** The largest zip to download (GitHub's size_in_bytes, then the bytes received). */
  maxZipBytes: number;
  /** The most entries the zip may list. */
  maxEntries: number;
  maxResultBytes: number;
  maxPatchBytes: number;
}

export const DEFAULT_DOWNLOAD_LIMITS: DownloadLimits = {
  maxZipBytes: 5 * 1024 * 1024,
  maxEntries: 16,
  maxResultBytes: 2 * 1024 * 1024,
  maxPatchBytes: 1024 * 1024,
};

export type DownloadedResult =
  | { kind: 'found'; result: LoopResult; patch: string | null; artifactId: number }
  | { kind: 'none'; why: string }
  | { kind: 'rejected'; why: string };

interface ListedArtifact {
  id: number;
  name: string;
  size_in_bytes: number;
  expired: boolean;
}

const LIST = 'GET /repos/{owner}/{repo}/actions/runs/{run_id}/artifacts';
const DOWNLOAD = 'GET /repos/{owner}/{repo}/actions/artifacts/{artifact_id}/{archive_format}';

/** Parses result.json as the untrusted LoopResult it is: a refusal names the first bad field. */
function parseResult(bytes: Uint8Array): { ok: true; result: LoopResult } | { ok: false; why: string } {
  const text = decodeText(bytes);
  if (text === null) return { ok: false, why: 'result.json is not UTF-8 text' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      why: `result.json is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const parsed = LoopResultSchema.safeParse(json);
  // Masked by value where it enters: the runner is untrusted, and all that is shown of it comes from this.
  if (parsed.success) return { ok: true, result: maskSecretsDeep(parsed.data) };
  const [first, ...rest] = parsed.error.issues;
  const field = first?.path.length ? first.path.join('.') : '(the top level)';
  const more = rest.length > 0 ? ` (and ${rest.length} more problem${rest.length === 1 ? '' : 's'})` : '';
  return {
    ok: false,
    why: `result.json is not a LoopResult: ${field}: ${first?.message ?? 'invalid'}${more}`,
  };
}

async function downloadZip(
  octokit: GitHub,
  target: RunTarget,
  artifactId: number,
): Promise<Uint8Array | null> {
  const params = { owner: target.owner, repo: target.repo, artifact_id: artifactId, archive_format: 'zip' };
  try {
    // GitHub answers 302 to a short-lived blob URL; fetch follows it and drops the token on the way.
    const response = await readFrom(octokit, DOWNLOAD, params, () => octokit.request(DOWNLOAD, params));
    const data: unknown = response.data;
    // Octokit gives an ArrayBuffer for a binary content type; anything else is not a zip.
    return data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(0);
  } catch (error) {
    // 410 Gone: the artifact expired between the listing and the download.
    if (error instanceof GitHubWriteError && error.status === 410) return null;
    throw error;
  }
}

/**
 * Finds and reads the `closed-loop-result` artifact of a workflow run: result.json as a LoopResult
 * and fix.patch as text, everything checked against caps before it is trusted (the runner is not).
 * Bad input comes back as `rejected` with a one-line why; a GitHub failure throws GitHubWriteError.
 */
export async function downloadLoopResult(
  octokit: GitHub,
  target: RunTarget,
  limits: DownloadLimits = DEFAULT_DOWNLOAD_LIMITS,
): Promise<DownloadedResult> {
  const run = `run ${target.runId}`;
  const params = {
    owner: target.owner,
    repo: target.repo,
    run_id: target.runId,
    name: RESULT_ARTIFACT,
    per_page: 100,
  };
  const listed = await readFrom(octokit, LIST, params, () => octokit.request(LIST, params));
  const named = (listed.data.artifacts as ListedArtifact[]).filter((a) => a.name === RESULT_ARTIFACT);
  if (named.length === 0) return { kind: 'none', why: `${run} uploaded no ${RESULT_ARTIFACT} artifact` };
  const artifact = named.filter((a) => !a.expired).sort((a, b) => b.id - a.id)[0];
  if (artifact === undefined)
    return { kind: 'none', why: `the ${RESULT_ARTIFACT} artifact of ${run} has expired` };
  const tooBig = (size: number) => ({
    kind: 'rejected' as const,
    why: `the ${RESULT_ARTIFACT} artifact of ${run} is ${size} bytes; the cap is ${limits.maxZipBytes}`,
  });
  if (artifact.size_in_bytes > limits.maxZipBytes) return tooBig(artifact.size_in_bytes);

  const zip = await downloadZip(octokit, target, artifact.id);
  if (zip === null) return { kind: 'none', why: `the ${RESULT_ARTIFACT} artifact of ${run} has expired` };
  if (zip.length > limits.maxZipBytes) return tooBig(zip.length);
  const read = readZipEntries(zip, {
    maxEntries: limits.maxEntries,
    wanted: { 'result.json': limits.maxResultBytes, 'fix.patch': limits.maxPatchBytes },
  });
  if (!read.ok) return { kind: 'rejected', why: read.why };
  const resultBytes = read.entries.get('result.json');
  if (resultBytes === undefined)
    return { kind: 'rejected', why: `the ${RESULT_ARTIFACT} artifact of ${run} holds no result.json` };
  const parsed = parseResult(resultBytes);
  if (!parsed.ok) return { kind: 'rejected', why: parsed.why };
  const patchBytes = read.entries.get('fix.patch');
  const patch = patchBytes === undefined ? null : decodeText(patchBytes);
  if (patchBytes !== undefined && patch === null)
    return { kind: 'rejected', why: 'fix.patch is not UTF-8 text' };
  return { kind: 'found', result: parsed.result, patch, artifactId: artifact.id };
}
