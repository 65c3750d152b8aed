/**
 * The streaming scanner (scanner.ts) with chosen chunkings: what each push writes out, what it
 * holds back, how matches merge into replacements, and the live-output and cut-input helpers.
 * Exact output bytes throughout; small inputs (these are the mutation group's fast tests).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { ByteMatcher, compileMatcher } from "../../src/security/matcher.js";
import { buildSecretNfa } from "../../src/security/patterns.js";
import { RedactionScanner } from "../../src/security/scanner.js";

import { createRedactor, REDACTED_NAME } from "../../src/security/redact.js";

const X = Buffer.from("[X]");

/** The parts a call returned, joined; a part is never empty (a stream would pass it on). */
function joined(parts: Buffer[]): string {
  for (const part of parts) assert.ok(part.length > 0, "an empty part");
  return Buffer.concat(parts).toString("latin1");
}

/** What each push wrote, then what end() wrote (as latin1 strings). */
function writes(scanner: RedactionScanner, chunks: ReadonlyArray<string | Buffer>): string[] {
  const out = chunks.map((c) => joined(scanner.push(typeof c === "string" ? Buffer.from(c, "latin1") : c)));
  out.push(joined(scanner.end()));
  return out;
}

function redactChunks(secrets: readonly string[], chunks: ReadonlyArray<string | Buffer>): string {
  return writes(new RedactionScanner(compileMatcher(secrets), X), chunks).join("");
}

test("exactly maxLength-1 bytes are held back between pushes", () => {
  const matcher = compileMatcher(["abcd"]);
  assert.equal(matcher.maxLength, 36);
  const scanner = new RedactionScanner(matcher, X);
  assert.deepEqual(writes(scanner, ["x".repeat(20), "x".repeat(20), "", "y".repeat(10), "z"]), [
    "",
    "xxxxx",
    "",
    "x".repeat(10),
    "x",
    `${"x".repeat(24)}${"y".repeat(10)}z`,
  ]);
  assert.equal(scanner.redactions, 0);
});

test("a match split across chunks at every offset, in mixed forms, is one replacement", () => {
  for (const form of ["abcd", "%61b\\u0063&#x64;", "YWJjZA==", "YW\r\nJjZA"]) {
    const input = `<<${form}>>`;
    for (let cut = 0; cut <= input.length; cut++) {
      const out = redactChunks(["abcd"], [input.slice(0, cut), input.slice(cut)]);
      assert.equal(out, "<<[X]>>", `${form} cut at ${cut}`);
    }
    assert.equal(redactChunks(["abcd"], Array.from(input)), "<<[X]>>", `${form} byte by byte`);
  }
  // Three chunks, cut inside an escape.
  assert.equal(redactChunks(["abcd"], ["<<%6", "1b\\u00", "63&#x64;>>"]), "<<[X]>>");
  assert.equal(redactChunks(["abcd"], ["ab", "", "", "cd"]), "[X]");
  // Non-secret bytes pass unchanged, invalid UTF-8 too.
  const junk = Buffer.from([0xff, 0x00, 0xc3, 0x28, 0x61, 0x62, 0x63]);
  assert.deepEqual(
    Buffer.from(redactChunks(["abcd"], [junk, Buffer.from("d"), junk]), "latin1"),
    Buffer.concat([junk.subarray(0, 4), X, junk]),
  );
});

test("overlapping matches merge into one replacement; adjacent ones stay two", () => {
  const scanner = new RedactionScanner(compileMatcher(["abcdef", "defghi"]), X);
  assert.deepEqual(writes(scanner, ["1abcdefghi2"]), ["", "1[X]2"]);
  assert.equal(scanner.redactions, 1);
  const adjacent = new RedactionScanner(compileMatcher(["abcdef", "defghi"]), X);
  assert.deepEqual(writes(adjacent, ["1abcdef", "defghi2 abcdef"]), ["", "", "1[X][X]2 [X]"]);
  assert.equal(adjacent.redactions, 3);
  // A match inside a longer one, and a chain of three.
  assert.equal(redactChunks(["abcdefgh", "cdef"], ["xabcdefghx"]), "x[X]x");
  assert.equal(redactChunks(["cdef", "abcdefgh"], ["xab", "cdefghx"]), "x[X]x");
  assert.equal(redactChunks(["aaaa1", "1bbbb2", "2cccc"], ["-aaaa1bbbb2cccc-"]), "-[X]-");
  assert.equal(redactChunks(["abcdef", "defghi"], ["1abcdefghi2defghi3"]), "1[X]2[X]3");
});

