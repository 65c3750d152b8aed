/**
 * The NFA builder (patterns.ts) on its own: which byte strings a secret's automaton accepts from its
 * start state to a final state, walked forwards over the forward edges and backwards over the
 * reverse edges (both must agree). Every form a character may take is accepted, and the near misses
 * are not. Small inputs only: these tests are the mutation group's fast tests.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { base64Forms, buildSecretNfa, MAX_REFERENCE_ZEROS, type SecretNfa } from "../../src/security/patterns.js";

const bytesOf = (text: string | Buffer): Buffer => (typeof text === "string" ? Buffer.from(text, "utf8") : text);

/** Final states reached from state 0 reading exactly `input` (state 0 does not loop here). */
function forwardEnds(nfa: SecretNfa, input: Buffer): number[] {
  let current = new Set([0]);
  for (const byte of input) {
    const next = new Set<number>();
    for (const s of current) {
      for (let e = nfa.fwdStart[s]!; e < nfa.fwdStart[s + 1]!; e++) if (nfa.fwdByte[e] === byte) next.add(nfa.fwdTo[e]!);
    }
    current = next;
  }
  return [...current].filter((s) => nfa.final[s] === 1).sort((a, b) => a - b);
}

/** Whether `input` leads back from some final state to state 0 over the reverse edges. */
function backwardAccepts(nfa: SecretNfa, input: Buffer): boolean {
  let current = new Set<number>();
  for (let s = 0; s < nfa.size; s++) if (nfa.final[s] === 1) current.add(s);
  for (let i = input.length - 1; i >= 0; i--) {
    const next = new Set<number>();
    for (const s of current) {
      for (let e = nfa.revStart[s]!; e < nfa.revStart[s + 1]!; e++) if (nfa.revByte[e] === input[i]) next.add(nfa.revFrom[e]!);
    }
    current = next;
  }
  return current.has(0);
}

/** Whether the automaton accepts exactly `input`; forwards and backwards must agree. */
function accepts(nfa: SecretNfa, input: string | Buffer): boolean {
  const bytes = bytesOf(input);
  const forward = forwardEnds(nfa, bytes).length > 0;
  assert.equal(backwardAccepts(nfa, bytes), forward, `forward and reverse edges disagree on ${JSON.stringify(bytes.toString("latin1"))}`);
  return forward;
}

/** The groups (`kind:secret`) whose final states `input` reaches. */
function acceptingGroups(nfa: SecretNfa, input: string | Buffer): string[] {
  return forwardEnds(nfa, bytesOf(input)).map((s) => {
    const g = nfa.groups[nfa.group[s]!]!;
    return `${g.kind}:${g.secret}`;
  });
}

function assertAccepted(nfa: SecretNfa, forms: ReadonlyArray<string | Buffer>): void {
  for (const form of forms)
    assert.equal(accepts(nfa, form), true, `${JSON.stringify(bytesOf(form).toString("latin1"))} should be accepted`);
}

function assertRejected(nfa: SecretNfa, forms: ReadonlyArray<string | Buffer>): void {
  for (const form of forms)
    assert.equal(accepts(nfa, form), false, `${JSON.stringify(bytesOf(form).toString("latin1"))} should be rejected`);
}

/** The HTML named references the builder knows (HTML5 names). */
const NAMED: ReadonlyArray<[string, string[]]> = [
  ["\t", ["Tab"]],
  ["\n", ["NewLine"]],
  ["!", ["excl"]],
  ['"', ["quot", "QUOT"]],
  ["#", ["num"]],
  ["$", ["dollar"]],
  ["%", ["percnt"]],
  ["&", ["amp", "AMP"]],
  ["'", ["apos"]],
  ["(", ["lpar"]],
  [")", ["rpar"]],
  ["*", ["ast", "midast"]],
  ["+", ["plus"]],
  [",", ["comma"]],
  [".", ["period"]],
  ["/", ["sol"]],
  [":", ["colon"]],
  [";", ["semi"]],
  ["<", ["lt", "LT"]],
  ["=", ["equals"]],
  [">", ["gt", "GT"]],
  ["?", ["quest"]],
  ["@", ["commat"]],
  ["[", ["lsqb", "lbrack"]],
  ["\\", ["bsol"]],
  ["]", ["rsqb", "rbrack"]],
  ["^", ["Hat"]],
  ["_", ["lowbar", "UnderBar"]],
  ["`", ["grave", "DiacriticalGrave"]],
  ["{", ["lcub", "lbrace"]],
  ["|", ["verbar", "vert", "VerticalLine"]],
  ["}", ["rcub", "rbrace"]],
  ["\u00a0", ["nbsp", "NonBreakingSpace"]],
];

