import { describe, expect, it } from 'vitest';
import { comparablePath } from '../../../src/core/validate/comparable-path.js';
import { validateChange } from '../../../src/core/validate/validate-change.js';
import { validationPolicy } from '../../../src/core/validate/validation-policy.js';
import { validatePatch } from '../../../src/core/validate/validate-patch.js';

const limits = { maxBytes: 1024 * 1024, maxFiles: 50 };
const section = (path: string) =>
  `diff --git a/${path} b/${path}\n--- a/${path}\n+++ b/${path}\n@@ -1 +1 @@\n-a\n+b\n`;

describe('patch paths are compared as Windows and macOS resolve them', () => {
  it.each([
    ['.git./hooks/x', /it is inside \.git/],
    ['.git::$DATA/hooks/x', /it is inside \.git/],
    ['.g\u200Bit/hooks/x', /it is inside \.git/],
    ['git~1/hooks/x', /Windows short name/],
    ['GITHUB~1/workflows/ci.yml', /Windows short name/],
    ['.github /x', /under \.github\//],
    ['.github./workflows/ci.yml', /under \.github\//],
    ['\uFF0Egithub/workflows/ci.yml', /under \.github\//],
    ['\uFF0E\uFF47\uFF49\uFF54/config', /it is inside \.git/],
    ['src/\uFF0E\uFF0E/../x', /`\.\.`/],
  ])('refuses %j', (path, why) => {
    const validation = validatePatch(section(path), limits);
    expect(validation.ok).toBe(false);
    expect(!validation.ok && validation.why).toMatch(why);
  });

  it('still accepts ordinary names with dots, spaces and tildes inside', () => {
    for (const path of ['src/a.b.ts', 'docs/read me.md', 'src/~backup.js', 'src/.gitkeep', 'github/x.yml']) {
      expect(validatePatch(section(path), limits)).toMatchObject({ ok: true });
    }
  });

  it('applies the same normalisation to the forbidden_paths gate of a local fix', () => {
    const file = (path: string) => ({
      path,
      status: 'modified' as const,
      text: 'b\n',
      addedLines: ['b'],
      sizeBefore: 2,
      sizeAfter: 2,
    });
    const result = validateChange(
      { strategy: 'auto_fix', files: [file('.github /workflows/ci.yml'), file('\uFF0Egithub/x')] },
      validationPolicy('auto_fix'),
    );
    expect(result.violations.map((v) => v.gate)).toEqual(['forbidden_paths', 'forbidden_paths']);
    expect(comparablePath('.GitHub. /Work\u200Bflows')).toBe('.github/workflows');
  });
});
