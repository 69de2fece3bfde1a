import type { Tool } from './tool.js';

export const swift: Tool = {
  name: 'swift (XCTest)',
  commands: { test: ['xctest'], build: ['xcodebuild', 'swift'] },
  signals: {
    'build-error': [
      /^\S+\.swift:\d+:\d+: error: /, // swift
    ],
    'test-failure': [
      /Executed \d+ tests?, with [1-9]\d* failures?|Test Case .+ failed \(/, // XCTest
    ],
  },
};
