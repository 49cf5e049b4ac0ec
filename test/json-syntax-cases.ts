// Text that is not JSON, where it breaks and the words the core gives, the same in every runtime:
// the Node tests (test/core/json-syntax.test.ts) and the workerd ones (test/worker/json-syntax.test.ts) read these.
export const JSON_SYNTAX_CASES: readonly (readonly [text: string, at: number, reason: string])[] = [
  ["", 0, "the text ends where a value should follow"],
  ['{"a": 1,}', 8, 'expected a double-quoted key, found "}"'],
  ["{'a': 1}", 1, "expected a double-quoted key or }, found \"'\""],
  ['{"a" 1}', 5, 'expected : after the key, found "1"'],
  ["[1 2]", 3, 'expected , or ], found "2"'],
  ["[01]", 2, "not a JSON number (digits, no leading zero, no lone sign or point)"],
  ["[1.]", 2, "not a JSON number (digits, no leading zero, no lone sign or point)"],
  ["[tru]", 4, 'expected true, found "]"'],
  ["not json", 1, 'expected null, found "o"'],
  ["[fals", 5, "the text ends where false should follow"],
  ['"a\\x"', 2, "\\x is not a JSON escape"],
  ['"\\u12"', 1, "\\u must be followed by four hex digits"],
  ['"a\tb"', 2, "a control character (U+0009) inside a string must be escaped"],
  ['"abc', 4, "the text ends inside a string"],
  ["\uFEFF{}", 0, "expected a value, found U+FEFF"],
  ["{} {}", 3, 'expected the end of the text after the value, found "{"'],
  ["[NaN]", 1, 'expected a value, found "N"'],
  ["[1,\u00a0 2]", 3, "expected a value, found U+00A0"],
  ['{"😀":😀}', 6, 'expected a value, found "😀"'],
];
