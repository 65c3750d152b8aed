/**
 * The lazily built DFA (matcher.ts) on its own: where matches end and start, which group a match
 * belongs to, how the table grows and is dropped, and the partial matches of cut input. Small
 * inputs (these are the mutation group's fast tests).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { ByteMatcher, compileMatcher, MAX_TABLE_ENTRIES, scanBytes, UNKNOWN } from "../../src/security/matcher.js";
import { buildSecretNfa } from "../../src/security/patterns.js";

/** Every match as `start-end` (inclusive), the start found by the backward walk, and its group kind. */
function matches(m: ByteMatcher, text: string | Buffer, chunk = Number.POSITIVE_INFINITY): string[] {
  const buf = typeof text === "string" ? Buffer.from(text, "latin1") : text;
  const found: string[] = [];
  let row = 0;
  for (let at = 0; at < buf.length; at += chunk) {
    const part = buf.subarray(at, Math.min(buf.length, at + chunk));
    row = scanBytes(m, part, row, (endIndex, reached) => {
      const end = at + endIndex;
      const start = m.matchStart(reached, end, (i) => buf[i]!, Math.max(0, end - m.maxLength + 1));
      found.push(`${start}-${end}:${m.groupKind(m.lastGroup)}`);
    });
  }
  return found;
}

test("matches end where the secret ends and start at the longest match's first byte", () => {
  const m = compileMatcher(["abcd"]);
  assert.deepEqual(matches(m, "xxabcdabcd"), ["2-5:text", "6-9:text"]);
  assert.deepEqual(matches(m, "ab%63d YWJjZA=="), ["0-5:text", "7-11:base64", "7-12:base64", "7-14:base64"]);
  assert.deepEqual(matches(m, "ab%63d YWJjZA==", 1), ["0-5:text", "7-11:base64", "7-12:base64", "7-14:base64"]);
  assert.deepEqual(matches(m, "abc abd"), []);
  // The start is that of a match ending here, not of a longer pattern still going on.
  const nested = compileMatcher(["abcd", "xxabcdyy"]);
  assert.deepEqual(matches(nested, "xxabcd!"), ["2-5:text"]);
  assert.deepEqual(matches(nested, "xxabcdyy"), ["2-5:text", "0-7:text"]);
  // A secret with a NUL byte: byte 0 is a byte like any other.
  const nul = compileMatcher(["a\0bc"]);
  assert.deepEqual(matches(nul, "-a\0bc-a%00bc"), ["1-4:text", "6-11:text"]);
  assert.deepEqual(matches(nul, "-abc-"), []);
});

test("the walk back stops at its lower bound and says whether it was cut there", () => {
  const m = compileMatcher(["abcdef"]);
  const text = Buffer.from("--abcdef");
  const byteAt = (i: number) => text[i]!;
  let reached = -1;
  scanBytes(m, text, 0, (_end, row) => {
    reached = row;
  });
  assert.ok(reached > 0);
  assert.equal(m.matchStart(reached, 7, byteAt, 0), 2);
  assert.equal(m.walkCut, false);
  assert.equal(m.groupKind(m.lastGroup), "text");
  assert.equal(m.matchStart(reached, 7, byteAt, 2), 2);
  assert.equal(m.walkCut, false);
  // The beginning is below the bound: no start, and the walk was cut with states still active.
  assert.equal(m.matchStart(reached, 7, byteAt, 3), -1);
  assert.equal(m.walkCut, true);
  assert.equal(m.lastGroup, -1);
  assert.equal(m.groupKind(m.lastGroup), null);
  assert.equal(m.groupKind(99), null);
});

test("partialStart finds the longest beginning of a secret at the end of the input", () => {
  const m = compileMatcher(["sk-live-0123456789"]);
  const partial = (text: string, low = 0) => {
    const buf = Buffer.from(text, "latin1");
    const row = scanBytes(m, buf, 0, () => {});
    return m.partialStart(row, buf.length - 1, (i) => buf[i]!, low);
  };
  assert.equal(partial("see sk-li"), 4);
  assert.equal(partial("see %73k-li"), 4);
  // A complete secret is also the beginning of itself.
  assert.equal(partial("see sk-live-0123456789"), 4);
  assert.equal(partial("see nothing!"), -1);
  assert.equal(partial("see sk-li", 6), -1);
  assert.equal(m.walkCut, true);
  assert.equal(partial("x"), -1);
  assert.equal(m.walkCut, false);
});

