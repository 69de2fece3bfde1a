import type { Diagnosis } from '../diagnosis.js';
import type { CompiledCatalogue, CompiledPattern } from '../patterns/compile-catalogue.js';
import { confidenceOf } from '../patterns/compile-signal.js';
import type { Hit } from './catalogue-matcher.js';
import { listsFiles } from './command-category.js';
import { EVIDENCE_BEFORE } from './evidence-window.js';
import { failurePlaces, type PlacedLocation } from './failure-places.js';
import type { FailureTracker } from './failure-tracker.js';
import { pickCause, type Candidate } from './pick-cause.js';
import { runsPackage } from './runs-package.js';
import { errorSignature } from './signature.js';
import { structuralDiagnosis } from './structural-diagnosis.js';

export const CONFIDENCE_THRESHOLD = 0.3;
/** Categories of commands that check code rather than build it. */
const CHECKS = new Set(['lint', 'format', 'type']);
/** A failed `gofmt -l` (`prettier -l`, …) whose output listed files: its own way of saying "unformatted". */
const LISTED_FILES_CONFIDENCE = 0.8;

/** What the analyzer saw of a whole log, read to its end. */
export interface LogFacts {
  catalogue: CompiledCatalogue;
  hits: Iterable<Hit>;
  places: readonly PlacedLocation[];
  structure: FailureTracker;
  /** The command whose output this is, when the caller said. */
  command: string | undefined;
  /** The last line that said error, fail or fatal: the headline when nothing else names the failure. */
  lastErrorLine: string;
}

/** The diagnosis of a log: the first real cause a pattern names, else what the log's structure says. */
export function finishDiagnosis(facts: LogFacts): Diagnosis {
  const { catalogue, structure } = facts;
  const hits = [...facts.hits];
  // A job the CI says passed explains nothing; output before that job began (a tool's own log before a
  // green job's, concatenated) is not covered by its word.
  const beforeJob = hits.some((h) => structure.jobStart === null || h.firstLine < structure.jobStart);
  if (structure.succeeded && !beforeJob) return structuralDiagnosis(null, [], undefined, '', []);
  const candidates: (Candidate & { hit: Hit })[] = hits
    .map((h) => ({
      hit: h,
      id: h.compiled.pattern.id,
      priority: h.compiled.pattern.priority,
      firstLine: h.firstLine,
      step: h.step,
      confidence: confidenceOf([...h.matched].map((i) => h.compiled.signals[i]!)),
    }))
    .filter((c) => c.confidence >= CONFIDENCE_THRESHOLD);
  let winner = pickCause(candidates, structure.failedSteps);
  // A compiler-shaped line (`main.go:7:2: …`) says a tool spoke, not which: when the failing command
  // is a check (`go vet`, a linter, a type checker) and no pattern of that kind fired, the command knows
  // better.
  const checks = structure.failingCommandCategory;
  if (
    winner &&
    winner.hit.compiled.pattern.category === 'build' &&
    checks &&
    CHECKS.has(checks) &&
    !candidates.some((c) => c.hit.compiled.pattern.category === checks)
  )
    winner = null;
  // `npx vitset run`: the registry has no such package, so npm says E404, which reads as a missing
  // dependency; it is the check's command that names a tool nobody can install (a typo, as a rule).
  const misnamed = winner && misnamedTool(winner.hit, facts.command, catalogue);
  if (misnamed) winner = { ...winner!, id: misnamed.pattern.id, hit: { ...winner!.hit, compiled: misnamed } };
  const kept = leadingFirst(
    failurePlaces(
      facts.places,
      structure.failedSteps,
      winner && { step: winner.hit.step, category: winner.hit.compiled.pattern.category },
      structure.failed,
    ),
  );
  // tsc --pretty also prints `Found 1 error in src/a.ts:2`: no new place when file:line:col is known.
  const withColumn = new Set(kept.filter((l) => l.column !== null).map((l) => `${l.file}:${l.line}`));
  // A file named without a line (`imported from /abs/a.js`) gives way to a place in it that has one.
  const lined = new Set(kept.filter((l) => !l.unlined).map((l) => l.file));
  const shown = kept.filter(
    (l) => (l.column !== null || !withColumn.has(`${l.file}:${l.line}`)) && !(l.unlined && lined.has(l.file)),
  );
  const locs = shown.map(({ file, line, column }) => ({ file, line, column }));
  const said = messagesOf(shown);
  const alternatives = candidates
    .filter((c) => c !== winner)
    .sort((a, b) => b.confidence - a.confidence || a.firstLine - b.firstLine)
    .slice(0, 5)
    .map((c) => ({ pattern: c.id, confidence: c.confidence }));
  if (!winner) {
    // The caller's command, or the failing CI step's (`$ terraform fmt -check` in a Travis log).
    const failing = facts.command ?? structure.failingCommand ?? undefined;
    const formatter =
      failing !== undefined && locs.length > 0 && listsFiles(failing)
        ? catalogue.patterns.find((c) => c.pattern.category === 'format')?.pattern
        : undefined;
    // `gofmt -l .` says nothing but the names of the files it would reformat: the command is the diagnosis.
    if (formatter !== undefined)
      return {
        pattern: formatter.id,
        category: formatter.category,
        confidence: LISTED_FILES_CONFIDENCE,
        strategy: formatter.strategy,
        retryable: formatter.retryable,
        locations: locs,
        signature: errorSignature(formatter.id, locs[0], `${failing ?? ''} listed ${locs.length} file(s)`),
        evidence: structure.structural()?.evidence ?? null,
        alternatives,
        ...said,
      };
    // No pattern names the cause: what failed is still known from the log's structure.
    return {
      ...structuralDiagnosis(structure.structural(), locs, locs[0], facts.lastErrorLine, alternatives),
      ...said,
    };
  }
  const hit = winner.hit;
  const p = hit.compiled.pattern;
  const primary = kept.find((l) => !l.aside && l.at >= hit.firstLine - EVIDENCE_BEFORE) ?? locs[0];
  return {
    pattern: p.id,
    category: p.category,
    confidence: winner.confidence,
    strategy: p.strategy,
    retryable: p.retryable,
    locations: locs,
    signature: errorSignature(p.id, primary, hit.headline),
    evidence: hit.window.toEvidence(),
    alternatives,
    ...said,
  };
}

