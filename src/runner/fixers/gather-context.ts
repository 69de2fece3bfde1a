import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Check } from '../../core/config/schema.js';
import type { Diagnosis } from '../../core/diagnosis.js';
import type { Strategy } from '../../core/vocabulary.js';
import { CONTEXT_VERSION, ContextSchema, type Context } from '../../core/strategies/context.js';
import { quotedIdentifiers } from '../../core/strategies/find-declarations.js';
import { renderContextMarkdown } from '../../core/strategies/render-context.js';
import { summarizeContext } from '../../core/strategies/summarize-context.js';
import { maskOutput, maskOutputDeep } from '../secrets/known-secrets.js';
import { isTestFile, readModules, readSites, readSources } from './read-sites.js';
import { findUnderTest } from './find-under-test.js';
import { MAX_MODULES } from '../../core/strategies/context.js';
import { failingAssertion } from '../../core/strategies/failing-assertion.js';

export interface ContextOptions {
  taskId: string;
  /** The loop's state folder (absolute), where the context files are written. */
  dir: string;
  /** Levels of dependents to follow (the seed asks for 1). */
  depth?: number;
  strategy?: Strategy;
  check?: Check | null;
  /** Globs of files never listed as dependents. */
  exclude?: readonly string[];
  /** The failing check's output (its excerpt): a test's assertion and expected/actual are read from it. */
  output?: string;
  /** The branch's diff (branchDiff). */
  diff?: string | null;
  /** A person's guidance for this run (`/close-loop fix`). */
  guidance?: { by: string; text: string } | null;
  /** The branch's diff of some files (branchDiff with paths): the tests and what they test. */
  diffOf?: (paths: readonly string[]) => Promise<string | null>;
}

const attempt = <T>(fn: () => T, fallback: T): T => {
  try {
    return fn();
  } catch {
    return fallback;
  }
};

/** Absolute paths of the two context files of a task in the state folder `dir`. */
export function contextPaths(dir: string, taskId: string): { json: string; markdown: string } {
  const safe = taskId.replace(/[^\w.-]+/g, '-');
  return { json: join(dir, `context-${safe}.json`), markdown: join(dir, `context-${safe}.md`) };
}

/**
 * The seed's context_expand step: for each located error (at most 10) the file ±50 lines, its imports with
 * the declarations the error names, and its dependents; plus the evidence and the failing check. Writes
 * `context-<task>.json` and `.md` in the state folder, secrets masked, and returns what it wrote.
 */
export async function gatherContext(
  cwd: string,
  diagnosis: Diagnosis,
  options: ContextOptions,
): Promise<Context> {
  const { sites, omitted } = readSites(cwd, diagnosis, options.depth ?? 1, options.exclude ?? []);
  const check = options.check
    ? { name: options.check.name, type: options.check.type, command: options.check.command }
    : null;
  const draft = {
    version: CONTEXT_VERSION,
    task_id: options.taskId,
    strategy: options.strategy ?? diagnosis.strategy,
    pattern: diagnosis.pattern,
    category: diagnosis.category,
    signature: diagnosis.signature,
    check,
    evidence: diagnosis.evidence,
    identifiers: quotedIdentifiers(diagnosis.evidence?.text ?? ''),
    sites,
    sites_omitted: omitted,
  } as const;
  const failure =
    diagnosis.category === 'test'
      ? failingAssertion(`${diagnosis.evidence?.text ?? ''}\n${options.output ?? ''}`)
      : null;
  // A failing test's subject, found where it is defined (through barrels), and the branch's changes
  // to both: the line a fix must change is there, not in the index.ts the test imports.
  const tests = sites.map((s) => s.file).filter((f) => isTestFile(f));
  const underTest = tests.length > 0 ? attempt(() => findUnderTest(cwd, tests, failure), []) : [];
  const defined = [...new Set(underTest.map((u) => u.file))];
  const barrels = new Set(underTest.flatMap((u) => u.via));
  const modules = [
    ...readSources(cwd, defined),
    ...readModules(cwd, sites).filter((m) => !barrels.has(m.file) && !defined.includes(m.file)),
  ].slice(0, MAX_MODULES);
  const diffUnderTest =
    underTest.length > 0 && options.diffOf
      ? await options.diffOf([...tests, ...defined]).catch(() => null)
      : null;
  const extra = {
    failure,
    modules,
    diff: options.diff ?? null,
    guidance: options.guidance ?? null,
    under_test: underTest,
    diff_under_test: diffUnderTest,
  };
  const context = maskOutputDeep(
    ContextSchema.parse({
      ...draft,
      ...extra,
      summary: summarizeContext({ ...draft, failure, under_test: underTest }),
    }),
  );
  const paths = contextPaths(options.dir, options.taskId);
  mkdirSync(options.dir, { recursive: true });
  writeFileSync(paths.json, `${JSON.stringify(context, null, 2)}\n`);
  writeFileSync(paths.markdown, maskOutput(renderContextMarkdown(context)));
  return context;
}