test("HTML named references: every known name of every character, and no other name", () => {
  // One secret holding every character that has a name: each name accepted in its place.
  const chars = NAMED.map(([ch]) => ch);
  const secret = `ab${chars.join("")}cd`;
  const nfa = buildSecretNfa([secret]);
  for (const [i, [ch, names]] of NAMED.entries()) {
    for (const name of names) {
      const form = `ab${chars.slice(0, i).join("")}&${name};${chars.slice(i + 1).join("")}cd`;
      assert.equal(accepts(nfa, form), true, `&${name}; for ${JSON.stringify(ch)}`);
    }
  }
  // A name of another character, a name in another case, a name without its `;`.
  const at = (i: number, ref: string) => `ab${chars.slice(0, i).join("")}${ref}${chars.slice(i + 1).join("")}cd`;
  const amp = chars.indexOf("&");
  assertRejected(nfa, [at(amp, "&lt;"), at(amp, "&Amp;"), at(amp, "&amp"), at(amp, "&ampx;"), at(chars.indexOf("<"), "&Lt;")]);
  // Letters and digits have no named reference.
  const plain = buildSecretNfa(["aZ09"]);
  assertRejected(plain, ["&a;Z09", "a&Z;09", "&lowbar;Z09"]);
});

test("raw and percent-encoded bytes: either hex case, `+` only for a space, multi-byte characters byte by byte", () => {
  const nfa = buildSecretNfa(["pa-z é"]);
  assertAccepted(nfa, [
    "pa-z é",
    "%70%61%2d%7a%20%c3%a9",
    "%70%61%2D%7A%20%C3%A9",
    "pa%2Dz é",
    "pa-z+é",
    Buffer.concat([Buffer.from("pa-z %C3"), Buffer.from([0xa9])]),
    Buffer.concat([Buffer.from("pa-z "), Buffer.from([0xc3]), Buffer.from("%a9")]),
    "pa-z%20%C3%a9",
  ]);
  assertRejected(nfa, [
    "pa-z",
    "pa-z éx",
    "xpa-z é",
    "pa%2ez é", // another byte
    "pa%2-z é",
    "pa%%2dz é",
    "pa+z é", // `+` stands for a space only
    "pa-z %c3%a8",
    "pa-z %e9", // the code point, not its UTF-8 bytes
    Buffer.concat([Buffer.from("pa-z "), Buffer.from([0xc3])]), // half a character
    "pa-z %C3",
    Buffer.concat([Buffer.from("pa-z "), Buffer.from([0xc3, 0xc3, 0xa9])]),
  ]);
  const noSpace = buildSecretNfa(["ab+cd"]);
  assertAccepted(noSpace, ["ab+cd", "ab%2Bcd", "ab%2bcd"]);
  assertRejected(noSpace, ["ab cd", "ab%20cd"]);
});

test("\\uXXXX escapes in either case, surrogate pairs for astral characters, and the broken ones", () => {
  const nfa = buildSecretNfa(["a-\u00e9\u{1F600}z"]);
  assertAccepted(nfa, [
    "\\u0061\\u002d\\u00e9\\ud83d\\ude00\\u007a",
    "\\u0061\\u002D\\u00E9\\uD83D\\uDE00\\u007A",
    "a-\\u00E9\\uD83D\\ude00z",
    "a-é\\ud83d\\ude00z",
    "a-é%F0%9F%98%80z",
    "a-é\u{1F600}z",
  ]);
  assertRejected(nfa, [
    "a-é\\ud83d\\ude01z", // another low surrogate
    "a-é\\ud83c\\ude00z",
    "a-é\\ud83dz", // half a pair
    "a-é\\ud83d\\\\ude00z",
    "a-é\\ud83d\\u\\ude00z",
    "a-é\\ud83dude00z",
    "a-é\\u1f600z", // the code point is not an escape
    "a-é\\U1F600z",
    "a-\\u0e9\u{1F600}z",
    "a-\\u00e8\u{1F600}z",
    "a-\\x00e9\u{1F600}z",
    "a-\\U00e9\u{1F600}z",
  ]);
  // The last character of the Basic Multilingual Plane is one unit, the first astral one two.
  const edges = buildSecretNfa(["ab\uffff\u{10000}"]);
  assertAccepted(edges, ["ab\\uffff\\ud800\\udc00", "ab\\uFFFF\\uD800\\uDC00", "ab%EF%BF%BF%F0%90%80%80"]);
  assertRejected(edges, ["ab\\uffff\\uffff\\ud800\\udc00", "ab\\uffff\\u10000"]);
});

