// The corpus's generated batches: how each frames its logs, where its logs and manifests go, and the
// header its manifests start with. A batch's cases live in scripts/corpus/cases/<batch>/.
import type { CorpusCase } from './corpus-case.js';
import type { Style } from './compose-log.js';
import type { CiName } from './framings/framing.js';

export type BatchName = 'first' | 'more' | 'fresh' | 'fresh2' | 'steps';

/** One table of cases: an ecosystem's (or a cross-ecosystem probe's) cases of one batch. */
export interface CaseTable {
  batch: BatchName;
  /** The manifest's ecosystem name (`go`, `kotlin-scala`, …) and the cases' default ecosystem. */
  eco: string;
  cases: CorpusCase[];
}

interface BatchLayout {
  style: Style;
  /** The CIs that cases with `wrapper: 'ci'` take in turn (counted per table). */
  cycle?: CiName[];
  /** Where the logs go: the held-out folder, the dev folder, or each case's `held`. */
  heldOut: boolean | 'per-case';
  manifest: (eco: string) => string;
  header: (eco: string) => string;
}

const MADE = 'made by `npm run corpus:make` from real runs';
const EDIT = 'Do not edit by hand: edit scripts/corpus/cases';
const HELD = 'Held out: score only, never tune on it.';

export const BATCHES: Record<BatchName, BatchLayout> = {
  first: {
    style: 'single',
    cycle: ['github-actions', 'gitlab', 'travis', 'jenkins', 'circleci', 'azure', 'buildkite'],
    heldOut: 'per-case',
    manifest: (eco) => `manifest.${eco}.yml`,
    header: (eco) => `# ${eco}: ${MADE}; see README.md. ${EDIT}/first/${eco}.ts.\n`,
  },
  more: {
    style: 'single',
    // Another starting point than the first batch's, so each tool meets other framings.
    cycle: ['gitlab', 'jenkins', 'azure', 'github-actions', 'buildkite', 'travis', 'circleci'],
    heldOut: false,
    manifest: (eco) => `manifest.${eco}-more.yml`,
    header: (eco) => `# ${eco}: ${MADE}; see README.md. ${EDIT}/more/${eco}.ts.\n`,
  },
  fresh: {
    style: 'steps',
    heldOut: true,
    manifest: (eco) => `manifest.fresh-${eco}.yml`,
    header: (eco) => `# fresh ${eco}: ${MADE}; see README.md. ${HELD}\n# ${EDIT}/fresh/${eco}.ts.\n`,
  },
  fresh2: {
    style: 'steps',
    heldOut: true,
    manifest: (eco) => `manifest.fresh2-${eco}.yml`,
    header: (eco) => `# fresh2 ${eco}: ${MADE}; see README.md. ${HELD}\n# ${EDIT}/fresh2/${eco}.ts.\n`,
  },
  steps: {
    style: 'steps',
    heldOut: false,
    manifest: () => 'manifest.steps-probe.yml',
    header: () => `# steps probe: ${MADE}; see README.md. Dev: tune on it freely.\n# ${EDIT}/steps/.\n`,
  },
};

/** One log to make: its case, as its batch resolves it. */
export interface LogJob {
  c: CorpusCase;
  style: Style;
  eco: string;
  wrapper: string;
  heldOut: boolean;
  manifest: string;
  header: string;
}

export function logJobs(table: CaseTable): LogJob[] {
  const layout = BATCHES[table.batch];
  let n = 0;
  return table.cases.map((c) => {
    let wrapper = c.wrapper ?? 'raw';
    if (c.held && layout.heldOut === false)
      throw new Error(
        `${c.id}: the ${table.batch} batch is dev only; a held-out case goes in a held-out batch`,
      );
    if (wrapper === 'ci') {
      if (!layout.cycle) throw new Error(`${c.id}: wrapper 'ci' needs a batch with a CI cycle`);
      wrapper = layout.cycle[n++ % layout.cycle.length]!;
    }
    return {
      c,
      style: layout.style,
      eco: c.eco || table.eco,
      wrapper,
      heldOut: layout.heldOut === 'per-case' ? !!c.held : layout.heldOut,
      manifest: layout.manifest(table.eco),
      header: layout.header(table.eco),
    };
  });
}
