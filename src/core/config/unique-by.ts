import type { z } from 'zod';

/**
 * A refinement for lists whose items must have distinct keys (check names, pattern ids). The issue
 * points at the later duplicate's key, e.g. `checks[2].name`, and names the earlier one.
 */
export function uniqueBy<T>(field: keyof T & string, what: string) {
  return (items: T[], ctx: z.RefinementCtx<T[]>): void => {
    const seen = new Map<unknown, number>();
    items.forEach((item, index) => {
      const value = item[field];
      const first = seen.get(value);
      if (first === undefined) {
        seen.set(value, index);
        return;
      }
      ctx.addIssue({
        code: 'custom',
        path: [index, field],
        input: value,
        message: `duplicate ${what} ${JSON.stringify(value)}; it is already used by item ${first}, and ${what}s must be unique`,
      });
    });
  };
}
