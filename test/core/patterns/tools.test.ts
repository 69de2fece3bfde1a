import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanLine } from '../../../src/core/analyze/clean-line.js';
import { compileSignal } from '../../../src/core/patterns/compile-signal.js';
import { TOOLS } from '../../../src/core/patterns/tools/index.js';
import type { Tool } from '../../../src/core/patterns/tools/tool.js';
import { loadCorpus, type LoadedEntry } from '../../../scripts/corpus/load-corpus.js';
import { runCorpus } from '../../../scripts/corpus/run-corpus.js';
import { sameLocation, type Scored } from '../../../scripts/corpus/score.js';

// A test per tool of the registry (src/core/patterns/tools): the real output of the tool in the corpus
// (test/fixtures/logs, the dev logs its `corpus` names) is answered as a person labelled it, and the
// tool's own signals and places are what speaks in it. A new tool's file and its logs make its test.

const dev = runCorpus(loadCorpus().filter((e) => e.set === 'dev'));
const logsOf = (tool: Tool): Scored[] =>
  dev.filter(({ entry }) =>
    typeof tool.corpus === 'string'
      ? entry.expect.pattern === tool.corpus
      : tool.corpus !== undefined && tool.corpus.test(entry.tool),
  );

/**
 * Logs the analyzer answers wrong today, and what it misses there; they count in the corpus figures
 * (`npm run corpus`). A fix makes the test fail until its log is taken off this list.
 */
const KNOWN_MISSES: Record<string, 'category' | 'places'> = {
  'mixed/go-vet-errorsas.log': 'category', // go vet's errors.As check has no lint signal: a build error
  'mixed/rust-e0432-unresolved-import.log': 'category', // a module of the crate itself, read as a dependency
  'steps/everyday-jest-ts-no-transform.log': 'category', // babel's SyntaxError on TypeScript: config, read as syntax
  'framed/eslint-max-warnings.log': 'places',
  'steps/rust-expected-one-of.log': 'places',
  'jvm/kotlin-check-fails.log': 'places',
  'jvm/scala-assert-fails.log': 'places',
  'c-cpp/make-missing-separator.log': 'places',
  'steps/compiler-c-unterminated.log': 'places',
  'yaml-md/yamllint-truthy.log': 'places',
};

/**
 * Tools with no real output in the corpus yet (their signals come from their documentation): adding logs
 * of one makes the registry test fail until the tool gets its `corpus` and leaves this list.
 */
const WITHOUT_LOGS = [
  'credentials (any tool)',
  'words any tool may print',
  'sbt (ScalaTest)',
  'PMD',
  'SpotBugs',
  'Spotless',
  'the JVM',
  'phpstan',
  'credo',
  'clang-format',
  'dotnet (MSBuild, NuGet)',
  'swift (XCTest)',
  'swiftlint',
  'cmd.exe',
  'hadolint',
  'CI services (Travis, GitLab, CircleCI, Azure)',
  "closed-loop's regression check",
];

const categoryRight = ({ entry, diagnosis }: Scored): boolean => diagnosis.category === entry.expect.category;
const placesFound = ({ entry, diagnosis }: Scored): boolean =>
  (entry.expect.locations ?? []).every((l) => diagnosis.locations.some((got) => sameLocation(l, got)));
const linesOf = (entry: LoadedEntry): string[] =>
  readFileSync(entry.path, 'utf8')
    .split('\n')
    .map((l) => cleanLine(l).text);

describe.each(TOOLS.filter((t) => t.corpus !== undefined).map((tool) => [tool.name, tool] as const))(
  'the tool %s',
  (name, tool) => {
    const logs = logsOf(tool);

    it('has corpus logs', () => {
      expect(logs.length).toBeGreaterThan(0);
    });

    it('answers each of its corpus logs with the labelled category', () => {
      const wrong = logs.filter((r) => !categoryRight(r)).map((r) => r.entry.file);
      expect(wrong).toEqual(wrong.filter((f) => KNOWN_MISSES[f] === 'category'));
    });

    it('finds the places labelled in its corpus logs', () => {
      const missed = logs.filter((r) => categoryRight(r) && !placesFound(r)).map((r) => r.entry.file);
      expect(missed).toEqual(missed.filter((f) => KNOWN_MISSES[f] === 'places'));
    });

    const signals = Object.values(tool.signals ?? {})
      .flat()
      .map((s) => compileSignal(typeof s === 'string' ? s : String(s)));
    const shapes = [
      ...(tool.places?.sections ?? []).map((s) => s.header),
      ...(tool.places?.files ?? []).map((f) => f.shape),
      ...(tool.places?.worded ?? []).map((w) => w.shape),
    ];
    if (signals.length + shapes.length > 0)
      it('speaks in its corpus logs (a signal or a place of its own)', () => {
        const lines = logs.flatMap((r) => linesOf(r.entry));
        const spoken = lines.some(
          (l) => signals.some((s) => s.test(l, l.toLowerCase())) || shapes.some((shape) => shape.test(l)),
        );
        expect(spoken).toBe(true);
      });
  },
);

describe('the registry of tools', () => {
  it('lists every file of src/core/patterns/tools (a tool left out would be read by nothing)', () => {
    const dir = join(import.meta.dirname, '../../../src/core/patterns/tools');
    const files = readdirSync(dir).filter((f) => !['index.ts', 'tool.ts', 'path-shape.ts'].includes(f));
    const index = readFileSync(join(dir, 'index.ts'), 'utf8');
    expect(files.filter((f) => !index.includes(`from './${f.replace(/\.ts$/, '.js')}'`))).toEqual([]);
    expect(TOOLS.length).toBe(files.length);
  });

  it('names the tools without corpus logs (WITHOUT_LOGS), and only them', () => {
    expect(TOOLS.filter((t) => t.corpus === undefined).map((t) => t.name)).toEqual(WITHOUT_LOGS);
  });

  it('gives every dev log of the corpus to a tool', () => {
    const claimed = new Set(TOOLS.flatMap((t) => logsOf(t).map((r) => r.entry.file)));
    expect(
      dev.filter((r) => !claimed.has(r.entry.file)).map((r) => `${r.entry.file} (${r.entry.tool})`),
    ).toEqual([]);
  });

  it('keeps each known miss a miss of a tool of its log', () => {
    const known = Object.keys(KNOWN_MISSES);
    const stillMissed = dev.filter(
      (r) => known.includes(r.entry.file) && (!categoryRight(r) || !placesFound(r)),
    );
    expect(stillMissed.map((r) => r.entry.file).sort()).toEqual([...known].sort());
  });

  it('names each place shape of a tool with corpus logs in one of them', () => {
    const lines = dev.flatMap((r) => linesOf(r.entry));
    const shapes = TOOLS.filter((t) => t.corpus !== undefined).flatMap((t) => [
      ...(t.places?.sections ?? []).map((s) => [t.name, s.header] as const),
      ...(t.places?.lists ?? []).map((l) => [t.name, new RegExp(`^${l.heading}$`)] as const),
      ...(t.places?.files ?? []).map((f) => [t.name, f.shape] as const),
      ...(t.places?.worded ?? []).map((w) => [t.name, w.shape] as const),
    ]);
    const unseen = shapes
      .filter(([, shape]) => !lines.some((l) => shape.test(l)))
      .map(([n, s]) => `${n}: ${s}`);
    expect(unseen).toEqual([]);
  });
});
