import type { Config } from '../config/schema.js';

/** The `/close-loop` commands, in the order help lists them. */
export const COMMAND_NAMES = [
  'status',
  'verify',
  'retry',
  'resume',
  'apply',
  'undo',
  'approve',
  'skip',
  'help',
] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

/** The commands whose permission the config's `commands` section sets (approve and skip follow the gates). */
export type ConfiguredCommand = keyof Config['commands'];

export const COMMAND_PREFIX = '/close-loop';

/** Syntax and meaning of each command, as help shows them. */
export const COMMAND_HELP: Readonly<Record<CommandName, { syntax: string; does: string }>> = {
  status: { syntax: 'status', does: "replies with the loop's state, the checks and the human gates" },
  verify: {
    syntax: 'verify',
    does: 'replies with the verification of this head against the success criteria',
  },
  retry: { syntax: 'retry', does: 'runs the loop again on the current head' },
  resume: { syntax: 'resume', does: 'resumes a blocked loop after a person has fixed what blocked it' },
  apply: {
    syntax: 'apply [on|off]',
    does: 'commits the proposed fix onto the head it was verified against; `on` / `off` make this pull request commit or propose its next fixes',
  },
  undo: {
    syntax: 'undo',
    does: "reverts the loop's last fix commit on the branch with a new commit, and switches this pull request to `apply off`",
  },
  approve: {
    syntax: 'approve <gate>',
    does: 'approves a human gate for its current files; a push that changes them asks again',
  },
  skip: {
    syntax: 'skip <gate> --reason "…"',
    does: "skips a human gate, with the reason on record; it holds until the gate's files change",
  },
  help: { syntax: 'help', does: 'replies with this list' },
};
