import type { Location } from '../../diagnosis.js';
import { PATH } from '../../patterns/tools/path-shape.js';
import type { Locator } from './locate.js';

/**
 * A path alone on its line: eslint's stylish report names each file so, then lists its errors as indented
 * `line:col  error  message  rule` rows; a command that lists files to reformat (`gofmt -l .`) prints only
 * such lines. The byte scanner reads every line that may be a bare path (maybePath in clean-line-bytes.ts).
 */
const BARE_PATH = new RegExp(String.raw`^(${PATH})$`);
const STYLISH_ROW = /^\s+(\d+):(\d+)\s+error\s/;

export interface BarePathReader {
  /**
   * The places of a stylish row or a listed file; undefined when the line is neither a row nor a path.
   * `listsFiles`: whether the command lists files (asked only of a path alone on its line).
   */
  read(text: string, listsFiles: () => boolean): Location[] | undefined;
  /** True under a path, where the next lines can be its rows. */
  busy(): boolean;
}

export function createBarePathReader(locate: Locator): BarePathReader {
  let file: string | null = null;
  return {
    busy: () => file !== null,
    read(text, listsFiles) {
      if (file !== null) {
        const row = STYLISH_ROW.exec(text);
        if (row) {
          const loc = locate(file, row[1], row[2]);
          return loc ? [loc] : [];
        }
        if (!/^\s+\d+:\d+\s/.test(text)) file = null;
      }
      const header = BARE_PATH.exec(text.trim());
      if (!header || text.startsWith(' ')) return undefined;
      file = header[1] as string;
      const loc = listsFiles() ? locate(file, '1', undefined) : null;
      return loc ? [loc] : [];
    },
  };
}
