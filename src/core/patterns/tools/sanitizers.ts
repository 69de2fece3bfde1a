import type { Tool } from './tool.js';

export const sanitizers: Tool = {
  name: 'sanitizers (ASan, LSan, MSan, TSan, UBSan)',
  corpus: /-fsanitize=|\s-race\b/,
  signals: {
    'memory-error': [
      /==\d+==ERROR: (?:Address|Leak|Memory|Thread|HWAddress)Sanitizer: /, // ASan, LSan, MSan
      /^WARNING: ThreadSanitizer: |^WARNING: DATA RACE$/, // TSan, Go's race detector
      /^SUMMARY: (?:Address|Leak|Memory|Thread|UndefinedBehavior)Sanitizer: /,
      /:\d+:\d+: runtime error: /, // UBSan
    ],
  },
};
