import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import {
  byteLength,
  cleanLogText,
  displayWidth,
  fitWidth,
  formatUtc,
  humanDuration,
  oneLine,
  padTo,
  tailUtf8,
  truncateChars,
  truncateUtf8,
} from "../../src/report/text.js";

test("humanDuration covers every range", () => {
  assert.equal(humanDuration(null), "—");
  assert.equal(humanDuration(Number.NaN), "—");
  assert.equal(humanDuration(-5), "0ms");
  assert.equal(humanDuration(450), "450ms");
  assert.equal(humanDuration(4_260), "4.2s");
  assert.equal(humanDuration(42_900), "42s");
  assert.equal(humanDuration(4 * 60_000 + 12_000), "4m 12s");
  assert.equal(humanDuration(5 * 60_000), "5m");
  assert.equal(humanDuration(3_600_000 + 2 * 60_000 + 59_000), "1h 2m");
  assert.equal(humanDuration(2 * 86_400_000 + 3 * 3_600_000), "2d 3h");
});

test("formatUtc prints UTC seconds or a dash", () => {
  assert.equal(formatUtc("2025-03-04T10:04:12.345Z"), "2025-03-04 10:04:12 UTC");
  assert.equal(formatUtc("not a date"), "—");
  assert.equal(formatUtc(null), "—");
});

test("UTF-8 truncation never splits a code point and respects the byte bound", () => {
  fc.assert(
    fc.property(fc.string({ unit: "grapheme", maxLength: 60 }), fc.nat(200), (s, n) => {
      const head = truncateUtf8(s, n);
      const tail = tailUtf8(s, n);
      assert.ok(byteLength(head) <= n);
      assert.ok(byteLength(tail) <= n);
      assert.ok(s.startsWith(head));
      assert.ok(s.endsWith(tail));
      assert.ok(!head.includes("\ufffd") || s.includes("\ufffd"));
      assert.ok(!tail.includes("\ufffd") || s.includes("\ufffd"));
    }),
  );
  assert.equal(truncateUtf8("aé€😀", 5), "aé");
  assert.equal(truncateUtf8("aé€😀", 6), "aé€");
  assert.equal(truncateUtf8("aé€😀", 10), "aé€😀");
  assert.equal(tailUtf8("aé€😀", 5), "😀");
});

test("truncateChars counts code points and never splits a surrogate pair", () => {
  fc.assert(
    fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), fc.integer({ min: 1, max: 30 }), (s, n) => {
      const t = truncateChars(s, n);
      const points = Array.from(t);
      assert.ok(points.length <= n);
      if (t !== s) {
        assert.equal(points[points.length - 1], "…");
        assert.ok(s.startsWith(points.slice(0, -1).join("")));
      }
      assert.ok(!/[\ud800-\udbff](?![\udc00-\udfff])/.test(t), "no lone high surrogate");
    }),
  );
  assert.equal(truncateChars("😀😀😀😀", 3), "😀😀…");
});

test("terminal width helpers count wide characters and cut with an ellipsis", () => {
  assert.equal(displayWidth("ab漢字"), 6);
  assert.equal(fitWidth("abcdef", 4), "abc…");
  assert.equal(fitWidth("漢字漢字", 5), "漢字…");
  assert.equal(padTo("ab", 4), "ab  ");
  assert.equal(displayWidth(padTo("漢字漢字漢字", 7)), 7);
  assert.equal(truncateChars("abcdef", 4), "abc…");
  assert.equal(truncateChars("abc", null), "abc");
});

test("emoji, ZWJ sequences, flags and combining marks take the columns a terminal gives them", () => {
  // 🚀 and ✅ are wide; a ZWJ sequence and a flag are one wide character each; é as e + U+0301 is one.
  assert.equal(displayWidth("🚀✅"), 4);
  assert.equal(displayWidth("👩‍💻🇫🇷"), 4);
  assert.equal(displayWidth("e\u0301t\u00e9"), 3);
  // Cuts keep whole graphemes: never half a ZWJ sequence or a mark without its letter.
  assert.equal(fitWidth("👩‍💻👩‍💻👩‍💻", 4), "👩‍💻…");
  assert.equal(fitWidth("e\u0301e\u0301e\u0301e\u0301", 3), "e\u0301e\u0301…");
  assert.equal(fitWidth("🇫🇷🇫🇷", 3), "🇫🇷…");
});

test("control characters and escape sequences are removed", () => {
  assert.equal(oneLine("a\x1b[31mred\x1b[0m\nb\tc\x07"), "ared b c");
  assert.equal(oneLine("title\x1b]0;evil\x07 end"), "title end");
  assert.equal(cleanLogText("progress 10%\rprogress 100%\nok\r\n\x1b[2Kdone\x00"), "progress 100%\nok\ndone");
});