/**
 * The catalogue's command-not-found, when the import-not-found that fired is the registry's 404 for the
 * very package the command runs through npx (or npm exec, pnpm dlx, yarn dlx, bunx).
 */
function misnamedTool(
  hit: Hit,
  command: string | undefined,
  catalogue: CompiledCatalogue,
): CompiledPattern | undefined {
  if (hit.compiled.pattern.id !== 'import-not-found' || command === undefined) return undefined;
  const name = runsPackage(command);
  if (name === null) return undefined;
  const text = hit.window.toEvidence().text;
  const said = [
    `GET https://registry.npmjs.org/${name.replace('/', '%2f')}`,
    `'${name}@`,
    `${name} is not in this registry`,
  ];
  if (!said.some((s) => text.includes(s))) return undefined;
  return catalogue.patterns.find((c) => c.pattern.id === 'command-not-found');
}

/**
 * The places in the order a person reads them: the real errors as printed, then the side notes (mypy's
 * unused `type: ignore`, an unused `@ts-expect-error`), which lead only when nothing else was found.
 */
function leadingFirst(places: PlacedLocation[]): PlacedLocation[] {
  return [...places.filter((l) => !l.aside), ...places.filter((l) => l.aside)];
}

/** Longest message kept per place (an annotation shows about this much). */
const MAX_MESSAGE = 1000;

/** The tools' messages of the places, index for index; nothing when no place has one. */
function messagesOf(places: readonly PlacedLocation[]): { messages?: string[] } {
  if (!places.some((l) => l.message)) return {};
  return { messages: places.map((l) => (l.message ?? '').slice(0, MAX_MESSAGE)) };
}
