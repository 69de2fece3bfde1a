import { maskOutput } from './known-secrets.js';

/**
 * Longest text held back waiting for a newline: a token is far shorter, an endless line must not fill memory.
 */
const MAX_HELD = 64 * 1024;

export interface MaskedLineWriter {
  push(text: string): Promise<void> | undefined;
  end(): Promise<void> | undefined;
}

/**
 * Passes text on to `write` masked (maskOutput), whole lines at a time, so a token split across two
 * chunks of a tool's output is still recognised and hidden.
 */
export function createMaskedLineWriter(write: (text: string) => Promise<void> | undefined): MaskedLineWriter {
  let held = '';
  return {
    push(text) {
      held += text;
      const nl = held.lastIndexOf('\n');
      if (nl === -1 && held.length <= MAX_HELD) return undefined;
      const cut = nl === -1 ? held.length : nl + 1;
      const out = held.slice(0, cut);
      held = held.slice(cut);
      return write(maskOutput(out));
    },
    end() {
      const out = held;
      held = '';
      return out === '' ? undefined : write(maskOutput(out));
    },
  };
}
