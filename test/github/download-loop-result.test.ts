import { strToU8, zipSync } from 'fflate';
import nock from 'nock';
import { beforeAll, describe, expect, it } from 'vitest';
import { downloadLoopResult, DEFAULT_DOWNLOAD_LIMITS } from '../../src/github/download-loop-result.js';
import { GitHubWriteError } from '../../src/github/github-write-error.js';
import { fixRepos, type FixRepo } from './fix-patch-kit.js';
import { API, testClient, useNock } from './github-test-kit.js';

useNock();

const RUN = 4242;
const ID = 99;
const BLOB = 'https://productionresultssa1.blob.core.windows.net';
const target = { owner: 'acme', repo: 'shop', runId: RUN };
const makeFix = fixRepos();
let fix: FixRepo;
beforeAll(async () => {
  fix = await makeFix();
});

const artifact = (overrides: Record<string, unknown> = {}) => ({
  id: ID,
  name: 'closed-loop-result',
  size_in_bytes: 2048,
  expired: false,
  archive_download_url: `${API}/repos/acme/shop/actions/artifacts/${ID}/zip`,
  ...overrides,
});

const zip = (files: Record<string, string | Uint8Array>) =>
  zipSync(
    Object.fromEntries(
      Object.entries(files).map(([name, data]) => [name, typeof data === 'string' ? strToU8(data) : data]),
    ),
  );

function listing(artifacts: unknown[]) {
  return nock(API)
    .get(`/repos/acme/shop/actions/runs/${RUN}/artifacts`)
    .query({ name: 'closed-loop-result', per_page: 100 })
    .reply(200, { total_count: artifacts.length, artifacts });
}

/** The listing, GitHub's 302 to a signed blob URL, and the blob host (which must not see the token). */
function serve(bytes: Uint8Array, artifacts: unknown[] = [artifact({ size_in_bytes: bytes.length })]) {
  return [
    listing(artifacts),
    nock(API)
      .get(`/repos/acme/shop/actions/artifacts/${ID}/zip`)
      .reply(302, '', { location: `${BLOB}/actions-results/x/closed-loop-result.zip?sig=abc` }),
    nock(BLOB, { badheaders: ['authorization'] })
      .get('/actions-results/x/closed-loop-result.zip')
      .query({ sig: 'abc' })
      .reply(200, Buffer.from(bytes), { 'content-type': 'application/zip' }),
  ];
}

/** Rewrites the uncompressed size the central directory declares for `name`. */
function declareSize(bytes: Uint8Array, name: string, size: number): Uint8Array {
  const copy = bytes.slice();
  const view = new DataView(copy.buffer);
  for (let i = 0; i < copy.length - 46; i++) {
    if (view.getUint32(i, true) !== 0x02014b50) continue;
    const nameLength = view.getUint16(i + 28, true);
    if (new TextDecoder().decode(copy.subarray(i + 46, i + 46 + nameLength)) === name)
      view.setUint32(i + 24, size, true);
  }
  return copy;
}

