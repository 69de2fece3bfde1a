/** Text made safe inside HTML (element content and quoted attribute values). */
export function esc(value: string | number | null | undefined): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** 0.4567 → `46%`; null → `–`. */
export function percent(rate: number | null): string {
  return rate === null ? '–' : `${Math.round(rate * 100)}%`;
}

/** A duration as a person reads it: `45 s`, `12 min`, `3.5 h`, `2.1 d`; null → `–`. */
export function duration(ms: number | null): string {
  if (ms === null) return '–';
  const s = ms / 1000;
  if (s < 90) return `${Math.round(s)} s`;
  if (s < 90 * 60) return `${Math.round(s / 60)} min`;
  if (s < 36 * 3600) return `${(s / 3600).toFixed(1)} h`;
  return `${(s / 86400).toFixed(1)} d`;
}

/** An ISO time as `2026-11-02 10:05 UTC`. */
export function when(iso: string | null): string {
  return iso === null ? '–' : `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/**
 * A table: header cells and rows of already-escaped cells (a row's `flagged` marks it); `empty` when there
 * is no row.
 */
export function table(
  head: readonly string[],
  rows: readonly (string[] | { cells: string[]; flagged: boolean })[],
  empty: string,
): string {
  if (rows.length === 0) return `<p class="empty">${esc(empty)}</p>`;
  return `<table><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => {
      const { cells, flagged } = Array.isArray(r) ? { cells: r, flagged: false } : r;
      return `<tr${flagged ? ' class="flagged"' : ''}>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`;
    })
    .join('')}</tbody></table>`;
}
