import { UNRECOGNISED, type OuterLoopSettings, type PatternFigures } from './pattern-figures.js';

export interface Demotion {
  demoted: boolean;
  /** Why, as the PR says it after "because"; null when not demoted. */
  why: string | null;
}

const percent = (x: number): string => `${Math.round(x * 100)}%`;

/**
 * Whether the loop stops committing `strategy`'s fixes for `pattern` in a repository: at least
 * `min_loops` of its loops (in the window) and a success rate below `threshold`. It recovers by itself:
 * the loops it still runs (its fixes proposed, or committed by a person's `/close-loop apply`) lift the rate.
 */
export function decideDemotion(
  byStrategy: readonly PatternFigures[],
  fix: { pattern: string | null; strategy: string },
  settings: OuterLoopSettings & { window_days: number },
): Demotion {
  const pattern = fix.pattern ?? UNRECOGNISED;
  const f = byStrategy.find((x) => x.pattern === pattern && x.strategy === fix.strategy);
  if (f === undefined || f.loops < settings.min_loops || f.success_rate >= settings.threshold)
    return { demoted: false, why: null };
  return {
    demoted: true,
    why: `the outer loop demoted ${fix.strategy} for ${pattern} in this repository: ${f.succeeded} of its ${f.loops} loops in the last ${settings.window_days} days went green (${percent(f.success_rate)}, below outer_loop.threshold ${percent(settings.threshold)}); its fixes are proposed until the rate is back`,
  };
}
