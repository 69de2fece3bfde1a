const ERRNO =
  /\bE(?:ACCES|PERM|NOENT|EXIST|NOTDIR|ISDIR|NOTEMPTY|MFILE|NOSPC|ROFS|PIPE|BUSY|CONNREFUSED|CONNRESET|CONNABORTED|ADDRINUSE|ADDRNOTAVAIL|TIMEDOUT|HOSTUNREACH|NETUNREACH|NOTFOUND|AI_AGAIN|RESOLVE|INTEGRITY|BADENGINE|NOTSUP|LIFECYCLE|USAGE|JSONPARSE|OTP|NOAUTH)\b/;

const GO_VET_ANALYZERS =
  'appends|asmdecl|assign|atomic|bools|buildtag|cgocall|composites|copylocks|defers|directive|errorsas|framepointer|httpresponse|ifaceassert|loopclosure|lostcancel|nilfunc|printf|shift|sigchanyzer|slog|stdmethods|stringintconv|structtag|testinggoroutine|tests|timeformat|unmarshal|unreachable|unsafeptr|unusedresult';

/** Each rule turns a match into a code; the first rule that matches wins (most specific first). */
const RULES: ReadonlyArray<readonly [RegExp, (m: RegExpExecArray) => string]> = [
  [/\bTS\d{4,5}\b/, (m) => m[0]], // TypeScript: error TS2322
  [/\berror\[(E\d{4})\]/, (m) => m[1] ?? m[0]], // Rust: error[E0308]
  [ERRNO, (m) => m[0]], // Node/libuv errno and npm: EACCES, ENOENT, ERESOLVE
  [/\bnpm (?:ERR!|error) code (E\d{3})\b/, (m) => m[1] ?? m[0]], // npm HTTP: E401, E404
  [/\berror:.*\[([a-z][a-z0-9]*(?:-[a-z0-9]+)*)\]\s*$/m, (m) => `[${m[1] ?? ''}]`], // mypy: [arg-type]
  [new RegExp(`\\.go:\\d+:\\d+:\\s+(${GO_VET_ANALYZERS}):`), (m) => `vet:${m[1] ?? ''}`], // go vet analyzers
  [/(?:^|[\s:(])([BCDEFINRSW]\d{3,4})\b/m, (m) => m[1] ?? m[0]], // pylint C0114/E1101, flake8 F401/E501, rustc E0308
  [
    /^\s*\d+:\d+\s+(?:error|warning)\s+.*?\s{2,}((?:@[\w-]+\/)?[a-z][\w-]*(?:\/[a-z][\w-]*)?)\s*$/m,
    (m) => m[1] ?? m[0],
  ], // eslint rule id
];

/**
 * The first well-known error code in `text`: TypeScript (TS2322), Rust (E0308), errno-style
 * (EACCES, ENOENT, ERESOLVE), npm HTTP (E401), mypy (`[arg-type]`), go vet (`vet:printf`),
 * pylint/flake8/ruff (F401, E501, C0114) and eslint rule ids. Null when none is found.
 */
export function extractErrorCode(text: string): string | null {
  for (const [pattern, toCode] of RULES) {
    const match = pattern.exec(text);
    if (match !== null) return toCode(match);
  }
  return null;
}
