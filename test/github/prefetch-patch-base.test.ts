import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { prefetchPatchBase } from '../../src/github/prefetch-patch-base.js';
import { preparePatch } from '../../src/github/prepare-patch.js';
import { reuseReads } from '../../src/github/reuse-reads.js';
import { API, HEAD, testClient, useNock } from './github-test-kit.js';

useNock();

const repo = { owner: 'acme', repo: 'shop' };
const PATCH =
  'diff --git a/bin/run.sh b/bin/run.sh\n--- a/bin/run.sh\n+++ b/bin/run.sh\n@@ -1,2 +1,3 @@\n #!/bin/sh\n echo run\n+echo done\n';
const RUN_SH = '#!/bin/sh\necho run\n';
const ROOT = 'c'.repeat(40);
const BIN = 'd'.repeat(40);
const BLOB = 'e'.repeat(40);

function client() {
  const octokit = testClient();
  reuseReads(octokit as never);
  return octokit;
}

/**
 * GitHub's answer for the patch's base: the head commit, its root tree, bin/ and bin/run.sh (executable: mode
 * 0o100755).
 */
function answer(text: string | null = RUN_SH) {
  return {
    data: {
      repository: {
        head: {
          oid: HEAD,
          message: 'a commit\n',
          tree: { oid: ROOT, entries: [{ name: 'bin', mode: 0o40000, type: 'tree', oid: BIN, size: 0 }] },
          parents: { totalCount: 0, nodes: [] },
        },
        e0: { oid: BIN, entries: [{ name: 'run.sh', mode: 0o100755, type: 'blob', oid: BLOB, size: 20 }] },
        e1: { oid: BLOB, byteSize: Buffer.byteLength(RUN_SH), isBinary: false, isTruncated: false, text },
      },
    },
  };
}

describe('prefetchPatchBase: the files along a patch in one query', () => {
  it("applying the patch then reads nothing through REST, and keeps the file's mode", async () => {
    let asked: { variables: Record<string, string> } | undefined;
    nock(API)
      .post('/graphql', (body: { variables: Record<string, string> }) => {
        asked = body;
        return true;
      })
      .reply(200, answer());
    const octokit = client();
    await prefetchPatchBase(octokit as never, repo, { headSha: HEAD, patch: PATCH });
    expect(asked?.variables).toMatchObject({ head: HEAD, e0: `${HEAD}:bin`, e1: `${HEAD}:bin/run.sh` });
    const prepared = await preparePatch(octokit, repo, HEAD, PATCH);
    expect(prepared).toMatchObject({
      ok: true,
      treeSha: ROOT,
      writes: [{ path: 'bin/run.sh', mode: '100755', text: `${RUN_SH}echo done\n` }],
    });
  });

  it('a file whose text GraphQL does not give as its exact bytes is read through REST', async () => {
    nock(API)
      .post('/graphql')
      .reply(200, answer(RUN_SH.replace('\n', '\r\n')))
      .get(`/repos/acme/shop/git/blobs/${BLOB}`)
      .reply(200, {
        sha: BLOB,
        encoding: 'base64',
        content: Buffer.from(RUN_SH).toString('base64'),
        size: 20,
      });
    const octokit = client();
    await prefetchPatchBase(octokit as never, repo, { headSha: HEAD, patch: PATCH });
    expect(await preparePatch(octokit, repo, HEAD, PATCH)).toMatchObject({ ok: true });
  });
});
