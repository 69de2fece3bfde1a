import type { Strategy } from '../vocabulary.js';

/** What each strategy does, in a developer's words (`ran the tool's own fix, such as eslint --fix`). */
export const STRATEGY_WORDS: Readonly<Record<Strategy, string>> = {
  auto_fix: "ran the tool's own fix (such as eslint --fix, prettier --write)",
  dependency_check: 'checked the manifest and lockfile and installed what was missing',
  retry_with_backoff: 're-ran the check after a pause',
  context_expand: 'had the agent fix it, with the definitions the code depends on',
  analyze_then_fix: 'had the agent fix it at the failing line',
  escalate: 'handed it to a person',
};

/** The same, as the next step the loop did not get to (`would have the agent fix it …`). */
export const STRATEGY_NEXT: Readonly<Record<Strategy, string>> = {
  auto_fix: "run the tool's own fix",
  dependency_check: 'check the manifest and lockfile',
  retry_with_backoff: 're-run the check after a pause',
  context_expand: 'have the agent fix it, with the definitions the code depends on',
  analyze_then_fix: 'have the agent fix it at the failing line',
  escalate: 'hand it to a person',
};

/** `type-error` → `type error`: a pattern id as words. */
export const patternWords = (pattern: string | null): string =>
  pattern === null ? 'no known pattern' : pattern.replace(/-/g, ' ');
