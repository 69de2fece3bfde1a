import type { Location } from '../diagnosis.js';
import { TOOLS } from '../patterns/tools/index.js';
import { listsFiles } from './command-category.js';
import type { FoundPlace } from './failure-places.js';
import { createBarePathReader } from './places/bare-paths.js';
import { ALL_CONCERNS, CONCERN } from './analyzer-literals.js';
import { createCompilerContext } from './places/compiler-context.js';
import { inlinePlaces } from './places/inline-places.js';
import { isGeneratedPlace } from './places/generated-code.js';
import { createLocator } from './places/locate.js';
import { createPlaceMessages } from './places/place-message.js';
import { createToolPlaces, type ToolPlace } from './places/tool-places.js';
import { workflowCommandPlace } from './places/workflow-command-place.js';

export interface LocationExtractor {
  /**
  /**
   * The located errors this cleaned line reports (usually none), each with the tool's message when the
   * line or the failure it belongs to says one (place-message.ts). `concerns`: the parts the scanner found
   * the line to concern (analyzer-literals' CONCERN); the readers of the others are not asked.
   */
  push(text: string, concerns?: number, line?: number): FoundPlace[];
  /** The message of the failure being read: for places a trace held until its end (a Python traceback). */
  message(): string | null;
  /** True inside a report that names a file once (eslint stylish, phpcs): any line can be one of its rows. */
  busy(): boolean;
  /** Shapes without a literal the next lines can have and would be read for (place-message's WATCH). */
  watching(): number;
  /** The command whose output follows (a CI step's), when the log names it: `gofmt -l` lists files. */
  setCommand(command: string | null): void;
}

/**
 * Reads the places a log names, line by line, in this order: a report's rows under the file it named
 * (the tools' sections, eslint's stylish, a list of files), a place in a tool's own words (the tools'
 * `places`), a workflow command's; then, unless the line is context (a compiler's note, a template's
 * instantiation), the common `file:line` shapes, corrected by what came before (compiler-context.ts).
 * A stack frame's place in generated code (a bundle, minified or instrumented code) is none.
 */
export function createLocationExtractor(root?: string, command?: string): LocationExtractor {
  const locate = createLocator(root, command);
  const tools = createToolPlaces(TOOLS, locate);
  const barePaths = createBarePathReader(locate);
  const context = createCompilerContext(locate);
  // Whether the step's command lists files, worked out when a bare path asks: most steps print none.
  let listing = command ?? '';
  let lists: boolean | null = null;
  const listsNow = (): boolean => (lists ??= listing !== '' && listsFiles(listing));
  const messages = createPlaceMessages();
  /** The number of the line pushed last, when the caller does not number them (every line pushed). */
  let pushed = 0;
  const inline = (text: string): Location[] => {
    const found = inlinePlaces(text, locate);
    if (found === null) return [];
    return context.amend(text, found).filter((loc) => !isGeneratedPlace(text, loc));
  };
  // `tooled`: false when the scanner found none of the tools' place literals in the line and no section or
  // list is open (their readers are then not asked); `noted`: false when it found none of their notes';
  // `inlined`: false when it found no `file:line` shape's (nor a traceback's `line 3`).
  const read = (text: string, tooled: boolean, noted: boolean, inlined: boolean): ToolPlace[] =>
    (tooled ? tools.section(text) : undefined) ??
    barePaths.read(text, listsNow) ??
    (tooled ? (tools.list(text) ?? tools.oneLine(text)) : undefined) ??
    workflowCommandPlace(text, locate) ??
    (!inlined || (noted && tools.notPlace(text)) || context.instantiation(text) ? [] : inline(text));
  return {
    busy: () => barePaths.busy() || tools.busy() || messages.busy(),
    watching: () => messages.watching(),
    message: () => messages.current(),
    setCommand(next) {
      listing = next ?? command ?? '';
      lists = null;
      locate.setCommand(next ?? command);
    },
    push(line, concerns = ALL_CONCERNS, lineNo = ++pushed) {
      const text = context.unwrap(line);
      // The scanner read the line as it was: a line unwrapped could join a literal, and concerns them all.
      const all = text !== line ? ALL_CONCERNS : concerns;
      if (
        (all & (CONCERN.messages | CONCERN.everything)) !== 0 ||
        messages.busy() ||
        messages.watches(text, lineNo)
      )
        messages.read(text, lineNo);
      // A line without any tool's literal is none of their shapes, unless a section or list is open.
      const found = read(
        text,
        (all & (CONCERN.toolPlaces | CONCERN.everything)) !== 0 || tools.busy(),
        (all & (CONCERN.toolNotes | CONCERN.everything)) !== 0,
        (all & (CONCERN.inlinePlaces | CONCERN.places | CONCERN.everything)) !== 0,
      );
      if (found.length === 0) return found;
      const message = messages.of(text);
      const aside = (all & (CONCERN.toolNotes | CONCERN.everything)) !== 0 && tools.aside(text);
      // Literal objects, not spreads: a dense log finds places on most lines.
      return found.map((loc): FoundPlace =>
        loc.unlined
          ? { file: loc.file, line: loc.line, column: loc.column, message, aside, unlined: true }
          : aside
            ? { file: loc.file, line: loc.line, column: loc.column, message, aside }
            : { file: loc.file, line: loc.line, column: loc.column, message },
      );
    },
  };
}
