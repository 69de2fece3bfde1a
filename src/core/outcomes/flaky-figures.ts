import type { OutcomeEvent } from './outcome-event.js';

export interface FlakyJob {
  repo: string;
  job: string;
  /** Times a red run of it passed on re-run at the same commit. */
  rescues: number;
  /** Tests its failed logs named, with how often. */
  tests: { name: string; times: number }[];
  prs: number[];
  last_at: string;
}

/** Flaky jobs and tests: the jobs of runs that failed and then passed on re-run (`rerun` events, rescued). */
export function flakyFigures(events: readonly OutcomeEvent[]): FlakyJob[] {
  const jobs = new Map<string, FlakyJob>();
  for (const e of events) {
    if (e.kind !== 'rerun' || e.outcome !== 'rescued') continue;
    for (const j of e.detail?.jobs ?? []) {
      const id = `${e.repo.toLowerCase()}\n${j.job}`;
      const entry = jobs.get(id) ?? {
        repo: e.repo,
        job: j.job,
        rescues: 0,
        tests: [],
        prs: [],
        last_at: e.at,
      };
      entry.rescues += 1;
      for (const t of j.tests) {
        const test = entry.tests.find((x) => x.name === t);
        if (test) test.times += 1;
        else entry.tests.push({ name: t, times: 1 });
      }
      if (e.pr !== null && !entry.prs.includes(e.pr)) entry.prs.push(e.pr);
      if (e.at > entry.last_at) entry.last_at = e.at;
      jobs.set(id, entry);
    }
  }
  return [...jobs.values()]
    .map((j) => ({ ...j, tests: j.tests.sort((a, b) => b.times - a.times || a.name.localeCompare(b.name)) }))
    .sort((a, b) => b.rescues - a.rescues || a.job.localeCompare(b.job));
}

export interface GateWait {
  gate: string;
  /** Times a person's approval (or skip) was asked for. */
  asked: number;
  answered: number;
  /** From the gate's first request to its approval or skip, over the answered ones. */
  mean_wait_ms: number | null;
}

/** How long pull requests wait for each human gate (`gate` events: needed, approved, skipped). */
export function gateWaits(events: readonly OutcomeEvent[]): GateWait[] {
  const asks = new Map<string, { gate: string; at: number; answered: number | null }>();
  const gates = events.filter((e) => e.kind === 'gate' && e.detail?.gate !== undefined);
  const id = (e: OutcomeEvent) => `${e.repo.toLowerCase()}#${e.pr}\n${e.detail!.gate}\n${e.sha ?? ''}`;
  for (const e of gates)
    if (e.outcome === 'needed') {
      const seen = asks.get(id(e));
      if (seen === undefined || Date.parse(e.at) < seen.at)
        asks.set(id(e), { gate: e.detail!.gate!, at: Date.parse(e.at), answered: seen?.answered ?? null });
    }
  for (const e of gates)
    if (e.outcome !== 'needed') {
      const ask = asks.get(id(e));
      if (ask !== undefined && (ask.answered === null || Date.parse(e.at) < ask.answered))
        ask.answered = Date.parse(e.at);
    }
  const byGate = new Map<string, { asked: number; waits: number[] }>();
  for (const a of asks.values()) {
    const g = byGate.get(a.gate) ?? { asked: 0, waits: [] };
    g.asked += 1;
    if (a.answered !== null) g.waits.push(Math.max(0, a.answered - a.at));
    byGate.set(a.gate, g);
  }
  return [...byGate]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([gate, g]) => ({
      gate,
      asked: g.asked,
      answered: g.waits.length,
      mean_wait_ms: g.waits.length === 0 ? null : g.waits.reduce((a, b) => a + b, 0) / g.waits.length,
    }));
}
