import type { Location } from '../diagnosis.js';
import { TOOLS } from '../patterns/tools/index.js';
import { listsFiles } from './command-category.js';
import { createBarePathReader } from './places/bare-paths.js';
import { COMPILER_CONTEXT_LITERALS, createCompilerContext } from './places/compiler-context.js';
import { INLINE_PLACE_LITERALS, inlinePlaces } from './places/inline-places.js';
import { createLocator } from './places/locate.js';
import { createToolPlaces, toolPlaceLiterals } from './places/tool-places.js';
import { workflowCommandPlace } from './places/workflow-command-place.js';

export interface LocationExtractor {
  /**
   * The located errors this cleaned line reports (usually none). `toolPlaces`: false when the scanner found
   * none of the tools' place literals in the line (their readers are then not asked).
   */
  push(text: string, toolPlaces?: boolean): Location[];
  /** True inside a report that names a file once (eslint stylish, phpcs): any line can be one of its rows. */
  busy(): boolean;
  /** The command whose output follows (a CI step's), when the log names it: `gofmt -l` lists files. */
  setCommand(command: string | null): void;
}

/**
 * Reads the places a log names, line by line, in this order: a report's rows under the file it named
 * (the tools' sections, eslint's stylish, a list of files), a place in a tool's own words (the tools'
 * `places`), a workflow command's; then, unless the line is context (a compiler's note, a template's
 * instantiation), the common `file:line` shapes, corrected by what came before (compiler-context.ts).
 */
export function createLocationExtractor(root?: string, command?: string): LocationExtractor {
  const locate = createLocator(root, command);
  const tools = createToolPlaces(TOOLS, locate);
  const barePaths = createBarePathReader(locate);
  const context = createCompilerContext(locate);
  let lists = command !== undefined && listsFiles(command);
  const inline = (text: string): Location[] => {
    const found = inlinePlaces(text, locate);
    return found === null ? [] : context.amend(text, found);
  };
  return {
    busy: () => barePaths.busy() || tools.busy(),
    setCommand(next) {
      lists = listsFiles(next ?? command ?? '');
      locate.setCommand(next ?? command);
    },
    push(line, toolPlaces = true) {
      const text = context.unwrap(line);
      // A line without any tool's literal is none of their shapes, unless a section or list is open (the
      // scanner read the line as it was: unwrapping could join a literal).
      const tooled = toolPlaces || text !== line || tools.busy();
      return (
        (tooled ? tools.section(text) : undefined) ??
        barePaths.read(text, lists) ??
        (tooled ? (tools.list(text) ?? tools.oneLine(text)) : undefined) ??
        workflowCommandPlace(text, locate) ??
        (tools.notPlace(text) || context.instantiation(text) ? [] : inline(text))
      );
    },
  };
}

/** The literals of every line the extractor reads when it is not busy (see analyzer-literals.ts). */
export const PLACE_LITERALS: readonly string[] = [
  ...COMPILER_CONTEXT_LITERALS,
  ...INLINE_PLACE_LITERALS,
  ...toolPlaceLiterals(TOOLS),
];
