import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import type { Diagnosis, Location } from '../../core/diagnosis.js';
import {
  MAX_MODULES,
  MAX_SITES,
  MODULE_LINES,
  WINDOW_LINES,
  type Declaration,
  type ErrorSite,
  type Snippet,
} from '../../core/strategies/context.js';
import {
  findDeclarations,
  quotedIdentifiers,
  windowAround,
} from '../../core/strategies/find-declarations.js';
import { findDependents, findImports } from '../affected-tests/import-graph.js';

/** Imported files searched for declarations, per site. */
const MAX_IMPORTS_READ = 20;

function repoPath(cwd: string, file: string): string {
  if (!isAbsolute(file)) return file;
  const rel = relative(cwd, file);
  return rel.startsWith('..') ? file : rel;
}

function readText(cwd: string, file: string): string | null {
  try {
    return readFileSync(isAbsolute(file) ? file : join(cwd, file), 'utf8');
  } catch {
    return null;
  }
}

/**
 * The evidence line that reports this location: it names the file and line, or is eslint's `line:col` row.
 */
function messageFor(evidence: string, loc: Location): string | null {
  const base = loc.file.split('/').pop() ?? loc.file;
  const row = new RegExp(`^\\s*${loc.line}:${loc.column ?? '\\d+'}\\s+\\S`);
  const line = evidence
    .split('\n')
    .find(
      (l) =>
        (l.includes(base) && l.includes(String(loc.line)) && /error|warn|fail|cannot|not /i.test(l)) ||
        row.test(l),
    );
  return line === undefined ? null : line.trim();
}

function snippet(file: string, text: string, line: number): Snippet {
  const lines = text.split(/\r?\n/);
  const { startLine, endLine } = windowAround(lines.length, line, WINDOW_LINES);
  return { file, startLine, endLine, text: lines.slice(startLine - 1, endLine).join('\n') };
}

function attempt<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

/** One error site: the window, what the file imports, the declarations the error names, who imports it. */
function readSite(
  cwd: string,
  loc: Location,
  evidence: string,
  depth: number,
  exclude: readonly string[],
): ErrorSite {
  const file = repoPath(cwd, loc.file);
  const message = messageFor(evidence, loc);
  const text = readText(cwd, file);
  const inRepo = !isAbsolute(file) && existsSync(join(cwd, file));
  const imports = inRepo ? attempt(() => findImports(cwd, file), []) : [];
  const names = quotedIdentifiers(message ?? evidence);
  const declarations: Declaration[] = [];
  for (const source of [file, ...imports.slice(0, MAX_IMPORTS_READ)]) {
    const missing = names.filter((n) => !declarations.some((d) => d.name === n));
    if (missing.length === 0) break;
    const sourceText = source === file ? text : readText(cwd, source);
    if (sourceText !== null) declarations.push(...findDeclarations(source, sourceText, missing));
  }
  return {
    file,
    line: loc.line,
    column: loc.column,
    message,
    window: text === null ? null : snippet(file, text, loc.line),
    imports,
    declarations,
    dependents: inRepo ? attempt(() => findDependents(cwd, [file], { depth, exclude }), []) : [],
  };
}

/** The located errors (distinct file:line, at most MAX_SITES) with their context, and how many were left. */
export function readSites(
  cwd: string,
  d: Diagnosis,
  depth: number,
  exclude: readonly string[],
): { sites: ErrorSite[]; omitted: number } {
  const seen = new Set<string>();
  const distinct = d.locations.filter((l) => {
    const key = `${repoPath(cwd, l.file)}:${l.line}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const evidence = d.evidence?.text ?? '';
  return {
    sites: distinct.slice(0, MAX_SITES).map((loc) => readSite(cwd, loc, evidence, depth, exclude)),
    omitted: Math.max(0, distinct.length - MAX_SITES),
  };
}

/** Test files: their imports are the code under test, whose source a fixer needs whole. */
const TEST_FILE =
  /(^|[\\/])(__tests__|tests?)[\\/]|[._-](test|spec)\.[cm]?[jt]sx?$|(^|[\\/])test_[^\\/]+\.py$|_test\.(py|go)$/;

export const isTestFile = (file: string): boolean => TEST_FILE.test(file);

/** The first MODULE_LINES lines of each file (at most MAX_MODULES), unreadable ones left out. */
export function readSources(cwd: string, files: readonly string[]): Snippet[] {
  const modules: Snippet[] = [];
  for (const file of files.slice(0, MAX_MODULES)) {
    const text = readText(cwd, file);
    if (text === null) continue;
    const lines = text.replace(/\n$/, '').split(/\r?\n/).slice(0, MODULE_LINES);
    modules.push({ file, startLine: 1, endLine: lines.length, text: lines.join('\n') });
  }
  return modules;
}

/**
 * The source of the modules the error sites import (not the sites' own files, not other tests), the
 * first MODULE_LINES lines of each, at most MAX_MODULES: a failing test's logic bug lives there.
 */
export function readModules(cwd: string, sites: readonly ErrorSite[]): Snippet[] {
  const own = new Set(sites.map((s) => s.file));
  const wanted = [...new Set(sites.flatMap((s) => s.imports))].filter(
    (f) => !own.has(f) && !TEST_FILE.test(f) && !isAbsolute(f),
  );
  return readSources(cwd, wanted);
}
