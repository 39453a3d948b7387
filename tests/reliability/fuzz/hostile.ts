import fc from "fast-check";

/**
 * Values a careless or malicious client sends: each family of the issue (huge strings, unicode, injection,
 * invalid dates, extreme numbers, wrong types) as a fast-check arbitrary, so failures shrink to one of them.
 */

const SQL_INJECTION = [
  "' OR '1'='1",
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  "1; SELECT pg_sleep(5)",
  "%' OR '1'='1",
  "\\'; --",
  "$1",
  "' UNION SELECT null, current_user --",
  "admin'--",
  "\\x27",
  "E'\\\\x00'",
];

const HTML_INJECTION = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "{{7*7}}",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  "${7*7}",
  "<!--",
  "]]>",
  '<svg/onload=alert("x")>',
  "=cmd|' /C calc'!A0",
  "@SUM(1+1)",
];

const PATH_TRICKS = [
  "..",
  "../..",
  "../../etc/passwd",
  "..%2F..%2F",
  "%2e%2e%2f",
  "/",
  "a/b",
  "%2F",
  "\\..\\..",
  ".",
  "%00",
  "~",
  "*",
  "?",
  "#",
  "%",
];

const UNICODE = [
  "\u0000",
  "a\u0000b",
  "\u202Eevil\u202C",
  "\u200B\u200D\uFEFF",
  "שלום עולם",
  "مرحبا",
  "👨‍👩‍👧‍👦🏳️‍🌈",
  "Z̸̡̢̛̗̘̙̜̝̞̟̠̀́̂̃̄̅̆̇̉̊̋̌̍̎̏̐̑̒̓̔",
  "\uD800",
  "\uDFFF\uD800",
  "\u0085\u2028\u2029",
  "\r\n\t\b\f\v",
  "\u001b[31mred",
  "ＡＤＭＩＮ",
  "İı",
  "ß",
];

const INVALID_DATES = [
  "2026-02-30",
  "2026-02-29",
  "2024-02-30",
  "2026-13-01",
  "2026-00-10",
  "0000-00-00",
  "0000-01-01",
  "9999-12-31",
  "+275760-09-13",
  "-000001-01-01",
  "275760-09-14",
  "2026-1-1",
  "2026-01-01T25:00:00Z",
  "2026-01-01T23:59:60Z",
  "2026-01-01T00:00:00+25:00",
  "1970-01-01T00:00:00.0000000001Z",
  "2026-01-01 10:00",
  "1e10",
  "now",
  "Invalid Date",
  "",
];

const NUMERIC_STRINGS = [
  "-1",
  "0",
  "-0",
  "1e999",
  "-1e999",
  "1e-999",
  "NaN",
  "Infinity",
  "0x10",
  " 1",
  "1 ",
  "١٢",
  "9007199254740993",
  "1.5",
  "1,5",
  "99999999999999999999999",
  "+1",
  "00001",
];

const EXTREME_NUMBERS: readonly number[] = [
  -1,
  0,
  -0,
  0.5,
  -0.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MIN_SAFE_INTEGER,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 63,
  5e-324,
  123456789.12345679, // the double nearest 123456789.123456789, written as it is stored
];

/** Strings up to about 1 MiB (the JSON body limit is 1 MiB, so the biggest also test the 413). */
const hugeString = fc
  .constantFrom(1_000, 10_000, 100_000, 600_000, 1_048_576)
  .chain((length) =>
    fc.constantFrom("A", "é", "😀", "'", "<").map((unit) => unit.repeat(Math.ceil(length / unit.length))),
  );

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...SQL_INJECTION, ...HTML_INJECTION), weight: 2 },
  { arbitrary: fc.constantFrom(...UNICODE), weight: 3 },
  // A plausible value with one bad character inside: it passes length and format checks more often.
  {
    arbitrary: fc
      .tuple(
        fc.constantFrom("Ana", "GOLD", "2026-01-15", "a@club.example"),
        fc.constantFrom("\u0000", "\u202E", "\uD800", "'", "%", "_", "\\"),
      )
      .map(([text, bad]) => `${text}${bad}`),
    weight: 2,
  },
  { arbitrary: fc.constantFrom(...PATH_TRICKS, ...INVALID_DATES, ...NUMERIC_STRINGS), weight: 2 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ maxLength: 300 }), weight: 1 },
  { arbitrary: hugeString, weight: 1 },
);

/** A value of a JSON type the schema did not ask for. */
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, "", [], {}, [[]], [null], { "": null }),
  fc.constantFrom(...EXTREME_NUMBERS),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** Keys that have bitten JavaScript and NoSQL back ends, for the extra properties of an object. */
export const hostileKey = fc.oneof(
  fc.constantFrom(
    "__proto__",
    "constructor",
    "prototype",
    "$where",
    "$gt",
    "toString",
    "valueOf",
    "hasOwnProperty",
    "id",
    "isAdmin",
    "role",
    "roles",
    "permissions",
    "createdAt",
    "",
  ),
  fc.string({ maxLength: 12 }),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 4 },
  { arbitrary: wrongType, weight: 3 },
  { arbitrary: fc.constantFrom(...EXTREME_NUMBERS), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
);

/**
 * JSON text a serializer would not write: nesting tens of thousands deep, numbers out of the double range,
 * duplicate keys, broken syntax, non-JSON content.
 */
export const hostileJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(1_000, 10_000, 100_000).map((depth) => "[".repeat(depth) + "]".repeat(depth)),
  fc.constantFrom(1_000, 10_000, 50_000).map((depth) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`),
  fc.constantFrom(
    "{",
    "}",
    "[",
    "{'a': 1}",
    '{"a":1,}',
    "undefined",
    "NaN",
    "1e999",
    "-0",
    "123456789012345678901234567890",
    '"just a string"',
    "null",
    "true",
    "[]",
    '{"__proto__": {"isAdmin": true}}',
    '{"a": 1, "a": 2}',
    '{"email": "a@b.co", "email": {"$ne": null}}',
    "\u0000",
    "\uFEFF{}",
    "<xml/>",
    "a=1&b=2",
    '{"a": "\\ud800"}',
    '{"a": "\\u0000"}',
  ),
  fc.string({ unit: "binary", maxLength: 200 }),
);

/** Path parameter values that are not what the route expects. */
export const hostilePathParam: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    ...PATH_TRICKS,
    "00000000-0000-0000-0000-000000000000",
    "ffffffff-ffff-ffff-ffff-ffffffffffff",
    "00000000-0000-4000-8000-00000000000G",
    "{00000000-0000-4000-8000-000000000000}",
    " 00000000-0000-4000-8000-000000000000",
    "00000000-0000-4000-8000-000000000000\n",
    "00000000000040008000000000000000",
    "AAAAAAAA-AAAA-4AAA-8AAA-AAAAAAAAAAAA",
    "1",
    "-1",
    "null",
    "undefined",
    "me",
    "",
  ),
  fc.uuid({ version: [1, 2, 3, 4, 5, 6, 7, 8] }),
  hostileString,
);
