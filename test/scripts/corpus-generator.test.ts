// The corpus generator (scripts/corpus/generator, tables in scripts/corpus/cases): the committed logs,
// manifests and recorded runs are what the tables make, and drift shows; the capture half runs real
// commands the way the corpus's logs were captured.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TABLES } from '../../scripts/corpus/cases/tables.js';
import { logJobs, type CaseTable } from '../../scripts/corpus/generator/batches.js';
import { captureCase } from '../../scripts/corpus/generator/capture-case.js';
import { corpusDrift, regenerateFromRecords } from '../../scripts/corpus/generator/check-corpus.js';
import { composeLog } from '../../scripts/corpus/generator/compose-log.js';
import type { CorpusCase } from '../../scripts/corpus/generator/corpus-case.js';
import { dedent } from '../../scripts/corpus/generator/dedent.js';
import { PythonRandom } from '../../scripts/corpus/generator/python-random.js';
import { RECORDS_FILE } from '../../scripts/corpus/generator/regenerate.js';
import { startStub } from '../../scripts/corpus/generator/stub-server.js';
import { writeFiles } from '../../scripts/corpus/generator/write-files.js';
import { corpusRoot } from '../../scripts/corpus/load-corpus.js';

const temps: string[] = [];
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'corpus-gen-'));
  temps.push(dir);
  return dir;
};
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('the generated corpus', () => {
  it('regenerates into a temp dir byte for byte as committed: every log, manifest and recorded run', () => {
    const out = temp();
    const { files, problems } = regenerateFromRecords(corpusRoot, TABLES);
    writeFiles(out, files);
    const differ = [...files.keys()].filter(
      (path) => !readFileSync(join(out, path)).equals(readFileSync(join(corpusRoot, path))),
    );
    const stale = corpusDrift(corpusRoot, files).filter((d) => d.why === 'not generated');
    // A difference means a table, a framing or a committed file was changed alone: edit the table and
    // run `npm run corpus:make -- --write` (see test/fixtures/logs/README.md).
    expect(differ).toEqual([]);
    expect(stale).toEqual([]);
    expect(problems).toEqual([]);
    expect(files.size).toBeGreaterThan(900);
  });
});

/** A one-case corpus under a temp root, made from the committed log and record of a dev case. */
function oneCaseRoot(id: string): { root: string; tables: CaseTable[] } {
  const table = TABLES.find((t) => t.cases.some((c) => c.id === id))!;
  const tables = [{ ...table, cases: table.cases.filter((c) => c.id === id) }];
  const root = temp();
  const records = JSON.parse(readFileSync(join(corpusRoot, 'logs', RECORDS_FILE), 'utf8'));
  writeFiles(
    root,
    new Map([
      [`logs/${id}.log`, readFileSync(join(corpusRoot, 'logs', `${id}.log`), 'utf8')],
      [`logs/${RECORDS_FILE}`, JSON.stringify({ [id]: records[id] })],
    ]),
  );
  writeFiles(root, regenerateFromRecords(root, tables).files);
  return { root, tables };
}

describe('drift', () => {
  const id = 'steps/compiler-g-non-bool'; // a GitHub Actions log with a setup step before the failing one

  it('shows a manifest edited by hand, and the table writes it back', () => {
    const { root, tables } = oneCaseRoot(id);
    const manifest = join(root, 'logs', 'manifest.steps-probe.yml');
    const committed = readFileSync(manifest, 'utf8');
    writeFileSync(manifest, committed.replace('category: type', 'category: build'));
    const { files } = regenerateFromRecords(root, tables);
    expect(corpusDrift(root, files)).toEqual([{ path: 'logs/manifest.steps-probe.yml', why: 'differs' }]);
    writeFiles(root, files);
    expect(readFileSync(manifest, 'utf8')).toBe(committed);
  });

  it('shows a log whose framing was edited, and names a log that lost lines', () => {
    const { root, tables } = oneCaseRoot(id);
    const log = join(root, 'logs', `${id}.log`);
    const text = readFileSync(log, 'utf8');
    writeFileSync(log, text.replace('##[endgroup]', '##[endgroup] '));
    expect(corpusDrift(root, regenerateFromRecords(root, tables).files)).toEqual([
      { path: `logs/${id}.log`, why: 'differs' },
    ]);
    writeFileSync(log, text.split('\n').slice(1).join('\n'));
    expect(() => regenerateFromRecords(root, tables)).toThrow(
      `test/fixtures/logs/${id}.log: ${id}: the log has`,
    );
  });

  it('asks for a capture when a case has no recorded run', () => {
    const { root, tables } = oneCaseRoot(id);
    writeFileSync(join(root, 'logs', RECORDS_FILE), '{}');
    expect(() => regenerateFromRecords(root, tables)).toThrow(
      `no recorded run in logs/${RECORDS_FILE}; capture it: npm run corpus:make -- --capture ${id}`,
    );
  });
});