test("JSON's short escapes stand for their control character only", () => {
  const nfa = buildSecretNfa(["a\b\f\n\r\tz"]);
  assertAccepted(nfa, ["a\b\f\n\r\tz", "a\\b\\f\\n\\r\\tz", "a\\u0008\\u000C\\u000a\\u000d\\u0009z", "a\b\f\\n\r\\tz"]);
  assertRejected(nfa, ["a\\b\\f\\t\\r\\tz", "a\\b\\f\\n\\n\\tz", "a\\B\\f\\n\\r\\tz", "a\\\b\\f\\n\\r\\tz"]);
  // `\n` for a letter n is not the letter.
  assertRejected(buildSecretNfa(["nbfrt"]), ["\\n\\b\\f\\r\\t", "\\nbfrt"]);
});

test("a backslash may precede ASCII punctuation (all four ranges, both ends), nothing else", () => {
  const punctuation = ["!", "/", ":", "@", "[", "`", "{", "~", "-", "\\", '"'];
  const other = [" ", "0", "9", "A", "Z", "a", "z", "\x7f", "\x1f", "é"];
  const secret = `s${punctuation.join("")}${other.join("")}e`;
  const chars = Array.from(secret);
  const nfa = buildSecretNfa([secret]);
  for (let i = 1; i < chars.length - 1; i++) {
    const escaped = [...chars.slice(0, i), `\\${chars[i]}`, ...chars.slice(i + 1)].join("");
    assert.equal(accepts(nfa, escaped), punctuation.includes(chars[i]!), `backslash before ${JSON.stringify(chars[i])}`);
  }
});

test("HTML numeric references: decimal and hex (x or X, either case) with 0 to 3 leading zeros", () => {
  assert.equal(MAX_REFERENCE_ZEROS, 3);
  const nfa = buildSecretNfa(["a-=z"]);
  const forms: string[] = [];
  for (const zeros of ["", "0", "00", "000"]) {
    forms.push(`a&#${zeros}45;=z`, `a&#x${zeros}2d;=z`, `a&#X${zeros}2D;=z`, `a&#x${zeros}2D;=z`, `a-&#${zeros}61;z`, `a-=&#x${zeros}7A;`);
  }
  assertAccepted(nfa, forms);
  assertAccepted(nfa, ["&#97;&#45;&#61;&#122;", "&#x61;&#x2d;&#x3d;&#x7a;", "&#0097;-&#x03D;&#X007a;"]);
  assertRejected(nfa, [
    "a&#000045;=z", // four leading zeros
    "a&#x00002d;=z",
    "a&#46;=z", // another character
    "a&#x2e;=z",
    "a&#x2g;=z",
    "a&#45=z", // no `;`
    "a&#x2d=z",
    "a&45;=z", // no `#`
    "a#45;=z",
    "a&#x;2d=z",
    "a&#y2d;=z",
    "a&#0x2d;=z",
    "a&#4 5;=z",
    "a&#045:=z",
  ]);
  // Multi-byte code points: decimal and hex of the code point, not of its bytes.
  const astral = buildSecretNfa(["x\u{1F600}y"]);
  assertAccepted(astral, ["x&#128512;y", "x&#x1f600;y", "x&#X1F600;y", "x&#0128512;y", "x&#x0001F600;y"]);
  assertRejected(astral, ["x&#x00001F600;y", "x&#128513;y", "x&#xf09f9880;y"]);
});

