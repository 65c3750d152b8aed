/**
 * The streaming scanner (scanner.ts) at the settle point itself: a replacement whose last byte is
 * exactly the first byte still held back. Kept apart from scanner.test.ts so that its mutation
 * results stay with that file.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { compileMatcher } from "../../src/security/matcher.js";
import { RedactionScanner } from "../../src/security/scanner.js";

test("a match that ends exactly where the held-back bytes begin is written once, and none of its bytes after it", () => {
  const matcher = compileMatcher(["abcd"]);
  assert.equal(matcher.maxLength, 36);
  const scanner = new RedactionScanner(matcher, Buffer.from("[X]"));
  // 4 + 34 bytes: 35 are held back, so the settle point is the match's last byte, `d`.
  const first = Buffer.concat(scanner.push(Buffer.from(`abcd${"x".repeat(34)}`))).toString();
  assert.equal(first, "[X]");
  const second = Buffer.concat(scanner.push(Buffer.from("y".repeat(40)))).toString();
  assert.equal(second, `${"x".repeat(34)}${"y".repeat(5)}`);
  assert.equal(Buffer.concat(scanner.end()).toString(), "y".repeat(35));
  assert.equal(scanner.redactions, 1);
});
