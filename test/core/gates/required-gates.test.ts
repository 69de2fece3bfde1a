import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_LISTED_FILES, requiredGates, type ChangedFile } from '../../../src/core/gates/required-gates.js';
import { blob, gatesWith } from './gate-builders.js';

const file = (path: string, sha: string | null = blob(1), previousPath?: string): ChangedFile =>
  previousPath === undefined ? { path, sha } : { path, sha, previousPath };

describe('requiredGates', () => {
  it.each([
    ['a migration', [file('db/migrations/001_init.sql')], ['database']],
    [
      'a workflow and an auth module',
      [file('src/auth/login.ts'), file('.github/workflows/ci.yml')],
      ['security', 'deploy'],
    ],
    ['ordinary code', [file('src/app.ts'), file('README.md')], []],
    [
      'a file renamed out of a gated folder',
      [file('src/db/old_001.sql.bak', blob(2), 'db/migrations/001.sql')],
      ['database'],
    ],
    [
      'a file renamed into a gated folder',
      [file('src/auth/session.ts', blob(2), 'src/session.ts')],
      ['security'],
    ],
  ])('%s needs %j, in GATES order', (_what, files, gates) => {
    expect(requiredGates(files, gatesWith()).map((g) => g.gate)).toEqual(gates);
  });

  it('uses the configured paths, and a gate with paths [] is off', () => {
    const gates = gatesWith({ architecture: { paths: ['src/core/**'] }, database: { paths: [] } });
    const required = requiredGates([file('src/core/x.ts'), file('migrations/1.sql')], gates);
    expect(required.map((g) => g.gate)).toEqual(['architecture']);
  });

  it('lists the matched files sorted, a rename as old → new, and caps the list saying how many more', () => {
    const many = Array.from({ length: MAX_LISTED_FILES + 3 }, (_, i) =>
      file(`migrations/${String(i).padStart(3, '0')}.sql`),
    );
    const [gate] = requiredGates(
      [file('src/x.ts'), ...many.reverse(), file('src/db/kept.ts', blob(3), 'db/migrations/kept.ts')],
      gatesWith(),
    );
    expect(gate?.files[0]).toBe('db/migrations/kept.ts → src/db/kept.ts');
    expect(gate?.files[1]).toBe('migrations/000.sql');
    expect(gate?.files).toHaveLength(MAX_LISTED_FILES);
    expect(gate?.more).toBe(4);
  });

  it('gives the same fingerprint whatever the order of the files, and ignores files outside the gate', () => {
    const files = [
      file('migrations/1.sql', blob(1)),
      file('migrations/2.sql', blob(2)),
      file('src/app.ts', blob(3)),
    ];
    fc.assert(
      fc.property(
        fc.shuffledSubarray(files, { minLength: 3, maxLength: 3 }),
        fc.stringMatching(/^[0-9a-f]{40}$/),
        (shuffled, otherBlob) => {
          const withOtherChange = shuffled.map((f) =>
            f.path === 'src/app.ts' ? { ...f, sha: otherBlob } : f,
          );
          expect(requiredGates(withOtherChange, gatesWith())[0]?.fingerprint).toBe(
            requiredGates(files, gatesWith())[0]?.fingerprint,
          );
        },
      ),
    );
  });

  it.each([
    ['a changed blob', [file('migrations/1.sql', blob(9))]],
    ['a deleted file (no blob)', [file('migrations/1.sql', null)]],
    ['another gated file', [file('migrations/1.sql'), file('migrations/2.sql')]],
    ['the same blob under a new path', [file('migrations/one.sql', blob(1), 'migrations/1.sql')]],
  ])('changes the fingerprint for %s', (_what, files) => {
    const before = requiredGates([file('migrations/1.sql')], gatesWith())[0]?.fingerprint;
    expect(requiredGates(files, gatesWith())[0]?.fingerprint).not.toBe(before);
  });

  it('fingerprints each gate from its own files only', () => {
    const base = [file('migrations/1.sql'), file('src/auth/a.ts')];
    const [sec1, db1] = requiredGates(base, gatesWith());
    const [sec2, db2] = requiredGates(
      [file('migrations/1.sql'), file('src/auth/a.ts', blob(7))],
      gatesWith(),
    );
    expect(db2?.fingerprint).toBe(db1?.fingerprint);
    expect(sec2?.fingerprint).not.toBe(sec1?.fingerprint);
    expect(db1?.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });
});
