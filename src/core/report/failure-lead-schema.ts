import { z } from 'zod';
import type { FailureLead } from './failure-lead.js';
import { clipLine, truncateText } from './truncate-text.js';

/**
 * A FailureLead as kept in a signed block between deliveries (the App's state): every text bounded, read
 * back as untrusted input.
 */
export const FailureLeadSchema = z.strictObject({
  check: z.string().max(200).nullable(),
  tool: z.string().max(100).nullable(),
  places: z
    .array(
      z.strictObject({
        file: z.string().max(300),
        line: z.number().int().nonnegative(),
        message: z.string().max(300),
      }),
    )
    .max(3),
  excerpt: z.string().max(2000).nullable(),
});

/** `lead` cut to what FailureLeadSchema keeps, so that the block it goes into reads back. */
export function keptFailureLead(lead: FailureLead): FailureLead {
  return {
    check: lead.check === null ? null : clipLine(lead.check, 200),
    tool: lead.tool === null ? null : clipLine(lead.tool, 100),
    places: lead.places.slice(0, 3).map((p) => ({
      file: p.file.slice(0, 300),
      line: p.line,
      message: clipLine(p.message, 300),
    })),
    excerpt: lead.excerpt === null ? null : truncateText(lead.excerpt, 2000),
  };
}