test("a span that straddles a settle point is written once, however far later matches extend it", () => {
  const matcher = compileMatcher(["abcdef", "defghi"]);
  assert.equal(matcher.maxLength, 54);
  const hex = (s: string) => Array.from(s, (c) => `&#x000${c.charCodeAt(0).toString(16)};`).join("");
  const scanner = new RedactionScanner(matcher, X);
  // The first match is 54 bytes: its start is settled at once, its end is not.
  assert.deepEqual(writes(scanner, [`${hex("abcdef")}`, "ghi", `tail${"-".repeat(60)}`]), [
    "[X]",
    "",
    `tail${"-".repeat(7)}`,
    "-".repeat(53),
  ]);
  assert.equal(scanner.redactions, 1);
  // Straddling, then a later match that does not touch it.
  const again = new RedactionScanner(matcher, X);
  assert.equal(writes(again, [`<${hex("abcdef")}`, `>${"-".repeat(60)}abcdef!`]).join(""), `<[X]>${"-".repeat(60)}[X]!`);
  assert.equal(again.redactions, 2);
});

test("end() writes out what is held and forgets the spans; the scanner goes on after it", () => {
  const scanner = new RedactionScanner(compileMatcher(["abcd"]), X);
  assert.deepEqual(writes(scanner, ["xab"]), ["", "xab"]);
  assert.deepEqual(writes(scanner, ["xabcd"]), ["", "x[X]"]);
  assert.deepEqual(writes(scanner, ["cd-abcd"]), ["", "cd-[X]"]);
  assert.deepEqual(scanner.end(), []);
  assert.equal(scanner.redactions, 2);
});

test("a Uint8Array view is read at its own offset", () => {
  const backing = Buffer.from("0123abcd-xyz");
  const view = new Uint8Array(backing.buffer, backing.byteOffset + 4, 5);
  const scanner = new RedactionScanner(compileMatcher(["abcd"]), X);
  assert.equal(Buffer.concat([...scanner.push(view), ...scanner.end()]).toString(), "[X]-");
});

test("no secrets: chunks pass through as copies, empty ones write nothing", () => {
  const scanner = new RedactionScanner(compileMatcher([]), X);
  const chunk = Buffer.from("abcd");
  const out = scanner.push(chunk);
  assert.deepEqual(out, [Buffer.from("abcd")]);
  chunk[0] = 0x7a;
  assert.equal(out[0]!.toString(), "abcd");
  assert.deepEqual(scanner.push(Buffer.alloc(0)), []);
  assert.deepEqual(scanner.push(new Uint8Array([0x61])), [Buffer.from("a")]);
  assert.deepEqual(scanner.flushHeld(1), []);
  scanner.markCutTail(1);
  assert.deepEqual(scanner.end(), []);
  assert.equal(scanner.redactions, 0);
});

