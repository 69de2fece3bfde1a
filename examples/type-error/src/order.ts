import { formatPrice, type Price } from './price.js';

// A broken contract: formatPrice takes a Price, not its amount. Mechanical fixers cannot help here.
export function describeTotal(total: Price): string {
  return `Total: ${formatPrice(total.amount)}`;
}
