import type { LabelDefinition, Plan } from './plan-schema.js';

/** The labels closed-loop owns on a pull request; it never touches any other. */
export const MANAGED_LABELS: readonly string[] = ['loop:*', 'needs:*-review', 'approved:*'];

/**
 * Whether a label is managed: a pattern with `*` is a glob (one wildcard, any characters), a pattern
 * without is a prefix. Label names compare case-insensitively, as GitHub compares them.
 */
export function isManagedLabel(name: string, managed: readonly string[]): boolean {
  const lower = name.toLowerCase();
  return managed.some((pattern) => {
    const p = pattern.toLowerCase();
    const star = p.indexOf('*');
    if (star < 0) return lower.startsWith(p);
    const prefix = p.slice(0, star);
    const suffix = p.slice(star + 1);
    return (
      lower.length >= prefix.length + suffix.length && lower.startsWith(prefix) && lower.endsWith(suffix)
    );
  });
}

/**
 * The writes that take a PR's labels from `current` to `wanted`, touching only managed labels:
 * a wanted label that is not managed is ignored, and an unmanaged current label is never removed.
 * `wanted` must include the managed labels to keep (e.g. approvals that still count).
 */
export function labelsPlan(
  current: readonly string[],
  wanted: readonly string[],
  managed: readonly string[] = MANAGED_LABELS,
): Plan {
  const has = (list: readonly string[], name: string) =>
    list.some((l) => l.toLowerCase() === name.toLowerCase());
  const wantedManaged = unique(wanted.filter((l) => isManagedLabel(l, managed)));
  const add = wantedManaged.filter((l) => !has(current, l));
  const remove = unique(current.filter((l) => isManagedLabel(l, managed) && !has(wantedManaged, l)));
  const plan: Plan = [];
  if (add.length > 0) plan.push({ kind: 'add_labels', labels: add });
  if (remove.length > 0) plan.push({ kind: 'remove_labels', labels: remove });
  return plan;
}

function unique(labels: readonly string[]): string[] {
  const seen = new Set<string>();
  return labels.filter((l) => {
    const k = l.toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Definitions for the labels closed-loop uses, for an `ensure_labels` write. */
export function loopLabelDefinitions(gates: readonly string[]): LabelDefinition[] {
  return [
    { name: 'loop:blocked', color: 'd93f0b', description: 'closed-loop escalated: a person is needed' },
    {
      name: 'loop:dead-letter',
      color: 'b60205',
      description: 'closed-loop gave up; see the dead-letter report',
    },
    ...gates.flatMap((gate) => [
      {
        name: `needs:${gate}-review`,
        color: 'fbca04',
        description: `closed-loop: waiting for a ${gate} review`,
      },
      { name: `approved:${gate}`, color: '0e8a16', description: `closed-loop: ${gate} review approved` },
    ]),
  ];
}
