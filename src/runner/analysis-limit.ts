import { ANALYSIS_LIMIT_MS } from '../core/analyze/with-deadline.js';
import { ConfigLoadError } from './load-config.js';

/** The environment variable that sets the analysis's time limit, in seconds (docs/analysis-limits.md). */
const ANALYSIS_SECONDS_ENV = 'CLOSED_LOOP_ANALYSIS_SECONDS';

/**
 * The time one output's analysis may take before its middle is skipped: ANALYSIS_LIMIT_MS, or the
 * environment's CLOSED_LOOP_ANALYSIS_SECONDS (a slow runner's, or a test's).
 */
export function analysisLimitMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = env[ANALYSIS_SECONDS_ENV];
  if (value === undefined || value.trim() === '') return ANALYSIS_LIMIT_MS;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600)
    throw new ConfigLoadError(
      `${ANALYSIS_SECONDS_ENV}: expected a number of seconds between 0 and 3600, found ${JSON.stringify(value.slice(0, 40))}`,
    );
  return seconds * 1000;
}
