/**
 * `terminalSafe`: an agent's text cannot act on the terminal it is shown on. Each attack a
 * terminal would obey (clipboard, screen clearing, links, titles, the one-character CSI, a carriage
 * return that overwrites, bidi reordering) shows as visible text instead, and the streaming form
 * gives the same view however the bytes are cut into chunks.
 */
import assert from "node:assert/strict";
import { StringDecoder } from "node:string_decoder";
import { test } from "node:test";
import fc from "fast-check";
import { oneLine, TerminalSafeStream, terminalSafe, terminalSafeJson } from "../../src/report/text.js";

/** Every character a terminal acts on, other than newline and tab. */
const ACTIVE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** Bytes shown through a StringDecoder and a TerminalSafeStream, cut at `cuts`. */
function streamed(bytes: Buffer, cuts: readonly number[]): string {
  const decoder = new StringDecoder("utf8");
  const safe = new TerminalSafeStream();
  let out = "";
  let from = 0;
  for (const at of [...new Set(cuts)].sort((a, b) => a - b)) {
    out += safe.push(decoder.write(bytes.subarray(from, at)));
    from = at;
  }
  out += safe.push(decoder.write(bytes.subarray(from)));
  out += safe.push(decoder.end());
  return out + safe.end();
}

test("each attack shows as text: OSC 52, ESC[2J, OSC 8, a title, the C1 CSI, a bare CR, bidi controls", () => {
  assert.equal(terminalSafe("\x1b]52;c;ZWNobyBwd25lZA==\x07"), "^[]52;c;ZWNobyBwd25lZA==^G");
  assert.equal(terminalSafe("\x1b[2J\x1b[H"), "^[[2J^[[H");
  assert.equal(terminalSafe("\x1b]8;;https://evil.example/\x1b\\click\x1b]8;;\x1b\\"), "^[]8;;https://evil.example/^[\\click^[]8;;^[\\");
  assert.equal(terminalSafe("\x1b]0;sudo password:\x07"), "^[]0;sudo password:^G");
  assert.equal(terminalSafe("\u009b31mred"), "<U+009B>31mred");
  assert.equal(terminalSafe("tests: FAILED\rtests: passed"), "tests: FAILED^Mtests: passed");
  assert.equal(
    terminalSafe("if (isAdmin) { \u202e} \u2066// check later\u2069 \u2067x\u2068y\u202a\u202b\u202c\u202d"),
    "if (isAdmin) { <U+202E>} <U+2066>// check later<U+2069> <U+2067>x<U+2068>y<U+202A><U+202B><U+202C><U+202D>",
  );
  assert.equal(terminalSafe("nul\x00 bell\x07 bs\x08 vt\x0b ff\x0c so\x0e us\x1f del\x7f"), "nul^@ bell^G bs^H vt^K ff^L so^N us^_ del^?");
  assert.equal(terminalSafe("\u0080\u0085\u0090\u009c\u009f"), "<U+0080><U+0085><U+0090><U+009C><U+009F>");
});

test("newline, tab, CR LF line ends and ordinary text stay readable", () => {
  assert.equal(terminalSafe("a\tb\nc\r\nd\n"), "a\tb\nc\nd\n");
  assert.equal(terminalSafe("ünïcødé ✓ 日本語 👍 \u200f\u00a0 ^[ not an escape"), "ünïcødé ✓ 日本語 👍 \u200f\u00a0 ^[ not an escape");
  assert.equal(terminalSafe("\r\r\n"), "^M\n");
});

test("nothing a terminal acts on survives, and text without it is unchanged", () => {
  fc.assert(
    fc.property(fc.string({ unit: "binary", maxLength: 80 }), (s) => {
      assert.doesNotMatch(terminalSafe(s), ACTIVE);
    }),
    { numRuns: 500 },
  );
  fc.assert(
    fc.property(fc.string({ unit: "binary", maxLength: 80 }), (s) => {
      const plain = s.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, "");
      assert.equal(terminalSafe(plain), plain);
    }),
  );
});

