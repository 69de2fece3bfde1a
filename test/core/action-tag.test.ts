import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTION_USES, actionTag } from '../../src/core/action-tag.js';

const ROOT = join(import.meta.dirname, '../..');

describe('the Action tag workflows name (`uses: closed-loop/closed-loop@vN`)', () => {
  it('is the major tag the release workflow moves onto a release; v1 before the first release (1.0.0)', () => {
    expect(actionTag('1.0.0')).toBe('v1');
    expect(actionTag('1.4.2')).toBe('v1');
    expect(actionTag('2.0.0')).toBe('v2');
    expect(actionTag('2.0.0-next.1')).toBe('v2');
    expect(actionTag('0.1.0')).toBe('v1');
    expect(actionTag('dev')).toBe('v1');
  });

  it("is package.json's version's, as the App's workflow snippet writes it", () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(ACTION_USES).toBe(`closed-loop/closed-loop@${actionTag(version)}`);
  });

  it('is the one every doc, the release workflow and the sources name', () => {
    const files = [
      'README.md',
      'action.yml',
      '.github/workflows/release.yml',
      ...readdirSync(join(ROOT, 'docs')).map((f) => `docs/${f}`),
      ...readdirSync(join(ROOT, '.changeset')).map((f) => `.changeset/${f}`),
      'src/core/config/json-schema.ts',
    ].filter((f) => /\.(md|ya?ml|ts)$/.test(f));
    const named = files.flatMap((f) =>
      [...readFileSync(join(ROOT, f), 'utf8').matchAll(/closed-loop\/closed-loop@(v\d+)/g)].map(
        (m) => `${f}: ${m[0]}`,
      ),
    );
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((n) => !n.endsWith(ACTION_USES))).toEqual([]);
  });
});
