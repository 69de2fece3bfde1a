import type { PacingObserver } from '../../github/pace-requests.js';
import type { DeliveryOutcome } from '../queue/delivery-queue.js';

type Labels = Record<string, string>;

/** Counters by label set, printed in Prometheus' text format. */
class Counter {
  private readonly values = new Map<string, number>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}
  add(labels: Labels, by = 1): void {
    const key = Object.entries(labels)
      .map(([k, v]) => `${k}="${v.replace(/["\\\n]/g, '_')}"`)
      .join(',');
    this.values.set(key, (this.values.get(key) ?? 0) + by);
  }
  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const [key, value] of this.values)
      lines.push(`${this.name}${key === '' ? '' : `{${key}}`} ${value}`);
    return lines.join('\n');
  }
}

/**
 * What /metrics shows: deliveries by event and outcome, the queue's depth, GitHub requests and rate-limit
 * waits.
 */
export class AppMetrics implements PacingObserver {
  private readonly deliveries = new Counter(
    'closed_loop_deliveries_total',
    'Webhook deliveries by event and outcome (received, refused, handled, retrying, parked).',
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

  delivery(event: string, outcome: DeliveryOutcome | 'received' | 'refused'): void {
    this.deliveries.add({ event, outcome });
  }

  request(method: string, status: number): void {
    this.requests.add({ method, status: String(status) });
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
    return `${[this.deliveries.render(), depth, this.requests.render(), this.waits.render(), this.waited.render()].join('\n')}\n`;
  }
}
