import type { Tool } from './tool.js';

export const rustc: Tool = {
  name: 'rustc',
  corpus: /\brustc\b/,
  signals: {
    'lint-error': [
      /`-D [\w:-]+` implied by `-D warnings`/, // rustc: a lint denied by -D warnings
    ],
    'type-error': [
      /^error\[E0(308|277|599|560|061|282|369|382|384|502|499|614|618)\]/, // rustc
      /^error\[E0(038|046|050|053|107|119|271|283|284|373|392|503|505|506|507|508|509|515|521|559|594|596|597|600|604|605|606|607|608|609|610|716)\]/, // rustc: the type system and the borrow checker
    ],
    'syntax-error': [
      /^error: expected .+, found /, // rustc
      /unclosed delimiter|unexpected closing delimiter|mismatched closing delimiter|MismatchedDelimiterError|TokenMissingError/, // rustc, elixir
    ],
    'build-error': [
      /^error\[E0(425|412|422|423|424|531|532)\]/, // rustc: cannot find value/type
      /^error\[E\d{4}\]: /, // rustc: any other coded error (type errors have their pattern)
    ],
    'import-not-found': [
      /^error\[E0(432|433|463)\]/, // rustc unresolved import / crate
    ],
  },
};