test("a line feed may be CRLF, the CR in any form of its own, but not a lone CR or CR CR LF", () => {
  const nfa = buildSecretNfa(["one-1\ntwo-2"]);
  assertAccepted(nfa, [
    "one-1\ntwo-2",
    "one-1\r\ntwo-2",
    "one-1%0D%0Atwo-2",
    "one-1%0d\ntwo-2",
    "one-1\\r\\ntwo-2",
    "one-1&#13;&#10;two-2",
    "one-1&#x0D;&NewLine;two-2",
    "one-1\\u000D\\u000atwo-2",
    "one-1&NewLine;two-2",
  ]);
  assertRejected(nfa, ["one-1\rtwo-2", "one-1\r\r\ntwo-2", "one-1\n\ntwo-2", "one-1\r\n\r\ntwo-2", "one-1\\r\\r\\ntwo-2", "one-1two-2"]);
  // A CR in the value is a character like any other: no LF form for it.
  const cr = buildSecretNfa(["ab\rcd"]);
  assertAccepted(cr, ["ab\rcd", "ab\\rcd", "ab%0Dcd"]);
  assertRejected(cr, ["ab\r\ncd", "ab\ncd"]);
});

test("base64: standard and URL-safe, whole and at the three alignments of a larger blob", () => {
  const secret = "a~~~b???c";
  const bytes = Buffer.from(secret);
  const nfa = buildSecretNfa([secret]);
  const std = bytes.toString("base64");
  assert.equal(std, "YX5+fmI/Pz9j");
  assert.equal(acceptingGroups(nfa, std).join(), "base64:0");
  assertAccepted(nfa, [std, "YX5-fmI_Pz9j"]);
  // Embedded after 0, 1 and 2 bytes of a blob: the characters that depend on the secret alone.
  for (const [prefix, from] of [
    ["", 0],
    ["x", 2],
    ["xy", 3],
  ] as const) {
    const blob = Buffer.from(`${prefix}${secret}QQQQ`);
    const to = Math.floor((8 * (prefix.length + bytes.length)) / 6);
    for (const encoded of [blob.toString("base64"), blob.toString("base64url")]) {
      const fragment = encoded.slice(from, to);
      assert.equal(accepts(nfa, fragment), true, `fragment ${fragment} after ${prefix.length} bytes`);
      assert.equal(accepts(nfa, encoded.slice(from, to + 1)), false);
      assert.equal(accepts(nfa, encoded.slice(from, to - 1)), false);
    }
  }
  assert.deepEqual(base64Forms(bytes), ["YX5+fmI/Pz9j", "YX5-fmI_Pz9j", "F+fn5iPz8/Y", "F-fn5iPz8_Y", "hfn5+Yj8/P2", "hfn5-Yj8_P2"]);
  // Another value's base64, a character swapped, the two alphabets mixed in one form.
  assertRejected(nfa, [Buffer.from("a~~~b???d").toString("base64"), "YX5+fmI/Pz9k", "YX5+fmI_Pz9j", "YX5-fmI/Pz9j", "yx5+fmI/Pz9j"]);
});

test("base64 padding: the standard form keeps it, the URL-safe form drops it; short forms are dropped", () => {
  const nfa = buildSecretNfa(["abcde"]);
  assertAccepted(nfa, ["YWJjZGU=", "YWJjZGU"]);
  assertRejected(nfa, ["YWJjZGU==", "YWJjZGU=="]);
  assert.deepEqual(base64Forms(Buffer.from("abcd")), ["YWJjZA==", "YWJjZA", "YWJjZ", "FiY2", "hYmNk"]);
  assert.deepEqual(base64Forms(Buffer.from("abcd?")), ["YWJjZD8=", "YWJjZD8", "YWJjZD", "FiY2Q/", "FiY2Q_", "hYmNkP"]);
  // One byte: only the padded form is 4 characters long, and it is matched on its own.
  assert.deepEqual(base64Forms(Buffer.from("a")), ["YQ=="]);
  const one = buildSecretNfa(["a"]);
  assert.deepEqual(one.groups, [{ kind: "base64", secret: 0 }]);
  assertAccepted(one, ["YQ=="]);
  assertRejected(one, ["YQ", "YQ=", "a"]);
  assert.deepEqual(base64Forms(Buffer.from("abc")), ["YWJj"]);
  assert.deepEqual(base64Forms(Buffer.from("")), []);
});

