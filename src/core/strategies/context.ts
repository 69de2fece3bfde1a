import { z } from 'zod';
import { CheckTypeSchema, CategorySchema, StrategySchema } from '../vocabulary.js';
import { EvidenceSchema } from '../diagnosis.js';

export const CONTEXT_VERSION = 1;
/** Lines kept on each side of an error (the seed's ±50). */
export const WINDOW_LINES = 50;
/** Error sites gathered at most. */
export const MAX_SITES = 10;
/** Imported modules whose source is included, and the lines kept of each. */
export const MAX_MODULES = 5;
export const MODULE_LINES = 300;
export const MAX_DIFF_CHARS = 20_000;

const SnippetSchema = z.object({
  file: z.string(),
  startLine: z.number().int().positive(),
  endLine: z.number().int().nonnegative(),
  text: z.string(),
});
export type Snippet = z.infer<typeof SnippetSchema>;

const DeclarationSchema = z.object({
  name: z.string(),
  file: z.string(),
  line: z.number().int().positive(),
  text: z.string(),
});
export type Declaration = z.infer<typeof DeclarationSchema>;

/** A function (class, constant) a failing test imports, where it is defined, and the barrels on the way. */
const UnderTestSchema = DeclarationSchema.extend({
  /** Files that only re-export it (`index.ts`, a package's `__init__.py`), from the test's import on. */
  via: z.array(z.string()),
});
export type UnderTest = z.infer<typeof UnderTestSchema>;

/** One located error with what a fixer needs to read around it. */
const ErrorSiteSchema = z.object({
  file: z.string(),
  line: z.number().int().positive(),
  column: z.number().int().positive().nullable(),
  /** The evidence line that reports this error, when one names it. */
  message: z.string().nullable(),
  /** The file's lines ±WINDOW_LINES around the error; null when the file cannot be read. */
  window: SnippetSchema.nullable(),
  /** Files the erroring file imports (repository-relative). */
  imports: z.array(z.string()),
  /** Declarations of the identifiers the error names, found in the file or its imports. */
  declarations: z.array(DeclarationSchema),
  /** Files that import the erroring file (depth 1). */
  dependents: z.array(z.string()),
});
export type ErrorSite = z.infer<typeof ErrorSiteSchema>;

/** `.closed-loop/context-<task>.json`: what context_expand and analyze_then_fix hand to the agent. */
export const ContextSchema = z.object({
  version: z.literal(CONTEXT_VERSION),
  task_id: z.string(),
  strategy: StrategySchema,
  pattern: z.string().nullable(),
  category: CategorySchema,
  signature: z.string(),
  check: z.object({ name: z.string(), type: CheckTypeSchema, command: z.string() }).nullable(),
  evidence: EvidenceSchema.nullable(),
  /** Identifiers quoted in the error (`'User'`, `'fullName'`), primitives left out. */
  identifiers: z.array(z.string()),
  sites: z.array(ErrorSiteSchema),
  /** Errors located beyond MAX_SITES, not gathered. */
  sites_omitted: z.number().int().nonnegative(),
  /** The seed's expanded-context summary (under ~500 tokens). */
  summary: z.string(),
  /** A failing test's assertion: its message and expected/actual, from the check's output. */
  failure: z.string().nullable().default(null),
  /** The source of the modules the failing code imports (a test's subject: a logic bug lives there). */
  modules: z.array(SnippetSchema).default([]),
  /** The branch's changes (`git diff <merge base>`), cut to MAX_DIFF_CHARS; null when there is no base. */
  diff: z.string().nullable().default(null),
  /** A person's words for this run (`/close-loop fix <guidance>` on the pull request); null when none. */
  guidance: z.object({ by: z.string(), text: z.string() }).nullable().default(null),
  /** What the failing tests import, followed through re-exports to its definition. */
  under_test: z.array(UnderTestSchema).default([]),
  /** The branch's changes to the failing tests and the files defining what they test. */
  diff_under_test: z.string().nullable().default(null),
});
export type Context = z.infer<typeof ContextSchema>;
