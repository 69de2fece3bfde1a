/**
 * The seed's task telemetry format for a span between two ISO times: `Xm` under an hour (`23m`), `Xh Ym`
 * from an hour on (`1h 15m`); whole minutes, rounded down; never negative. null when a time is unreadable.
 */
export function formatElapsed(from: string, to: string): string | null {
  const ms = Date.parse(to) - Date.parse(from);
  if (Number.isNaN(ms)) return null;
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  return minutes < 60 ? `${minutes}m` : `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

/** The seed's timestamp, `YYYY-MM-DD HH:MM`, in UTC (said so); the text as given when it is not a time. */
export function formatStamp(iso: string): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  return `${new Date(t).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