test("trackFamilies names the encoding of each match", () => {
  const secret = "sk-a\nb-cd";
  const cases: Array<[string, string[]]> = [
    ["x sk-a\nb-cd y", ["raw"]],
    ["x sk%2Da\nb-cd y", ["url"]],
    ["x sk\\u002da\\nb-cd y", ["json"]],
    ["x sk&#45;a&NewLine;b-cd y", ["html"]],
    ["x sk-a\r\nb-cd y", ["crlf"]],
    [`x ${Buffer.from(secret).toString("base64")} y`, ["base64"]],
    ["x sk-a\r\nb-cd y sk-a\nb-cd", ["crlf", "raw"]],
  ];
  for (const [input, families] of cases) {
    const scanner = new RedactionScanner(compileMatcher([secret]), X, { trackFamilies: true });
    assert.equal(writes(scanner, [input]).join("").includes("[X]"), true, input);
    assert.deepEqual([...scanner.matchedFamilies].sort(), families, JSON.stringify(input));
  }
  // The encoding is looked for in the whole match, its last byte and a match far into the input too.
  const last = new RedactionScanner(compileMatcher([secret]), X, { trackFamilies: true });
  assert.equal(writes(last, [`${"-".repeat(40)} sk-a\nb-c%64 y`]).join(""), `${"-".repeat(40)} [X] y`);
  assert.deepEqual([...last.matchedFamilies], ["url"]);
  const far = new RedactionScanner(compileMatcher([secret]), X, { trackFamilies: true });
  assert.equal(writes(far, [`${"-".repeat(40)} sk\\-a\nb-cd`]).join(""), `${"-".repeat(40)} [X]`);
  assert.deepEqual([...far.matchedFamilies], ["json"]);
  const lines = new RedactionScanner(compileMatcher(["first-line\nsecond-line"]), X, { trackFamilies: true });
  assert.equal(writes(lines, ["> second-line <"]).join(""), "> [X] <");
  assert.deepEqual([...lines.matchedFamilies], ["line"]);
  const untracked = new RedactionScanner(compileMatcher([secret]), X);
  writes(untracked, ["x sk%2Da\nb-cd y"]);
  assert.deepEqual([...untracked.matchedFamilies], []);
  assert.equal(untracked.redactions, 1);
  // A match whose beginning was already written out (live output) is named by what is left.
  const live = new RedactionScanner(compileMatcher(["sk-live-0123456789"]), X, { trackFamilies: true });
  assert.equal(Buffer.concat([...live.push(Buffer.from("sk")), ...live.flushHeld(4)]).toString(), "sk");
  assert.equal(Buffer.concat([...live.push(Buffer.from("-live-0123456789!")), ...live.end()]).toString(), "[X]!");
  assert.deepEqual([...live.matchedFamilies], ["raw"]);
});

test("markCutTail: a trailing beginning of at least minLength bytes becomes a replacement", () => {
  const matcher = compileMatcher(["sk-live-0123456789"]);
  const cut = (text: string, minLength: number) => {
    const scanner = new RedactionScanner(matcher, X);
    const out = scanner.push(Buffer.from(text));
    scanner.markCutTail(minLength);
    return Buffer.concat([...out, ...scanner.end()]).toString();
  };
  assert.equal(cut("see sk-li", 5), "see [X]");
  assert.equal(cut("see sk-li", 6), "see sk-li");
  assert.equal(cut("see %73k-li", 7), "see [X]");
  assert.equal(cut("see sk-live-0123456789", 4), "see [X]");
  assert.equal(cut("see sk-live-0123456789 x", 1), "see [X] x");
  assert.equal(cut("no secret here", 1), "no secret here");
  assert.equal(cut("sk-li", 5), "[X]");
  const empty = new RedactionScanner(matcher, X);
  empty.markCutTail(1);
  assert.deepEqual(empty.end(), []);
  assert.equal(empty.redactions, 0);
});

test("flushHeld: writes what cannot begin a secret, holds a long enough beginning, and never a continued one", () => {
  const matcher = compileMatcher(["sk-live-0123456789"]);
  const live = (chunks: string[], minLength: number) => {
    const scanner = new RedactionScanner(matcher, X);
    const out = chunks.map((c) => Buffer.concat([...scanner.push(Buffer.from(c)), ...scanner.flushHeld(minLength)]).toString());
    out.push(Buffer.concat(scanner.end()).toString());
    return out;
  };
  assert.deepEqual(live(["line one\n", "line two\n"], 4), ["line one\n", "line two\n", ""]);
  assert.deepEqual(live(["hello\nsk-li", "ve-0123456789 tail\n"], 4), ["hello\n", "[X] tail\n", ""]);
  assert.deepEqual(live(["hello\nsk-li", "ve-0123456789 tail\n"], 5), ["hello\n", "[X] tail\n", ""]);
  assert.deepEqual(live(["hello\nsk-li", "ve-0123456789 tail\n"], 6), ["hello\nsk-li", "[X] tail\n", ""]);
  // A beginning already written out goes on: nothing after it is written until it is decided, and
  // a shorter secret inside the rest does not make the replacement start later.
  const nested = (chunks: string[]) => {
    const scanner = new RedactionScanner(compileMatcher(["sk-live-0123456789", "0123456789"]), X);
    return chunks.map((c) => joined([...scanner.push(Buffer.from(c)), ...scanner.flushHeld(6)])).concat(joined(scanner.end()));
  };
  assert.deepEqual(nested(["x sk-li", "ve-0123456789!"]), ["x sk-li", "[X]!", ""]);
  assert.deepEqual(nested(["x 0123456789!"]), ["x [X]!", ""]);
  assert.deepEqual(live(["x sk-li", "ve-01", "23456789!"], 6), ["x sk-li", "", "[X]!", ""]);
  assert.deepEqual(live(["x sk-li", "ve-01", "x"], 6), ["x sk-li", "", "ve-01x", ""]);
  // Nothing held: nothing to write.
  const scanner = new RedactionScanner(matcher, X);
  assert.deepEqual(scanner.flushHeld(1), []);
  assert.deepEqual(scanner.push(Buffer.from("ab!")), []);
  assert.equal(Buffer.concat(scanner.flushHeld(1)).toString(), "ab!");
  assert.deepEqual(scanner.flushHeld(1), []);
});