test("wrapped base64: a line break (LF or CRLF) between any two characters, never first, last or doubled", () => {
  const secret = "k3y-v4lue";
  const nfa = buildSecretNfa([secret]);
  const std = Buffer.from(secret).toString("base64");
  assert.equal(std, "azN5LXY0bHVl");
  for (let cut = 1; cut < std.length; cut++) {
    for (const brk of ["\n", "\r\n"]) {
      const wrapped: string = `${std.slice(0, cut)}${brk}${std.slice(cut)}`;
      assert.deepEqual(acceptingGroups(nfa, wrapped), ["base64:0"], JSON.stringify(wrapped));
    }
  }
  // Wrapped at every character, as some encoders do at small widths.
  assertAccepted(nfa, [std.split("").join("\n"), std.split("").join("\r\n"), "azN5\nLXY0\r\nbHVl"]);
  assertRejected(nfa, [
    `\n${std}`,
    `${std}\n`,
    `\r\n${std}`,
    `azN5\n\nLXY0bHVl`,
    `azN5\r\rLXY0bHVl`,
    `azN5\rLXY0bHVl`,
    `azN5\n\r\nLXY0bHVl`,
    "azN5 LXY0bHVl",
  ]);
});

test("lines of a multi-line value: each trimmed line of at least 8 characters, raw only", () => {
  const value = "-----BEGIN-----\r\n  line-one-x  \nshortie\neight888\nline-one-x\n-----END-----";
  const nfa = buildSecretNfa(["zzzz", value]);
  assert.deepEqual(
    nfa.groups.map((g) => `${g.kind}:${g.secret}`),
    ["text:0", "base64:0", "text:1", "base64:1", "line:1", "line:1", "line:1", "line:1"],
  );
  assert.deepEqual(acceptingGroups(nfa, "line-one-x"), ["line:1"]);
  assert.deepEqual(acceptingGroups(nfa, "eight888"), ["line:1"]);
  assert.deepEqual(acceptingGroups(nfa, "-----BEGIN-----"), ["line:1"]);
  assert.deepEqual(acceptingGroups(nfa, "-----END-----"), ["line:1"]);
  assert.deepEqual(acceptingGroups(nfa, value), ["text:1"]);
  assertRejected(nfa, ["shortie", "  line-one-x  ", "line-one-x  ", "-----BEGIN-----\r", "line%2Done-x", "line-one-"]);
  // Without a line break there are no lines; a 7-character line is too short.
  assert.deepEqual(
    buildSecretNfa(["single-line-value"]).groups.map((g) => g.kind),
    ["text", "base64"],
  );
  assert.deepEqual(
    buildSecretNfa(["1234567\n12345678"]).groups.map((g) => g.kind),
    ["text", "base64", "line"],
  );
  assert.deepEqual(
    buildSecretNfa(["aaaaaaaa\r\nbbbbbbbb"]).groups.map((g) => g.kind),
    ["text", "base64", "line", "line"],
  );
  assertAccepted(buildSecretNfa(["aaaaaaaa\r\nbbbbbbbb"]), ["aaaaaaaa", "bbbbbbbb"]);
});

test("groups carry their secret's index; empty and 1 to 3 byte values add no text group", () => {
  const nfa = buildSecretNfa(["", "abc", "wxyz", "a"]);
  assert.deepEqual(nfa.groups, [
    { kind: "base64", secret: 1 },
    { kind: "text", secret: 2 },
    { kind: "base64", secret: 2 },
    { kind: "base64", secret: 3 },
  ]);
  assertRejected(nfa, ["abc", "a", "", "%61bc"]);
  assert.deepEqual(acceptingGroups(nfa, "wxyz"), ["text:2"]);
  assert.deepEqual(acceptingGroups(nfa, "YWJj"), ["base64:1"]);
  assert.deepEqual(acceptingGroups(nfa, "d3h5eg=="), ["base64:2"]);
  // Every state but the start belongs to a group, and the start is not final.
  assert.equal(nfa.group[0], -1);
  assert.equal(nfa.final[0], 0);
  for (let s = 1; s < nfa.size; s++) assert.ok(nfa.group[s]! >= 0 && nfa.group[s]! < nfa.groups.length, `state ${s}`);
  // A secret of exactly 4 bytes has a text group; one of 4 characters but more bytes too.
  assert.deepEqual(
    buildSecretNfa(["é\u00e8"]).groups.map((g) => g.kind),
    ["text", "base64"],
  );
});

