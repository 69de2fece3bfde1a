import { PERMISSIONS, type Permission } from '../vocabulary.js';

/** A repository permission as GitHub grants it, weakest first; `none` is what a stranger has. */
const ACCESS_LEVELS = ['none', ...PERMISSIONS] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** Whether `have` is `need` or stronger (read < triage < write < maintain < admin). */
export function hasAtLeast(have: AccessLevel, need: Permission): boolean {
  return ACCESS_LEVELS.indexOf(have) >= ACCESS_LEVELS.indexOf(need);
}

/** Bots never approve and never run commands that change anything: their login ends in `[bot]`. */
export function isBot(login: string): boolean {
  return /\[bot\]$/i.test(login);
}

/** GitHub logins and team slugs compare case-insensitively; a leading `@` is decoration. */
export function sameName(a: string, b: string): boolean {
  return a.replace(/^@/, '').toLowerCase() === b.replace(/^@/, '').toLowerCase();
}
