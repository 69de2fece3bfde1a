import type { Tool } from './tool.js';

export const dotnet: Tool = {
  name: 'dotnet (MSBuild, NuGet)',
  commands: { format: ['dotnet format'], build: ['dotnet', 'msbuild'] },
  summaries: [{ literals: ['Build FAILED.'], read: () => ({ command: null, category: null }) }],
  signals: {
    'format-error': [
      // dotnet format --verify-no-changes; each word beside `error`: `format` alone is in green lines
      /error WHITESPACE: |error FORMAT: |error IMPORTS: /,
    ],
    'build-error': [
      /: error (?:CS|MSB|FS|BC)\d{4}:/, // dotnet build
    ],
    'test-failure': [
      /Failed!\s+- Failed:\s+[1-9]/, // dotnet test
    ],
    'dependency-unresolved': [
      /error NU110[123]|Unable to find package /, // NuGet
    ],
  },
};