describe('what the framings take from Python', () => {
  it("draws CPython's random.Random numbers (the committed timestamps and ids come from them)", () => {
    // Printed by CPython 3.11: r = random.Random(seed); r.randint(0, 400000), r.uniform(0.5, 30),
    // '%08x' % r.getrandbits(32), '%016x' % r.getrandbits(64)
    const draw = (seed: number) => {
      const r = new PythonRandom(seed);
      return [
        r.randint(0, 400000),
        r.uniform(0.5, 30),
        r.getrandbits(32).toString(16),
        r.getrandbits(64).toString(16),
      ];
    };
    expect(draw(0)).toEqual([201979, 22.859654886738923, '6baa9455', '42485e3a0a5d2f34']);
    expect(draw(2 ** 32 - 1)).toEqual([333110, 18.777260813820348, '3720bfa9', '85bbddd49b7c60b4']);
  });

  it("dedents file contents as textwrap.dedent(...).lstrip('\\n') did", () => {
    expect(dedent('\n    a\n      b\n\n    c\n')).toBe('a\n  b\n\nc\n');
    expect(dedent('\tx\n\ty\n')).toBe('x\ny\n');
    expect(dedent('  a\n\tb\n')).toBe('  a\n\tb\n');
    expect(dedent('    a\n   \n    b\n')).toBe('a\n\nb\n');
    expect(dedent('  a\r\n  b\n')).toBe('a\r\nb\n');
  });
});

describe('capturing a case', () => {
  const job = (c: Partial<CorpusCase>) =>
    logJobs({
      batch: 'steps',
      eco: '',
      cases: [
        {
          id: 'shell/generator-test',
          tool: 'bash',
          cmd: 'true',
          pattern: null,
          category: 'unknown',
          eco: 'shell',
          ...c,
        },
      ],
    })[0]!;

  it('runs each step in the case files, one stream, scratch paths rewritten, and frames it', async () => {
    const j = job({
      wrapper: 'github-actions',
      category: 'config',
      steps: ['echo setup in $(pwd)'],
      cmd: 'echo out; echo "deploy.sh: line 3: BUCKET: unbound variable" >&2; bash deploy.sh',
      files: { 'deploy.sh': '\n      set -u\n      echo deploying\n      echo "$BUCKET"\n      ' },
      ev: /unbound variable/,
      locre: /^(?<f>\S+\.sh): line (?<l>\d+):/,
    });
    const runs = await captureCase(j);
    expect(runs.map((r) => [r.cmd, r.rc])).toEqual([
      ['echo setup in $(pwd)', 0],
      [j.c.cmd, 1],
    ]);
    expect(runs[0]!.output).toBe('setup in /home/runner/work/app/app\n');
    expect(runs[1]!.output).toBe(
      'out\ndeploy.sh: line 3: BUCKET: unbound variable\ndeploying\ndeploy.sh: line 3: BUCKET: unbound variable\n',
    );
    const { text, entry } = composeLog(j.c, j.eco, j.wrapper, j.style, runs);
    const lines = text.split('\n');
    const at = lines.findIndex((l) => l.endsWith(' out'));
    expect(lines[at + 4]).toMatch(/Z ##\[error\]Process completed with exit code 1\.$/);
    expect(entry).toContain(`evidence: {start: ${at + 2}, end: ${at + 4}}`);
    expect(entry).toContain("- {file: 'deploy.sh', line: 3, column: null}");
    expect(entry).toContain(
      "source: 'composed from: generated: steps run in order: echo setup in $(pwd); echo out;",
    );
  });

  it('ends a step that runs past its timeout with exit 124, keeping what it printed', async () => {
    const runs = await captureCase(job({ cmd: 'echo started; sleep 30', timeout: 1 }));
    expect(runs).toMatchObject([{ rc: 124, output: 'started\n' }]);
  });

  it('answers the auth and rate-limit cases from the loopback stub', async () => {
    const stub = await startStub(0);
    const port = (stub.address() as { port: number }).port;
    try {
      const r401 = await fetch(`http://127.0.0.1:${port}/401/pkg`);
      const r429 = await fetch(`http://127.0.0.1:${port}/429/x`);
      expect([r401.status, r401.headers.get('www-authenticate'), await r401.text()]).toEqual([
        401,
        'Basic realm="registry"',
        '{"error":"Unauthorized"}',
      ]);
      expect([r429.status, r429.headers.get('retry-after')]).toEqual([429, '60']);
    } finally {
      stub.closeAllConnections();
      stub.close();
    }
  });
});