describe('downloadLoopResult', () => {
  it('follows the 302 to the blob and returns the LoopResult and fix.patch the Action wrote', async () => {
    const scopes = serve(zip({ 'result.json': fix.resultJson, 'fix.patch': fix.patch }), [
      artifact({ id: 12, expired: true }),
      artifact({ size_in_bytes: 4000 }),
    ]);
    const downloaded = await downloadLoopResult(testClient(), target);
    expect(downloaded).toEqual({ kind: 'found', result: fix.result, patch: fix.patch, artifactId: ID });
    scopes.forEach((s) => s.done());
  });

  it('returns patch null when the loop made no fix', async () => {
    const scopes = serve(zip({ 'result.json': fix.resultJson, 'notes.txt': 'other files are ignored' }));
    expect(await downloadLoopResult(testClient(), target)).toMatchObject({
      kind: 'found',
      patch: null,
      result: { status: 'success' },
    });
    scopes.forEach((s) => s.done());
  });

  it('says none when the run uploaded no result, or it expired', async () => {
    listing([]);
    expect(await downloadLoopResult(testClient(), target)).toEqual({
      kind: 'none',
      why: `run ${RUN} uploaded no closed-loop-result artifact`,
    });
    listing([artifact({ expired: true })]);
    expect(await downloadLoopResult(testClient(), target)).toEqual({
      kind: 'none',
      why: `the closed-loop-result artifact of run ${RUN} has expired`,
    });
  });

  it('says none when the artifact expires between the listing and the download (410)', async () => {
    listing([artifact()]);
    nock(API)
      .get(`/repos/acme/shop/actions/artifacts/${ID}/zip`)
      .reply(410, { message: 'Artifact has expired' });
    expect(await downloadLoopResult(testClient(), target)).toEqual({
      kind: 'none',
      why: `the closed-loop-result artifact of run ${RUN} has expired`,
    });
  });

  it('refuses an artifact over the size cap without downloading it', async () => {
    listing([artifact({ size_in_bytes: 5 * 1024 * 1024 + 1 })]);
    expect(await downloadLoopResult(testClient(), target)).toEqual({
      kind: 'rejected',
      why: `the closed-loop-result artifact of run ${RUN} is 5242881 bytes; the cap is 5242880`,
    });
  });

  it('refuses a zip bomb by its declared size, before inflating it', async () => {
    const bomb = zip({ 'result.json': new Uint8Array(64 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(100_000);
    const scopes = serve(bomb);
    expect(await downloadLoopResult(testClient(), target)).toEqual({
      kind: 'rejected',
      why: 'the artifact is refused: result.json declares 67108864 bytes; the cap is 2097152',
    });
    scopes.forEach((s) => s.done());
  });

  it('refuses an entry that inflates to more than it declares', async () => {
    const lying = declareSize(
      zip({ 'result.json': fix.resultJson, 'fix.patch': new Uint8Array(10_000_000).fill(43) }),
      'fix.patch',
      100,
    );
    const scopes = serve(lying);
    expect(await downloadLoopResult(testClient(), target)).toEqual({
      kind: 'rejected',
      why: 'the artifact is refused: fix.patch declares 100 bytes but holds more',
    });
    scopes.forEach((s) => s.done());
  });

  const withResult = (change: (json: Record<string, unknown>) => void): string => {
    const json = JSON.parse(fix.resultJson) as Record<string, unknown>;
    change(json);
    return JSON.stringify(json);
  };

  it.each<[string, () => Record<string, string | Uint8Array>, RegExp]>([
    [
      'result.json that is not JSON',
      () => ({ 'result.json': '{"version": 1,' }),
      /^result\.json is not valid JSON: \S/,
    ],
    [
      'a status the schema does not know, naming the field',
      () => ({
        'result.json': withResult((j) => {
          j.status = 'done';
        }),
      }),
      /^result\.json is not a LoopResult: status: Invalid option: expected one of "success"\|"failed"\|"escalated"\|"interrupted"$/,
    ],
    [
      'a fix commit sha that is not a sha, naming the field',
      () => ({
        'result.json': withResult((j) => {
          (j.fix_commits as { sha: string }[])[0]!.sha = 'HEAD~1';
        }),
      }),
      /^result\.json is not a LoopResult: fix_commits\.0\.sha: /,
    ],
    [
      'a result with fields missing, counting the problems',
      () => ({ 'result.json': '{"version": 1}' }),
      /^result\.json is not a LoopResult: task_id: .* \(and \d+ more problems\)$/,
    ],
    [
      'no result.json',
      () => ({ 'fix.patch': 'diff --git a/x b/x\n' }),
      /^the closed-loop-result artifact of run 4242 holds no result\.json$/,
    ],
    [
      'fix.patch that is not UTF-8',
      () => ({ 'result.json': fix.resultJson, 'fix.patch': new Uint8Array([0x2b, 0xff, 0xfe]) }),
      /^fix\.patch is not UTF-8 text$/,
    ],
    [
      'too many entries',
      () => Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`f${i}.txt`, 'x'])),
      /^the artifact is refused: it lists 17 entries; at most 16 are allowed$/,
    ],
  ])('refuses %s', async (_name, files, why) => {
    const scopes = serve(zip(files()));
    const downloaded = await downloadLoopResult(testClient(), target);
    expect(downloaded).toEqual({ kind: 'rejected', why: expect.stringMatching(why) });
    scopes.forEach((s) => s.done());
  });

  it('refuses bytes that are not a zip', async () => {
    const scopes = serve(strToU8('<html>not a zip</html>'));
    expect(await downloadLoopResult(testClient(), target)).toEqual({
      kind: 'rejected',
      why: 'the artifact is refused: it is not a zip archive',
    });
    scopes.forEach((s) => s.done());
  });

  it('turns a GitHub failure into a GitHubWriteError', async () => {
    nock(API)
      .get(`/repos/acme/shop/actions/runs/${RUN}/artifacts`)
      .query(true)
      .reply(404, { message: 'Not Found' });
    const error = await downloadLoopResult(testClient(), target).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitHubWriteError);
    expect(error).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('has the documented default caps', () => {
    expect(DEFAULT_DOWNLOAD_LIMITS).toEqual({
      maxZipBytes: 5 * 1024 * 1024,
      maxEntries: 16,
      maxResultBytes: 2 * 1024 * 1024,
      maxPatchBytes: 1024 * 1024,
    });
  });
});
