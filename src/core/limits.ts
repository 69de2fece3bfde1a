/**
 * Limits shared by every schema a value passes through (config, loop state, LoopResult), so whatever
 * the config accepts, the results accept too.
 */
/** A check's (or a criterion's) name: shown in tables, used in log file names (`<name>.log`). */
export const MAX_NAME_LENGTH = 200;
/**
 * A task id: part of report file names (`dead-letter-<task>.before-resume-<time>.md` stays under 255 bytes).
 */
export const MAX_TASK_ID_LENGTH = 100;
/** A pattern id. */
export const MAX_PATTERN_ID_LENGTH = 100;
/** Checks in one config (and in one LoopResult). */
export const MAX_CHECKS = 100;
/**
 * The largest config file read: a config is a page of YAML, not megabytes (a 20 MB value took 761 MB to
 * parse).
 */
export const MAX_CONFIG_BYTES = 1024 * 1024;
/**
 * The catalogue a config may add to, checked before any signal is compiled: a signal of 60,000 characters
 * cannot compile, and 5,000 added patterns took 23 s and 980 MB before analysing a 9-line log. The
 * built-in catalogue's longest signal is 687 characters, its largest pattern 36 signals.
 */
/** Characters of one signal. */
export const MAX_SIGNAL_LENGTH = 1000;
/** Signals of one pattern (added or overridden). */
export const MAX_SIGNALS_PER_PATTERN = 100;
/** Patterns under `patterns.add`. */
export const MAX_ADDED_PATTERNS = 100;
/** Signals of the added and overridden patterns together. */
export const MAX_CONFIG_SIGNALS = 1000;
/** Characters of those signals together (a catalogue of 1 MB of regular expressions took 7 s to compile). */
export const MAX_CONFIG_SIGNAL_CHARACTERS = 100_000;
