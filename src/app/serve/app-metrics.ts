import type { PacingObserver } from '../../github/pace-requests.js';
import type { DeliveryOutcome } from '../queue/delivery-queue.js';
import type { OutcomeObserver } from '../outcomes/outcome-recorder.js';

type Labels = Record<string, string>;

const labelText = (labels: Labels): string =>
  Object.entries(labels)
    .map(([k, v]) => `${k}="${v.replace(/["\\\n]/g, '_')}"`)
    .join(',');

/** Counters by label set, printed in Prometheus' text format. */
class Counter {
  private readonly values = new Map<string, number>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}
  add(labels: Labels, by = 1): void {
    const key = labelText(labels);
    this.values.set(key, (this.values.get(key) ?? 0) + by);
  }
  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const [key, value] of this.values)
      lines.push(`${this.name}${key === '' ? '' : `{${key}}`} ${value}`);
    return lines.join('\n');
  }
}

/** A histogram by label set (cumulative buckets, sum and count), in Prometheus' text format. */
class Histogram {
  private readonly values = new Map<string, { buckets: number[]; sum: number; count: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly bounds: readonly number[],
  ) {}
  observe(labels: Labels, value: number): void {
    const key = labelText(labels);
    const v = this.values.get(key) ?? { buckets: this.bounds.map(() => 0), sum: 0, count: 0 };
    this.bounds.forEach((b, i) => {
      if (value <= b) v.buckets[i]! += 1;
    });
    v.sum += value;
    v.count += 1;
    this.values.set(key, v);
  }
  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const [key, v] of this.values) {
      const sep = key === '' ? '' : `${key},`;
      this.bounds.forEach((b, i) => lines.push(`${this.name}_bucket{${sep}le="${b}"} ${v.buckets[i]}`));
      lines.push(`${this.name}_bucket{${sep}le="+Inf"} ${v.count}`);
      lines.push(`${this.name}_sum${key === '' ? '' : `{${key}}`} ${v.sum}`);
      lines.push(`${this.name}_count${key === '' ? '' : `{${key}}`} ${v.count}`);
    }
    return lines.join('\n');
  }
}

const HOUR = 3600;

/**
 * What /metrics shows: deliveries by event and outcome, the queue's depth, GitHub requests and rate-limit
 * waits, and the loop outcomes this instance recorded (each once across instances: sum them) with the times
 * to green they ended.
 */
export class AppMetrics implements PacingObserver, OutcomeObserver {
  private readonly outcomes = new Counter(
    'closed_loop_loop_outcomes_total',
    'Loops that ended, by repository, pattern, strategy and outcome (success, rescued, escalated, dead_letter, held).',
  );
  private readonly toGreen = new Histogram(
    'closed_loop_time_to_green_seconds',
    "From a pull request's red run to its next green one, by repository and pattern.",
    [60, 300, 900, 1800, HOUR, 2 * HOUR, 4 * HOUR, 8 * HOUR, 24 * HOUR, 72 * HOUR, 168 * HOUR],
  );
  private readonly deliveries = new Counter(
    'closed_loop_deliveries_total',
    'Webhook deliveries by event and outcome (received, refused, unavailable, handled, retrying, parked).',
  );
  private readonly requests = new Counter(
    'closed_loop_github_requests_total',
    'Requests to GitHub by method and HTTP status (0: no answer).',
  );
  private readonly waits = new Counter(
    'closed_loop_github_rate_limit_waits_total',
    'Times a GitHub rate limit was waited out before a retry.',
  );
  private readonly waited = new Counter(
    'closed_loop_github_rate_limit_wait_seconds_total',
    'Seconds spent waiting out GitHub rate limits.',
  );

  /** `unavailable`: answered 503 because the queue (Redis) could not record it. */
  delivery(event: string, outcome: DeliveryOutcome | 'received' | 'refused' | 'unavailable'): void {
    this.deliveries.add({ event, outcome });
  }

  request(method: string, status: number): void {
    this.requests.add({ method, status: String(status) });
  }

  loopOutcome(labels: { repository: string; pattern: string; strategy: string; outcome: string }): void {
    this.outcomes.add(labels);
  }

  timeToGreen(labels: { repository: string; pattern: string }, seconds: number): void {
    this.toGreen.observe(labels, seconds);
  }

  rateLimitWait(seconds: number): void {
    this.waits.add({});
    this.waited.add({}, seconds);
  }

  render(queueDepth: number): string {
    const depth = [
      '# HELP closed_loop_queue_depth Deliveries recorded and not yet handled or parked.',
      '# TYPE closed_loop_queue_depth gauge',
      `closed_loop_queue_depth ${queueDepth}`,
    ].join('\n');
    return `${[this.deliveries.render(), depth, this.requests.render(), this.waits.render(), this.waited.render(), this.outcomes.render(), this.toGreen.render()].join('\n')}\n`;
  }
}
