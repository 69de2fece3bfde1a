import type { Category } from '../vocabulary.js';
import type { FailureMark } from './failure-structure.js';

/**
 * A program that crashed says so in its runtime's own shape: Python's `Traceback …` ending in
 * `KeyError: 'X'`, Node's uncaught `TypeError: …` above its `Node.js v20` footer, Ruby's
 * `f.rb:2:in 'm': … (NameError)`, PHP's `PHP Fatal error:`, the JVM's `Exception in thread "main" …`.
 * The exception's name says what kind of failure it is, when no pattern does.
 */
export interface CrashWatcher {
  (text: string): FailureMark | null;
  /** True inside a traceback, where any line (its last) can be the mark. */
  busy(): boolean;
}

export function createCrashWatcher(): CrashWatcher {
  let inTraceback = false;
  let lastJsError: string | null = null;
  const watch = (text: string): FailureMark | null => {
    if (text.startsWith('Traceback (most recent call last)')) {
      inTraceback = true;
      return null;
    }
    if (inTraceback && text !== '' && !text.startsWith(' ')) {
      inTraceback = false;
      const name = /^([\w.]+)(?::|$)/.exec(text)?.[1];
      return name ? crash(name.slice(name.lastIndexOf('.') + 1), text) : null;
    }
    if (text.includes('Error') && /^(?:Uncaught )?[A-Z]\w*Error\b[^:]{0,40}: /.test(text)) lastJsError = text;
    else if (lastJsError !== null && text.startsWith('Node.js v')) {
      const error = lastJsError;
      lastJsError = null;
      return crash(/([A-Z]\w*Error)/.exec(error)![1] as string, error);
    }
    if (text.includes('.rb:') && /^\S+\.rb:\d+:in [`'].* \(([A-Z]\w*)\)$/.test(text)) {
      return crash(/\(([A-Z]\w*)\)$/.exec(text)![1] as string, text);
    }
    if (text.startsWith('PHP Fatal error:') || text.startsWith('Fatal error: '))
      return crash(/Uncaught (\w+)/.exec(text)?.[1] ?? 'Error', text);
    // The JVM's default handler: the main thread died of an uncaught exception, and the program with it.
    if (text.startsWith(JVM_MAIN)) {
      const name = /^[\w$.]+/.exec(text.slice(JVM_MAIN.length))?.[0];
      if (name) return crash(name.slice(name.lastIndexOf('.') + 1), text);
    }
    return null;
  };
  return Object.assign(watch, { busy: () => inTraceback });
}

const JVM_MAIN = 'Exception in thread "main" ';

const crash = (name: string, text: string): FailureMark => ({
  level: 'tool',
  command: null,
  category: categoryOfException(name, text),
});

const EXCEPTIONS: readonly [RegExp, Category][] = [
  [/^(?:ModuleNotFoundError|ImportError|LoadError)$/, 'dependency'],
  [/^(?:SyntaxError|IndentationError|TabError|ParseError)$/, 'syntax'],
  [
    /^(?:FileNotFoundError|FileNotFoundException|NoSuchFileException|NotADirectoryError|JSONDecodeError|YAMLError|ScannerError|ParserError|TOMLDecodeError|ConfigError|ConfigurationError)$/,
    'config',
  ],
  [/^(?:PermissionError|AccessDeniedException)$/, 'permission'],
  [/^MemoryError$/, 'resource'],
  [/^(?:TimeoutError|TimeoutExpired|SocketTimeoutException)$/, 'timeout'],
  [
    /^(?:ConnectionError|ConnectionRefusedError|ConnectionResetError|URLError|gaierror|HTTPError|ConnectException|UnknownHostException)$/,
    'network',
  ],
  [/^AssertionError$/, 'test'],
];

/** What a crash with this exception is, by the runtime's own taxonomy; a bug in the code otherwise. */
function categoryOfException(name: string, text: string): Category {
  // Node's errors carry a code: `Error: ENOENT: no such file or directory, open 'build.json'`.
  if (/\bENOENT\b|No such file or directory/.test(text)) return 'config';
  if (/\bEACCES\b|\bEPERM\b/.test(text)) return 'permission';
  if (/Cannot find module|Cannot find package/.test(text)) return 'dependency';
  for (const [shape, category] of EXCEPTIONS) if (shape.test(name)) return category;
  return 'build';
}

/** The literals of the lines a crash watcher reacts to (inside a traceback every line is read). */
export const CRASH_LITERALS: readonly string[] = [
  'traceback',
  'error',
  'node.js v',
  '.rb:',
  'fatal error',
  JVM_MAIN.toLowerCase(),
];