test("DFA states are built once per set of NFA states, members sorted, the start state first", () => {
  const m = compileMatcher(["abab-abab", "zzzz"]);
  assert.equal(m.states, 1);
  assert.deepEqual(m.membersOf(0), [0]);
  scanBytes(m, Buffer.from("qqqq"), 0, () => {});
  assert.equal(m.states, 1);
  const found: number[] = [];
  const row = scanBytes(m, Buffer.from("abab-abab zzzz"), 0, (end) => found.push(end));
  assert.deepEqual(found, [8, 13]);
  // Encoded forms reach NFA states in another order than their numbers.
  scanBytes(m, Buffer.from("abab-aba%62 &#x7a;zzz %25%"), 0, (end) => found.push(end));
  assert.deepEqual(found, [8, 13, 10, 20]);
  const built = m.states;
  assert.ok(built > 10, `${built}`);
  // The same input again builds nothing new and ends in the same row.
  assert.equal(
    scanBytes(m, Buffer.from("abab-abab zzzz"), 0, () => {}),
    row,
  );
  assert.equal(m.states, built);
  // Transitions once computed are kept in the table.
  assert.notEqual(m.delta[m.classes[0x61]!], UNKNOWN);
  assert.equal(m.delta[m.classes[0x61]!], m.fill(0, m.classes[0x61]!));
  for (let s = 0; s < built; s++) {
    const members = m.membersOf(s * m.width);
    assert.equal(members[0], 0);
    for (let i = 1; i < members.length; i++) assert.ok(members[i - 1]! < members[i]!, `row ${s}: ${members.join(",")}`);
  }
  const secret = compileMatcher(["%25%"]);
  scanBytes(secret, Buffer.from("%25%25 %%25 %25%"), 0, () => {});
  for (let s = 0; s < secret.states; s++) {
    const members = secret.membersOf(s * secret.width);
    for (let i = 1; i < members.length; i++) assert.ok(members[i - 1]! < members[i]!, `row ${s}: ${members.join(",")}`);
  }
  // Interning a known set gives its row; the table has a row per state, unknown entries marked.
  assert.equal(m.intern([...m.membersOf(row)]), row);
  assert.equal(m.states, built);
  assert.ok(m.delta.length >= built * m.width);
  assert.ok(m.delta.includes(UNKNOWN));
});

test("sets that share a hash bucket stay apart", () => {
  const m = compileMatcher(["abcd"]);
  const before = m.states;
  // Same 30-bit FNV-1a hash: equal length and last member, or one a prefix of the other.
  const pairs: number[][][] = [
    [
      [0, 5, 9],
      [0, 5 + 2 ** 30, 9],
    ],
    [
      [0, 5, 159044340],
      [0, 5],
    ],
  ];
  for (const [a, b] of pairs) {
    const rowA = m.intern(a!);
    const rowB = m.intern(b!);
    assert.notEqual(rowA, rowB);
    assert.deepEqual(m.membersOf(rowA), a);
    assert.deepEqual(m.membersOf(rowB), b);
    assert.equal(m.intern(a!), rowA);
    assert.equal(m.intern(b!), rowB);
  }
  assert.equal(m.states, before + 4);
});

test("a byte that no secret begins with does not begin a match", () => {
  // `~` is above every byte the start state has an edge for, and is the second character here.
  const m = compileMatcher(["a~cd"]);
  assert.deepEqual(matches(m, "x~cd ~cd a~cd"), ["9-12:text"]);
});

test("a full table is dropped and rebuilt: matches are the same, the epoch counts the drops", () => {
  const secrets = ["abab-abab", "zzzz"];
  const input = "abab-abab zzzz abab-aba%62 &#x7a;zzz";
  const expected = matches(compileMatcher(secrets), input);
  assert.deepEqual(expected, ["0-8:text", "10-13:text", "15-25:text", "27-35:text"]);
  const tiny = new ByteMatcher(buildSecretNfa(secrets), { maxStates: 2 });
  assert.deepEqual(matches(tiny, input), expected);
  assert.deepEqual(matches(tiny, input, 3), expected);
  assert.ok(tiny.epoch > 5, `${tiny.epoch}`);
  assert.ok(tiny.states <= 2);
  // The default bound keeps thousands of states without dropping the table.
  assert.equal(MAX_TABLE_ENTRIES, 4 * 1024 * 1024);
  const many = Array.from({ length: 300 }, (_, i) => `k${(i * 7919).toString(36).padStart(4, "0")}-${i}`);
  const big = compileMatcher(many);
  let count = 0;
  scanBytes(big, Buffer.from(many.join(" ")), 0, () => count++);
  assert.equal(count, many.length);
  assert.ok(big.states > 1100, `${big.states}`);
  assert.equal(big.epoch, 0);
});

test("nothing to match: one state, no match, maxLength 0", () => {
  const m = compileMatcher([]);
  assert.equal(m.maxLength, 0);
  assert.equal(m.width, 1);
  let called = 0;
  assert.equal(
    scanBytes(m, Buffer.from("anything"), 0, () => called++),
    0,
  );
  assert.equal(called, 0);
  assert.equal(m.states, 1);
});

test("a byte no secret holds is not read as byte 0x01: a secret with 0x01 does not match the same text with 0x02", () => {
  // Every byte that labels no edge shares one class; looking up that class's edges must find none,
  // whatever bytes the secrets hold (0x01 included).
  const m = compileMatcher(["ab\u0001cdef"]);
  assert.deepEqual(matches(m, "ab\u0002cdef"), []);
  assert.deepEqual(matches(m, "ab\u007fcdef ab\u0000cdef"), []);
  assert.deepEqual(matches(m, "-ab\u0001cdef"), ["1-7:text"]);
  const nul = compileMatcher(["ab\u0000cdef"]);
  assert.deepEqual(matches(nul, "ab\u0001cdef ab\u0002cdef"), []);
  assert.deepEqual(matches(nul, "ab\u0000cdef"), ["0-6:text"]);
});
