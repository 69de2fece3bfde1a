import type { CheckEventHandler, CheckRun } from '../checks/run-checks.js';
import { maskOutput } from '../secrets/known-secrets.js';
import type { ProgressSink } from './progress.js';
import { seconds } from './progress.js';

/** How often a running check is said to be still running: often enough to know it lives, not spammy. */
const HEARTBEAT_MS = 30_000;
const LAST_LINE_CHARS = 120;

export interface CheckDisplay {
  onEvent: CheckEventHandler;
  onLine: (name: string, line: string) => void;
  /** Stops the heartbeat; call once the checks have ended (also on an error). */
  stop(): void;
}

/**
 * What a person watching a run sees of its checks: each check's end (`✓ lint 0.5s`, or the sink's own
 * rendering with the check's output, as the job log folds it), and while a check runs, a heartbeat every
 * `everyMs` of its own run time with the last line it printed — a test suite silent for five minutes is
 * still seen to be alive. Timers are unref'd: the heartbeat never keeps the process up.
 */
export function createCheckDisplay(progress: ProgressSink, everyMs: number = HEARTBEAT_MS): CheckDisplay {
  const running = new Map<string, { started: number; beats: number; last: string | null }>();
  const tick = (): void => {
    const now = Date.now();
    for (const [name, r] of running) {
      const beats = Math.floor((now - r.started) / everyMs);
      if (beats <= r.beats) continue;
      r.beats = beats;
      progress.info(`  … ${name} still running (${elapsed(now - r.started)}); ${describeLast(r.last)}`);
    }
  };
  // Each check beats on its own run time (30 s, 1 min, …), whenever it started: a finer tick finds it.
  const timer = setInterval(tick, Math.max(10, Math.floor(everyMs / 30)));
  timer.unref();
  return {
    onEvent: async (e) => {
      if (e.kind === 'start') {
        running.set(e.name, { started: Date.now(), beats: 0, last: null });
        return;
      }
      running.delete(e.name);
      if (progress.checkEnded) await progress.checkEnded(e.run, checkLine(e.run));
      else progress.info(checkLine(e.run));
    },
    onLine: (name, line) => {
      const r = running.get(name);
      if (r && line.trim() !== '') r.last = line;
    },
    stop: () => clearInterval(timer),
  };
}

/** `✗ lint 0.5s`, and why the check ended when the output cannot say it. */
function checkLine(run: CheckRun): string {
  return `  ${run.passed ? '✓' : '✗'} ${run.name} ${seconds(run.durationMs)}${run.timedOut ? ' (timed out; process tree killed)' : ''}`;
}

/** `45s`, `1m 30s`, `12m 0s`. */
export function elapsed(ms: number): string {
  const total = Math.round(ms / 1000);
  return total < 60 ? `${total}s` : `${Math.floor(total / 60)}m ${total % 60}s`;
}

function describeLast(line: string | null): string {
  if (line === null) return 'no output yet';
  // eslint-disable-next-line no-control-regex -- ANSI escapes are what is taken out
  const plain = maskOutput(line.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '')).trim();
  const clipped = plain.length > LAST_LINE_CHARS ? `${plain.slice(0, LAST_LINE_CHARS - 1)}…` : plain;
  return `last output: ${clipped}`;
}
