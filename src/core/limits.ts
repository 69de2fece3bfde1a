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
