import type { ByteFeed } from '../core/analyze/feed-bytes.js';
import { describeBinary } from '../core/analyze/sniff-encoding.js';
import { readFrom, type GitHub } from './github-request.js';
import { GitHubWriteError } from './github-write-error.js';

export type JobLogRead = { kind: 'read'; bytes: number; capped: boolean } | { kind: 'refused'; why: string };

const LOGS = 'GET /repos/{owner}/{repo}/actions/jobs/{job_id}/logs';
/** Bytes sniffed before any line reaches the analyzer: a zip or binary blob is refused whole. */
const SNIFF = 8192;

/**
 * Streams one job's log (GitHub answers 302 to a plain-text download) into the sink as raw UTF-8 bytes
 * (without the byte-order mark GitHub starts it with), reading at most `maxBytes`: the log is untrusted
 * and may be hundreds of MB, so it is never held whole. A log whose first bytes are not text is refused
 * before the sink sees any of it.
 */
export async function readJobLog(
  octokit: GitHub,
  target: { owner: string; repo: string; jobId: number },
  sink: ByteFeed,
  maxBytes: number,
): Promise<JobLogRead> {
  const params = {
    owner: target.owner,
    repo: target.repo,
    job_id: target.jobId,
    request: { parseSuccessResponseBody: false },
  };
  let body: ReadableStream<Uint8Array> | null;
  try {
    const response = await readFrom(octokit, LOGS, params, () => octokit.request(LOGS, params));
    body = response.data as unknown as ReadableStream<Uint8Array> | null;
  } catch (error) {
    if (error instanceof GitHubWriteError && (error.status === 404 || error.status === 410))
      return {
        kind: 'refused',
        why: `the log of job ${target.jobId} is gone (${error.status}): logs expire`,
      };
    throw error;
  }
  if (body === null || typeof (body as { getReader?: unknown }).getReader !== 'function')
    return { kind: 'refused', why: `the log of job ${target.jobId} came back empty` };
  const reader = body.getReader();
  let head: Uint8Array[] = [];
  let headBytes = 0;
  let sniffed = false;
  let bytes = 0;
  const sniff = (): string | null => {
    const all = new Uint8Array(headBytes);
    let at = 0;
    for (const part of head) {
      all.set(part, at);
      at += part.length;
    }
    head = [];
    sniffed = true;
    const binary = describeBinary(all.subarray(0, SNIFF));
    const bom = all[0] === 0xef && all[1] === 0xbb && all[2] === 0xbf ? 3 : 0;
    if (binary === null) sink.push(all.subarray(bom));
    return binary;
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const room = maxBytes - bytes;
      const chunk = value.length > room ? value.subarray(0, room) : value;
      bytes += chunk.length;
      if (!sniffed) {
        head.push(chunk);
        headBytes += chunk.length;
        if (headBytes >= SNIFF) {
          const binary = sniff();
          if (binary !== null)
            return {
              kind: 'refused',
              why: `the log of job ${target.jobId} ${binary.replace(/:.*$/, '')}; not analysed`,
            };
        }
      } else sink.push(chunk);
      if (bytes >= maxBytes) return finish(true);
    }
    if (!sniffed) {
      const binary = sniff();
      if (binary !== null)
        return {
          kind: 'refused',
          why: `the log of job ${target.jobId} ${binary.replace(/:.*$/, '')}; not analysed`,
        };
    }
    return finish(false);
  } finally {
    await reader.cancel().catch(() => undefined); // stop the download past the cap (or on a refusal)
  }

  function finish(capped: boolean): JobLogRead {
    sink.end();
    return { kind: 'read', bytes, capped };
  }
}
