/**
 * The `HH:MM:SS` part of an ISO-8601 timestamp, read from the text (no clock, no time zone
 * conversion: the timestamp is shown as it was recorded). Anything else is returned unchanged.
 */
export function clockTime(timestamp: string): string {
  const match = /T(\d{2}:\d{2}:\d{2})/.exec(timestamp);
  return match?.[1] ?? timestamp;
}

/** The `YYYY-MM-DD` part of an ISO-8601 timestamp, or the text unchanged. */
export function calendarDate(timestamp: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(timestamp.trim());
  return match?.[1] ?? timestamp;
}
