import { describe, expect, it } from 'vitest';
import {
  decideApplyMode,
  describeApplySetting,
  type ApplyFacts,
} from '../../../src/core/apply/decide-apply-mode.js';
import { ApplySchema, type ApplyConfig } from '../../../src/core/config/apply-schema.js';
import { defaultConfig } from '../../../src/core/config/schema.js';
import { formatConfigError, parseConfig } from '../../../src/core/config/parse-config.js';

const config = (input: object = {}): ApplyConfig => ApplySchema.parse(input);
const facts = (over: Partial<ApplyFacts> = {}): ApplyFacts => ({
  files: ['src/cart.js'],
  patterns: ['lint-error'],
  prSwitch: null,
  isFork: false,
  ...over,
});

describe('decideApplyMode', () => {
  it.each<[string, ApplyConfig, Partial<ApplyFacts>, 'commit' | 'suggest', RegExp]>([
    ['the default commits', config(), {}, 'commit', /apply\.mode: commit/],
    [
      'a repository in suggest mode proposes',
      config({ mode: 'suggest' }),
      {},
      'suggest',
      /apply\.mode: suggest/,
    ],
    [
      'a fork always gets suggestions',
      config(),
      { isFork: true },
      'suggest',
      /fork, where the App may not push/,
    ],
    [
      'a fork gets suggestions even when the PR says apply on',
      config(),
      { isFork: true, prSwitch: { on: true, by: 'alice' } },
      'suggest',
      /fork/,
    ],
    [
      'apply off on the PR wins over the config',
      config(),
      { prSwitch: { on: false, by: 'alice' } },
      'suggest',
      /@alice switched this pull request to `\/close-loop apply off`/,
    ],
    [
      'apply on on the PR wins over suggest in the config',
      config({ mode: 'suggest' }),
      { prSwitch: { on: true, by: 'bob' } },
      'commit',
      /apply on/,
    ],
    [
      'a path rule makes one file suggest the whole fix',
      config({ rules: [{ paths: ['src/**'], mode: 'suggest' }] }),
      { files: ['README.md', 'src/cart.js'] },
      'suggest',
      /apply\.rules\[0\]` says suggest for src\/cart\.js/,
    ],
    [
      'a path rule that covers no file changes nothing',
      config({ rules: [{ paths: ['docs/**'], mode: 'suggest' }] }),
      {},
      'commit',
      /every file/,
    ],
    [
      'a pattern rule covers fixes for that pattern',
      config({ rules: [{ patterns: ['type-error'], mode: 'suggest' }] }),
      { patterns: ['type-error'] },
      'suggest',
      /rules\[0\]/,
    ],
    [
      'one commit carrying a fix for that pattern among others (a squashed run) is proposed',
      config({ rules: [{ patterns: ['type-error'], mode: 'suggest' }] }),
      { patterns: ['type-error', 'lint-error'] },
      'suggest',
      /rules\[0\]` says suggest for src\/cart\.js \(type-error fixes\)/,
    ],
    [
      'a pattern rule does not cover other patterns',
      config({ rules: [{ patterns: ['type-error'], mode: 'suggest' }] }),
      {},
      'commit',
      /every file/,
    ],
    [
      'a pattern rule does not cover an unrecognised failure',
      config({ rules: [{ patterns: ['type-error'], mode: 'suggest' }] }),
      { patterns: [null] },
      'commit',
      /every file/,
    ],
    [
      'paths and patterns must both match',
      config({ rules: [{ paths: ['src/**'], patterns: ['type-error'], mode: 'suggest' }] }),
      {},
      'commit',
      /every file/,
    ],
    [
      'the last matching rule decides',
      config({
        mode: 'suggest',
        rules: [
          { paths: ['src/**'], mode: 'suggest' },
          { paths: ['src/*.js'], mode: 'commit' },
        ],
      }),
      {},
      'commit',
      /every file/,
    ],
    [
      'files no rule covers take apply.mode',
      config({ mode: 'suggest', rules: [{ paths: ['src/**'], mode: 'commit' }] }),
      { files: ['src/cart.js', 'docs/a.md'] },
      'suggest',
      /apply\.mode: suggest/,
    ],
  ])('%s', (_what, apply, over, mode, why) => {
    const decision = decideApplyMode(apply, facts(over));
    expect(decision.mode).toBe(mode);
    expect(decision.why).toMatch(why);
  });
});

describe('describeApplySetting (the sticky comment)', () => {
  it.each<[string, ApplyConfig, Pick<ApplyFacts, 'prSwitch' | 'isFork'>, string]>([
    ['the default', config(), { prSwitch: null, isFork: false }, 'committed (`apply.mode: commit`)'],
    [
      'suggest with rules that differ',
      config({ mode: 'suggest', rules: [{ paths: ['docs/**'], mode: 'commit' }] }),
      { prSwitch: null, isFork: false },
      'proposed as suggested changes (`apply.mode: suggest`; some paths or patterns differ (`apply.rules`))',
    ],
    [
      'the PR switched off',
      config(),
      { prSwitch: { on: false, by: 'alice' }, isFork: false },
      'proposed as suggested changes (`apply off` by @alice)',
    ],
    [
      'the PR switched on',
      config({ mode: 'suggest' }),
      { prSwitch: { on: true, by: 'bob' }, isFork: false },
      'committed (`apply on` by @bob)',
    ],
    [
      'a fork',
      config(),
      { prSwitch: { on: true, by: 'bob' }, isFork: true },
      'proposed as suggested changes (a fork: the App never pushes there)',
    ],
  ])('%s', (_what, apply, over, text) => {
    expect(describeApplySetting(apply, over)).toBe(text);
  });
});

describe('config: apply', () => {
  it('commits by default, with no rules', () => {
    expect(defaultConfig().apply).toEqual({ mode: 'commit', rules: [] });
  });

  it('reads a mode and rules per path and pattern', () => {
    const result = parseConfig(
      'version: 1\napply:\n  mode: suggest\n  rules:\n    - paths: ["src/generated/**"]\n      mode: commit\n    - patterns: [type-error]\n      mode: suggest\n',
      '.github/closed-loop.yml',
    );
    expect(result.ok && result.config.apply).toEqual({
      mode: 'suggest',
      rules: [
        { paths: ['src/generated/**'], patterns: [], mode: 'commit' },
        { paths: [], patterns: ['type-error'], mode: 'suggest' },
      ],
    });
  });

  it.each([
    [
      'a mode that does not exist',
      'apply:\n  mode: push',
      /apply\.mode: expected commit or suggest, found "push"/,
    ],
    [
      'a rule without a mode',
      'apply:\n  rules:\n    - paths: [src]',
      /:4:7: apply\.rules\[0\]\.mode: missing required key \(expected commit or suggest\)/,
    ],
    ['an unknown key', 'apply:\n  modes: commit', /apply\.modes: unknown key/],
  ])('refuses %s with its place', (_what, yaml, message) => {
    const result = parseConfig(`version: 1\n${yaml}\n`, '.github/closed-loop.yml');
    expect(result.ok ? 'valid' : formatConfigError(result.error)).toMatch(message);
  });
});
