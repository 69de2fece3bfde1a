import type { z } from 'zod';
import { didYouMean } from './did-you-mean.js';
import type { LocateTarget } from './locate-node.js';
import { knownKeysAt } from './schema-keys.js';

/** A zod issue in the words a person editing the YAML file would use. */
export interface IssueDescription {
  path: PropertyKey[];
  target: LocateTarget;
  message: string;
  hint?: string;
}

const EXPECTED: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a mapping',
  record: 'a mapping',
  literal: 'a fixed value',
};

/** How a found value reads in a message: `"lnt"`, `3`, `true`, `an empty value`, `a list`. */
function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'an empty value';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value);
  return String(value);
}

const quoteList = (values: readonly unknown[], last = 'or'): string => {
  const all = values.map((v) => String(v));
  return all.length < 2 ? all.join('') : `${all.slice(0, -1).join(', ')} ${last} ${all.at(-1)}`;
};
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const sizeOf = (input: unknown) =>
  Array.isArray(input) || typeof input === 'string' ? input.length : undefined;

function bound(issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig, atLeast: boolean): string {
  const limit = Number(
    atLeast ? (issue as z.core.$ZodIssueTooSmall).minimum : (issue as z.core.$ZodIssueTooBig).maximum,
  );
  const found =
    issue.origin === 'array'
      ? plural(sizeOf(issue.input) ?? 0, 'item')
      : issue.origin === 'string'
        ? plural(sizeOf(issue.input) ?? 0, 'character')
        : describeValue(issue.input);
  if (issue.origin === 'array')
    return `expected ${atLeast ? 'at least' : 'at most'} ${plural(limit, 'item')}, found ${found}`;
  if (issue.origin === 'string') {
    return limit === 1 && atLeast
      ? 'expected a non-empty string, found an empty one'
      : `expected ${atLeast ? 'at least' : 'at most'} ${plural(limit, 'character')}, found ${found}`;
  }
  const op = atLeast ? (issue.inclusive ? '>=' : '>') : issue.inclusive ? '<=' : '<';
  return `expected a number ${op} ${limit}, found ${found}`;
}

function expectedOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_value') {
    return issue.values.length === 1 ? JSON.stringify(issue.values[0]) : quoteList(issue.values);
  }
  if (issue.code === 'invalid_type') return EXPECTED[issue.expected] ?? issue.expected;
  return 'a value';
}

/** Turns one zod issue on the config (validated with `reportInput`) into a located, one-line message. */
export function describeIssue(root: z.ZodType, issue: z.core.$ZodIssue): IssueDescription {
  const path = issue.path.slice();
  const missing =
    (issue.code === 'invalid_type' || issue.code === 'invalid_value') && issue.input === undefined;
  if (missing && path.length === 1 && path[0] === 'version') {
    return { path, target: 'parent', message: 'missing; add `version: 1` as the first line of the file' };
  }
  if (missing)
    return { path, target: 'parent', message: `missing required key (expected ${expectedOf(issue)})` };
  switch (issue.code) {
    case 'unrecognized_keys': {
      const key = issue.keys[0] ?? '';
      const known = knownKeysAt(root, path);
      const suggestion = didYouMean(key, known);
      return suggestion === undefined
        ? { path: [...path, key], target: 'key', message: `unknown key; expected ${quoteList(known)}` }
        : {
            path: [...path, key],
            target: 'key',
            message: 'unknown key',
            hint: `did you mean "${suggestion}"?`,
          };
    }
    case 'invalid_type':
      if (path.length === 0) {
        return {
          path,
          target: 'value',
          message: `expected a mapping of keys such as \`version: 1\`, found ${describeValue(issue.input)}`,
        };
      }
      return {
        path,
        target: 'value',
        message: `expected ${expectedOf(issue)}, found ${describeValue(issue.input)}`,
      };
    case 'invalid_value': {
      const suggestion =
        typeof issue.input === 'string' ? didYouMean(issue.input, issue.values.map(String)) : undefined;
      const message = `expected ${expectedOf(issue)}, found ${describeValue(issue.input)}`;
      return suggestion === undefined
        ? { path, target: 'value', message }
        : { path, target: 'value', message, hint: `did you mean "${suggestion}"?` };
    }
    case 'too_small':
    case 'too_big':
      return { path, target: 'value', message: bound(issue, issue.code === 'too_small') };
    case 'invalid_key': {
      const inner = issue.issues[0];
      const what =
        inner === undefined
          ? 'invalid key'
          : describeIssue(root, { ...inner, input: issue.input, path: [] } as z.core.$ZodIssue).message;
      return { path, target: 'key', message: what };
    }
    case 'invalid_format':
      return {
        path,
        target: 'value',
        message: `${lowerFirst(issue.message)}; found ${describeValue(issue.input)}`,
      };
    case 'custom': {
      // Refinements say where to point and what to suggest through params.
      const params = (issue.params ?? {}) as { target?: 'key' | 'value'; hint?: string };
      return {
        path,
        target: params.target ?? 'value',
        message: lowerFirst(issue.message),
        ...(params.hint ? { hint: params.hint } : {}),
      };
    }
    default:
      return { path, target: 'value', message: lowerFirst(issue.message) };
  }
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
