import { didYouMean } from '../config/did-you-mean.js';
import { MAX_SKIP_REASON } from '../gates/gate-state.js';
import { MAX_GUIDANCE_CHARS } from '../pull-request/guidance.js';
import { GATES, type Permission } from '../vocabulary.js';

export const COMMAND_PREFIX = '/close-loop';

/** What a command's own parser makes of the words after its name. */
export interface ParsedArgs {
  args: string[];
  /** What is wrong with them, for the reply; a command with an error does not run. */
  error?: string;
}

interface CommandSpec {
  /** As help shows it, after the prefix. */
  syntax: string;
  /** What it does: help's row, the config schema's description of its permission, the docs. */
  does: string;
  /**
   * Who may run it: the least permission, which the config's `commands.<name>` may change; or the gate's
   * approvers (approve and skip), checked per gate by the handler.
   */
  permission: Permission | 'gate-approvers';
  /** Reads the words after the name (and skip's `--reason`); never throws, the comment is untrusted. */
  parse: (args: readonly string[], reason: string | undefined) => ParsedArgs;
}

const GATE_LIST = GATES.join(', ');
const clip = (text: string, max = 300): string => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

const noArgs = (args: readonly string[]): ParsedArgs => ({ args: [...args] });

function parseApply(args: readonly string[]): ParsedArgs {
  const lower = args.map((a) => a.toLowerCase());
  if (lower.length === 0 || (lower.length === 1 && ['on', 'off'].includes(lower[0]!))) return { args: lower };
  return {
    args: lower,
    error: `\`${COMMAND_PREFIX} apply\` takes nothing (commit the proposed fix), \`on\` or \`off\`, not "${clip(args.join(' '), 40)}"`,
  };
}

function parseUndo(args: readonly string[]): ParsedArgs {
  if (args.length === 0) return { args: [] };
  return {
    args: args.map((a) => a.toLowerCase()),
    error: `\`${COMMAND_PREFIX} undo\` takes no arguments (it reverts the loop's last fix commit)`,
  };
}

/** fix: the person's words, as written after the name (a `--reason` in them is kept as words). */
function parseFix(args: readonly string[], reason: string | undefined): ParsedArgs {
  const text = [...args, ...(reason === undefined ? [] : ['--reason', reason])].join(' ').trim();
  if (text === '')
    return {
      args: [],
      error: `say what the loop should know: \`${COMMAND_PREFIX} fix <guidance>\`, e.g. \`${COMMAND_PREFIX} fix the parser must accept an empty list\``,
    };
  if (text.length > MAX_GUIDANCE_CHARS)
    return {
      args: [text],
      error: `the guidance is ${text.length} characters long; keep it under ${MAX_GUIDANCE_CHARS}`,
    };
  return { args: [text] };
}

/** approve and skip: the gates, lower case, each once; skip needs a reason. */
const parseGates =
  (name: 'approve' | 'skip') =>
  (args: readonly string[], reason: string | undefined): ParsedArgs => {
    const gates = [...new Set(args.map((a) => a.toLowerCase()))];
    const errors = [gateError(name, gates), name === 'skip' ? reasonError(reason) : undefined].filter(
      (e) => e !== undefined,
    );
    return { args: gates, ...(errors.length > 0 ? { error: errors.join('; and ') } : {}) };
  };

function gateError(name: 'approve' | 'skip', gates: readonly string[]): string | undefined {
  const usage = `${COMMAND_PREFIX} ${COMMANDS[name].syntax}`;
  if (gates.length === 0) return `name the gate: \`${usage}\`, where <gate> is one of ${GATE_LIST}`;
  for (const gate of gates) {
    if ((GATES as readonly string[]).includes(gate)) continue;
    if (gate.startsWith('-'))
      return `unknown option "${clip(gate, 40)}"${name === 'skip' ? '; did you mean --reason?' : ''} (\`${usage}\`)`;
    const guess = didYouMean(gate, GATES);
    return `unknown gate "${clip(gate, 40)}"${guess ? `; did you mean "${guess}"?` : ''} — the gates are ${GATE_LIST}`;
  }
  return undefined;
}

function reasonError(reason: string | undefined): string | undefined {
  if (reason === undefined || reason.trim() === '') {
    return `a skip needs a reason, so that reviewers can see why: \`${COMMAND_PREFIX} skip <gate> --reason "why this gate does not apply"\``;
  }
  if (reason.length > MAX_SKIP_REASON)
    return `the reason is ${reason.length} characters long; keep it under ${MAX_SKIP_REASON}`;
  return undefined;
}

/**
 * Every `/close-loop` command, in the order help lists them: its syntax, what it does, who may run it
 * and how its words are read. The one place a command is described; the App's handlers are a
 * `Record<CommandName, …>` beside it, so a command added here without a handler does not compile.
 */
export const COMMANDS = {
  status: {
    syntax: 'status',
    does: "replies with the loop's state, the checks and the human gates",
    permission: 'read',
    parse: noArgs,
  },
  verify: {
    syntax: 'verify',
    does: 'replies with the verification of this head against the success criteria',
    permission: 'read',
    parse: noArgs,
  },
  retry: {
    syntax: 'retry',
    does: 'runs the loop again on the current head',
    permission: 'write',
    parse: noArgs,
  },
  fix: {
    syntax: 'fix <guidance>',
    does: "runs the loop again on the current head, with your words added to the coding agent's context",
    permission: 'write',
    parse: parseFix,
  },
  resume: {
    syntax: 'resume',
    does: 'resumes a blocked loop after a person has fixed what blocked it',
    permission: 'write',
    parse: noArgs,
  },
  apply: {
    syntax: 'apply [on|off]',
    does: 'commits the proposed fix onto the head it was verified against; `on` / `off` make this pull request commit or propose its next fixes',
    permission: 'write',
    parse: parseApply,
  },
  undo: {
    syntax: 'undo',
    does: "reverts the loop's last fix commit on the branch with a new commit, and switches this pull request to `apply off`",
    permission: 'write',
    parse: parseUndo,
  },
  approve: {
    syntax: 'approve <gate>',
    does: 'approves a human gate for its current files; a push that changes them asks again',
    permission: 'gate-approvers',
    parse: parseGates('approve'),
  },
  skip: {
    syntax: 'skip <gate> --reason "…"',
    does: "skips a human gate, with the reason on record; it holds until the gate's files change",
    permission: 'gate-approvers',
    parse: parseGates('skip'),
  },
  help: {
    syntax: 'help',
    does: 'replies with the commands and who may run them',
    permission: 'read',
    parse: noArgs,
  },
} as const satisfies Record<string, CommandSpec>;

export type CommandName = keyof typeof COMMANDS;
export const COMMAND_NAMES = Object.keys(COMMANDS) as CommandName[];

/** The commands whose permission the config's `commands` section sets (approve and skip follow the gates). */
export type ConfiguredCommand = {
  [K in CommandName]: (typeof COMMANDS)[K]['permission'] extends 'gate-approvers' ? never : K;
}[CommandName];

export const isCommandName = (word: string): word is CommandName => Object.hasOwn(COMMANDS, word);

/** Whether the config's `commands` section sets who may run this command (all but approve and skip). */
export const isConfiguredCommand = (name: CommandName): name is ConfiguredCommand =>
  COMMANDS[name].permission !== 'gate-approvers';

export const CONFIGURED_COMMANDS = COMMAND_NAMES.filter(isConfiguredCommand);