test("streamed in chunks, the view is the same as of the whole: escapes, CR LF and UTF-8 split between chunks", () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.oneof(
          fc.string({ unit: "binary", maxLength: 8 }),
          fc.constantFrom("\x1b]52;c;eA==\x07", "\x1b[2J", "\r\n", "\r", "\u009b", "\u202e", "é", "👍", "\xff", "\xc3"),
        ),
        { maxLength: 12 },
      ),
      fc.array(fc.nat(200), { maxLength: 8 }),
      (parts, cuts) => {
        // Strings of the pieces as UTF-8, except "\xff" and "\xc3", which stand for bytes that are
        // not UTF-8 (a stray byte, a sequence that never ends).
        const bytes = Buffer.concat(parts.map((p) => (p === "\xff" || p === "\xc3" ? Buffer.from(p, "latin1") : Buffer.from(p, "utf8"))));
        const whole = terminalSafe(bytes.toString("utf8"));
        const out = streamed(
          bytes,
          cuts.map((c) => c % (bytes.length + 1)),
        );
        assert.equal(out, whole);
        assert.doesNotMatch(out, ACTIVE);
      },
    ),
    { numRuns: 500 },
  );
});

test("a sequence cut between two chunks is still shown, not obeyed", () => {
  const bytes = Buffer.from("before \x1b]52;c;ZXZpbA==\x07 after\n");
  const at = bytes.indexOf(0x1b) + 1;
  assert.equal(streamed(bytes, [at]), "before ^[]52;c;ZXZpbA==^G after\n");
  const safe = new TerminalSafeStream();
  assert.equal(safe.push("status: 1 failed\r"), "status: 1 failed");
  assert.equal(safe.push("status: all passed\n"), "^Mstatus: all passed\n");
  assert.equal(safe.push("line\r"), "line");
  assert.equal(safe.push("\n"), "\n", "a CR LF pair cut between chunks is a newline");
  assert.equal(safe.push("last\r"), "last");
  assert.equal(safe.end(), "^M", "a CR at the very end shows");
});

test("a multibyte character cut between chunks arrives whole; bytes that are not UTF-8 show as U+FFFD", () => {
  const bytes = Buffer.from("日本 ✓ 👍\n", "utf8");
  for (let at = 1; at < bytes.length; at++) assert.equal(streamed(bytes, [at]), "日本 ✓ 👍\n", `cut at ${at}`);
  assert.equal(streamed(Buffer.from([0x61, 0xff, 0x62, 0xe2, 0x80]), [2]), "a\ufffdb\ufffd");
  // The two bytes of U+009B (C2 9B) cut apart still make the one visible character.
  assert.equal(streamed(Buffer.from([0xc2, 0x9b, 0x32, 0x4a]), [1]), "<U+009B>2J");
});

test("oneLine makes bidi controls visible too", () => {
  assert.equal(oneLine("title \u202egnp.exe\u202c"), "title <U+202E>gnp.exe<U+202C>");
  assert.equal(oneLine("a\u2066b\u2069"), "a<U+2066>b<U+2069>");
});

test("terminalSafeJson escapes what a terminal acts on and keeps the same JSON value", () => {
  const value = { title: "x\u009b2J\u202e\u2066y\u007f\u2028", esc: "\x1b]52;c;eA==\x07" };
  const json = terminalSafeJson(JSON.stringify(value, null, 2));
  assert.doesNotMatch(json, ACTIVE);
  assert.deepEqual(JSON.parse(json), value);
  assert.ok(json.includes("x\\u009b2J\\u202e\\u2066y\\u007f\\u2028"));
  fc.assert(
    fc.property(fc.jsonValue(), (v) => {
      const safe = terminalSafeJson(JSON.stringify(v));
      assert.doesNotMatch(safe, ACTIVE);
      assert.deepEqual(JSON.parse(safe), JSON.parse(JSON.stringify(v)));
    }),
  );
});
