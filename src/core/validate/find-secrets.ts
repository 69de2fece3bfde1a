import { maskTokenShapes } from '../report/mask-secrets.js';

/** A line that holds what looks like a token or key; `masked` is that line with the secret hidden. */
export interface SecretFinding {
  /** 1-based line number within the text given. */
  line: number;
  masked: string;
}

const MAX_EXCERPT = 160;

/**
 * Lines of `text` holding a secret, by the very token shapes reports mask (maskSecrets: GitHub, npm,
 * AWS, Slack tokens, private keys, bearer headers, passwords in URLs). A reference to a secret that
 * lives elsewhere — `${NPM_TOKEN}`, `$TOKEN`, `${{ secrets.X }}`, `<token>` — is not a secret.
 * The finding never carries the secret itself, only the masked line (shortened).
 */
export function findSecrets(text: string): SecretFinding[] {
  const findings: SecretFinding[] = [];
  text.split('\n').forEach((raw, index) => {
    const masked = maskTokenShapes(raw);
    if (masked === raw || isPlaceholder(hiddenPart(raw, masked))) return;
    findings.push({ line: index + 1, masked: shorten(masked.trim()) });
  });
  return findings;
}

/** The part of `raw` that masking replaced: what lies between their common prefix and suffix. */
function hiddenPart(raw: string, masked: string): string {
  let start = 0;
  while (start < raw.length && start < masked.length && raw[start] === masked[start]) start++;
  let end = 0;
  while (
    end < raw.length - start &&
    end < masked.length - start &&
    raw[raw.length - 1 - end] === masked[masked.length - 1 - end]
  )
    end++;
  return raw.slice(start, raw.length - end);
}

const PLACEHOLDER = [
  /^\$\{\{\s*[\w.[\]'"-]+\s*\}\}$/, // ${{ secrets.NPM_TOKEN }}
  /^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?$/, // $TOKEN, ${TOKEN}
  /^\{\{\s*[\w.-]+\s*\}\}$/, // {{ token }}
  /^<[\w. -]+>$/, // <your-token>
  /^%[A-Za-z_][A-Za-z0-9_]*%$/, // %TOKEN%
  /^(?:\$\{\{?|\{\{|\$\()$/, // the opening of an expression the mask stopped in: `Bearer ${{ secrets.X }}`
];

function isPlaceholder(hidden: string): boolean {
  const core = hidden.replace(/^\*+|\*+$/g, ''); // the mask may share asterisks with the text
  const password = core.slice(core.indexOf(':') + 1); // `user:${TOKEN}` in a URL
  return PLACEHOLDER.some((re) => re.test(core) || (core.includes(':') && re.test(password)));
}

function shorten(line: string): string {
  return line.length <= MAX_EXCERPT ? line : `${line.slice(0, MAX_EXCERPT - 1)}…`;
}