test("nothing to match: no secrets, or only empty ones", () => {
  for (const values of [[], [""], ["", ""]]) {
    const nfa = buildSecretNfa(values);
    assert.equal(nfa.size, 1);
    assert.equal(nfa.maxLength, 0);
    assert.deepEqual(nfa.groups, []);
    assert.deepEqual([...nfa.fwdStart], [0, 0]);
    assert.deepEqual([...nfa.revStart], [0, 0]);
    assert.equal(accepts(nfa, ""), false);
  }
});

test("maxLength is the longest accepted form in bytes", () => {
  // Every ASCII letter as a hex reference with three zeros, `&#x00061;`, is the longest form.
  const abcd = buildSecretNfa(["abcd"]);
  const longest = "&#x00061;&#x00062;&#x00063;&#x00064;";
  assertAccepted(abcd, [longest]);
  assert.equal(abcd.maxLength, Buffer.byteLength(longest));
  assert.equal(abcd.maxLength, 36);
  // A line feed: CR and LF each in their longest form (`&#x000d;`, `&NewLine;`).
  const lf = buildSecretNfa(["ab\ncd"]);
  const lfLongest = "&#x00061;&#x00062;&#x000d;&NewLine;&#x00063;&#x00064;";
  assertAccepted(lf, [lfLongest]);
  assert.equal(lf.maxLength, Buffer.byteLength(lfLongest));
  // Several secrets: the longest of them; base64 wrapped with CRLF after every character.
  const two = buildSecretNfa(["abcd", "abcdefgh"]);
  assert.equal(two.maxLength, 72);
  const b64 = buildSecretNfa(["a"]);
  assert.equal(b64.maxLength, "Y\r\nQ\r\n=\r\n=".length);
  assertAccepted(b64, ["Y\r\nQ\r\n=\r\n="]);
});

test("edge arrays: compressed rows cover every edge once, reverse edges mirror forward edges, start edges sorted by byte", () => {
  const nfa = buildSecretNfa(["zq&y", "a\nbc-d"]);
  const count = nfa.fwdTo.length;
  assert.equal(nfa.fwdStart[0], 0);
  assert.equal(nfa.revStart[0], 0);
  assert.equal(nfa.fwdStart[nfa.size], count);
  assert.equal(nfa.revStart[nfa.size], count);
  assert.equal(nfa.fwdStart.length, nfa.size + 1);
  assert.equal(nfa.revStart.length, nfa.size + 1);
  assert.equal(nfa.revFrom.length, count);
  assert.equal(nfa.final.length, nfa.size);
  assert.equal(nfa.group.length, nfa.size);
  const forward: string[] = [];
  const reverse: string[] = [];
  for (let s = 0; s < nfa.size; s++) {
    assert.ok(nfa.fwdStart[s]! <= nfa.fwdStart[s + 1]!);
    assert.ok(nfa.revStart[s]! <= nfa.revStart[s + 1]!);
    for (let e = nfa.fwdStart[s]!; e < nfa.fwdStart[s + 1]!; e++) forward.push(`${s} ${nfa.fwdByte[e]} ${nfa.fwdTo[e]}`);
    for (let e = nfa.revStart[s]!; e < nfa.revStart[s + 1]!; e++) reverse.push(`${nfa.revFrom[e]} ${nfa.revByte[e]} ${s}`);
  }
  assert.deepEqual([...reverse].sort(), [...forward].sort());
  assert.equal(new Set(forward).size, forward.length);
  // The start state's edges, by byte: what the matcher looks up.
  const startBytes = [...nfa.fwdByte.subarray(0, nfa.fwdStart[1]!)];
  assert.deepEqual(
    startBytes,
    [...startBytes].sort((x, y) => x - y),
  );
  // First bytes: the raw first characters, `%`, `\\`, `&`, and the first character of each base64 form.
  const firsts = new Set(["z", "a", "%", "\\", "&"]);
  for (const value of ["zq&y", "a\nbc-d"]) for (const form of base64Forms(Buffer.from(value))) firsts.add(form[0]!);
  assert.deepEqual(
    [...new Set(startBytes)],
    [...firsts].map((c) => c.charCodeAt(0)).sort((x, y) => x - y),
  );
  // No edge leads into the start state.
  assert.equal(nfa.revStart[1], 0);
  assert.ok(!forward.some((edge) => edge.endsWith(" 0")));
});
