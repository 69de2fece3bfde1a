import type { ApplyConfig, ApplyMode } from '../config/apply-schema.js';
import { matchesAny } from '../validate/match-glob.js';

/**
 * The pull request's own switch (`/close-loop apply on|off`), which wins over the config; null when never
 * set.
 */
interface ApplySwitch {
  on: boolean;
  by: string;
}

export interface ApplyFacts {
  /** The files the fix changes (both paths of a rename). */
  files: readonly string[];
  /**
   * The patterns the fix was made for (null: unrecognised). A run's fixes land as one commit, so one
   * commit can carry several.
   */
  patterns: readonly (string | null)[];
  prSwitch: ApplySwitch | null;
  isFork: boolean;
}

export interface ApplyDecision {
  mode: ApplyMode;
  why: string;
}

const FORK_WHY = 'the branch is on a fork, where the App may not push';

/**
 * Whether a verified fix is committed or proposed as suggestions. A fork always gets suggestions; the
 * pull request's switch comes next; else each file takes the mode of the last `apply.rules` entry that
 * covers it and the fix's pattern (or `apply.mode`), and the fix is committed only when every file says
 * commit for every pattern the fix carries: one file or one pattern a team wants reviewed first is
 * enough to propose the whole fix.
 */
export function decideApplyMode(config: ApplyConfig, facts: ApplyFacts): ApplyDecision {
  if (facts.isFork) return { mode: 'suggest', why: FORK_WHY };
  if (facts.prSwitch !== null) {
    return {
      mode: facts.prSwitch.on ? 'commit' : 'suggest',
      why: `@${facts.prSwitch.by} switched this pull request to \`/close-loop apply ${facts.prSwitch.on ? 'on' : 'off'}\``,
    };
  }
  const patterns = facts.patterns.length > 0 ? facts.patterns : [null];
  for (const file of facts.files)
    for (const pattern of patterns) {
      const found = suggestion(config, file, pattern);
      if (found !== null) return found;
    }
  return {
    mode: 'commit',
    why:
      config.rules.length === 0
        ? 'the config says `apply.mode: commit`'
        : 'the config says commit for every file of the fix',
  };
}

/** Why `file`, fixed for `pattern`, is to be proposed; null when it may be committed. */
function suggestion(config: ApplyConfig, file: string, pattern: string | null): ApplyDecision | null {
  let index = -1;
  config.rules.forEach((rule, i) => {
    if (covers(rule, file, pattern)) index = i;
  });
  const mode = index < 0 ? config.mode : config.rules[index]!.mode;
  if (mode !== 'suggest') return null;
  return {
    mode,
    why:
      index < 0
        ? 'the config says `apply.mode: suggest`'
        : `\`apply.rules[${index}]\` says suggest for ${file}${config.rules[index]!.patterns.length > 0 ? ` (${pattern} fixes)` : ''}`,
  };
}

function covers(rule: ApplyConfig['rules'][number], file: string, pattern: string | null): boolean {
  if (rule.paths.length > 0 && !matchesAny(rule.paths, file)) return false;
  return rule.patterns.length === 0 || (pattern !== null && rule.patterns.includes(pattern));
}

/** The sticky comment's `Fixes` cell: how this pull request's next fix lands, and who decided. */
export function describeApplySetting(
  config: ApplyConfig,
  facts: Pick<ApplyFacts, 'prSwitch' | 'isFork'>,
): string {
  if (facts.isFork) return 'proposed as suggested changes (a fork: the App never pushes there)';
  if (facts.prSwitch !== null) {
    return facts.prSwitch.on
      ? `committed (\`apply on\` by @${facts.prSwitch.by})`
      : `proposed as suggested changes (\`apply off\` by @${facts.prSwitch.by})`;
  }
  const some = config.rules.some((rule) => rule.mode !== config.mode)
    ? '; some paths or patterns differ (`apply.rules`)'
    : '';
  return `${config.mode === 'commit' ? 'committed' : 'proposed as suggested changes'} (\`apply.mode: ${config.mode}\`${some})`;
}
