import type { Tool } from './tool.js';

export const gcc: Tool = {
  name: 'gcc and clang',
  corpus: /\bgcc\b|\bg\+\+|\bclang\b/,
  commands: { build: ['gcc', 'clang'] },
  places: {
    // Context lines point at declarations and includes, not at errors (shellcheck's gcc format ends its notes
    // with the rule: `a.sh:3:1: note: … [SC2086]`, a finding).
    notPlaces: [
      { literal: ': note: ', shape: /^(?!.*\[SC\d+\]$)/ },
      { literal: 'In file included from', shape: /^In file included from/ },
      { literal: 'from ', shape: /^\s+from \S+:\d+[,:]$/ },
    ],
  },
  signals: {
    'lint-error': [
      /^\S+\.[ch](?:pp|c|xx)?:\d+:\d+: error: .+ \[-Werror[=,](?:-W)?(?!implicit-function-declaration|implicit-int|incompatible-|int-conversion|pointer-sign|return-type|return-mismatch)[\w=+-]+\]/, // gcc/clang -Werror: a warning made an error is a linter's finding (the type system's and undeclared names have their patterns)
    ],
    'type-error': [
      /error: (?:too (?:few|many) arguments to function|conflicting types for|cannot initialize (?:a|an) \w+ of type|cannot declare (?:variable|field) .+ to be of abstract type|invalid use of incomplete type|has no member named|no member named|makes (?:pointer from integer|integer from pointer) without a cast)/, // gcc, clang
      /error: (?:incompatible (?:pointer )?types? |passing argument \d+ of .+ from incompatible|assignment to .+ from incompatible|initialization of .+ from incompatible|invalid conversion from|cannot convert |no matching function for call to)/, // gcc, clang
      /error: (?:void value not ignored|.+ is (?:private|protected) within this context|invalid operands to binary|lvalue required as|passing .+ discards .+ qualifier|request for member .+ which is of non-class type)/, // gcc, g++: the type system, not a missing name
      /\.(?:c|cc|cpp|cxx|h|hh|hpp|m|mm):\d+:\d+: error: .*(?:has no member named|no member named|invalid type argument|subscripted value is|incompatible|called object .+ is not a function|member reference (?:base )?type .+ is (?:a pointer|not a)|assignment of read-only|read-only variable is not assignable|with const-qualified type|cannot convert|invalid conversion|invalid operands|invalid cast|no viable (?:conversion|overloaded)|indirection requires pointer|used (?:struct|union) type value where scalar|wrong type argument to|to non-scalar type|request for member|no match for .operator|\(operand types are |invalid operands to binary expression)/, // gcc, clang: the message names a type mismatch wherever it says it
      /\.(?:c|cc|cpp|cxx|h|hh|hpp|m|mm):\d+:\d+: error: .*(?:is ambiguous|cannot bind (?:non-const )?\S+ reference|cannot be used as a function|invalid array assignment|is not assignable|return-statement with (?:a|no) value|should not return a value|should return a value|could not convert|no known conversion|has incomplete type|base operand of .+ has non-pointer type|cannot take the address of an rvalue|invalid application of .sizeof. to incomplete type|size of array has non-integer type)/, // gcc, clang: more of the type system's words
    ],
    'syntax-error': [
      /:\d+:\d+: error: (?:expected .+ (?:before|at end of input|after)|expected (?:expression|identifier|unqualified-id|declaration)|unterminated (?:comment|string|character)|missing terminating|stray .+ in program|extraneous closing brace)/, // gcc, clang
    ],
    'build-error': [
      /^\S+\.(?:c|cc|cpp|cxx|h|hh|hpp|m|mm):\d+:\d+: (?:fatal )?error: /, // gcc, clang
      /undefined reference to |ld returned \d+ exit status|linker command failed with exit code|Undefined symbols for architecture/,
    ],
    'import-not-found': [
      /fatal error: \S+: No such file or directory|fatal error: .\S+. file not found/, // gcc, clang: a header
    ],
  },
};
