import type { WeakenedChecksConfig } from '../config/weakened-checks-schema.js';
import type { WeakeningSettings } from './weakening-policy.js';
import type { LineRule } from './weakening-rules.js';

/** A config signal as a regular expression: `/re/flags` as written, a literal case-insensitively. */
function signalRegex(source: string): RegExp {
  const form = /^\/(.+)\/([a-z]*)$/s.exec(source);
  if (form) return new RegExp(form[1] as string, (form[2] ?? '').replace(/[gy]/g, ''));
  return new RegExp(source.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
}

/** The gate's settings from the config's `weakened_checks` section (its signals compiled). */
export function weakeningSettings(config: WeakenedChecksConfig): WeakeningSettings {
  const add = config.add.map((rule): LineRule => ({
    id: rule.id,
    does: rule.does,
    paths: rule.paths,
    ...(rule.added === undefined ? {} : { added: signalRegex(rule.added) }),
    ...(rule.removed === undefined ? {} : { removed: signalRegex(rule.removed) }),
  }));
  return {
    enabled: config.enabled,
    expected_values: config.expected_values,
    disable: config.disable,
    allow: config.allow,
    add,
  };
}