test("scanners sharing a matcher whose table is dropped re-enter their state (push, markCutTail, flushHeld)", () => {
  const secrets = ["sk-live-0123456789", "abab-abab"];
  const tiny = new ByteMatcher(buildSecretNfa(secrets), { maxStates: 3 });
  const churn = () => {
    const other = new RedactionScanner(tiny, X);
    const before = tiny.epoch;
    assert.equal(writes(other, ["abab-aba%62 sk-live-0123456789 %61bab"]).join(""), "[X] [X] %61bab");
    assert.ok(tiny.epoch > before);
  };
  const a = new RedactionScanner(tiny, X);
  assert.deepEqual(a.push(Buffer.from("x sk-li")), []);
  churn();
  a.markCutTail(4);
  assert.equal(Buffer.concat(a.end()).toString(), "x [X]");
  const b = new RedactionScanner(tiny, X);
  assert.deepEqual(b.push(Buffer.from("hello\nsk-li")), []);
  churn();
  assert.equal(Buffer.concat(b.flushHeld(4)).toString(), "hello\n");
  churn();
  assert.equal(Buffer.concat([...b.push(Buffer.from("ve-0123456789 tail")), ...b.end()]).toString(), "[X] tail");
  const c = new RedactionScanner(tiny, X);
  assert.deepEqual(c.push(Buffer.from("q abab-")), []);
  churn();
  assert.equal(Buffer.concat([...c.push(Buffer.from("abab!")), ...c.end()]).toString(), "q [X]!");
});

test("the redactor's wrappers: same string or buffer when nothing matched, names never cut, a stream counts", async () => {
  const r = createRedactor(["hunter2-token-xyz", ""]);
  // A string that does not survive UTF-8 (a lone surrogate) comes back as it was.
  assert.equal(r.redact("a\ud800 b"), "a\ud800 b");
  assert.equal(r.redact("a\ud800 hunter2-token-xyz"), "a\ufffd ***");
  const clean = Buffer.from("nothing here");
  assert.equal(r.redactBuffer(clean), clean);
  const view = new Uint8Array([0x61, 0x62]);
  const copy = r.redactBuffer(view);
  assert.ok(Buffer.isBuffer(copy));
  assert.deepEqual([...copy], [0x61, 0x62]);
  assert.equal(r.redactBuffer(Buffer.from("<hunter2-token-xyz>")).toString(), "<***>");
  // A name is redacted whole; a name that merely ends like the beginning of a secret is kept.
  assert.equal(REDACTED_NAME, "REDACTED");
  assert.equal(r.redactName("notes-hunter2-token-xyz.txt"), "notes-REDACTED.txt");
  assert.equal(r.redactName("notes-hunter"), "notes-hunter");
  assert.equal(r.redactCut("notes-hunter"), "notes-***");
  assert.deepEqual(r.variantKinds.slice(0, 3), ["raw", "base64", "base64url"]);
  assert.equal(r.variantKinds.length, r.variants.length);
  const stream = r.createStream();
  const out: Buffer[] = [];
  stream.on("data", (c: Buffer) => out.push(c));
  const done = new Promise((resolve) => stream.on("end", resolve));
  stream.write("a hunter2-tok");
  stream.write(Buffer.from("en-xyz b hunter2-token-xyz"));
  stream.end("!");
  await done;
  assert.equal(Buffer.concat(out).toString(), "a *** b ***!");
  assert.equal(stream.redactions, 2);
});
