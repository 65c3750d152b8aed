import assert from "node:assert/strict";
import { test } from "node:test";
import { UserError } from "../../src/errors.js";
import { isInside, safeRelativeEntries } from "../../src/security/confine.js";

const userError =
  (...parts: string[]) =>
  (e: unknown) =>
    e instanceof UserError && parts.every((p) => e.message.includes(p));

test("isInside", () => {
  assert.equal(isInside("/a/b", "/a/b"), true);
  assert.equal(isInside("/a/b", "/a/b/c/d"), true);
  assert.equal(isInside("/a/b", "/a/bc"), false);
  assert.equal(isInside("/a/b", "/a"), false);
  assert.equal(isInside("/a/b", "/a/b/../c"), false);
  assert.equal(isInside("/a/b", "/a/b/..foo"), true);
});

test("safeRelativeEntries normalises good names and refuses zip-slip tricks", () => {
  assert.deepEqual(safeRelativeEntries(["a/b.txt", "./c//d.txt", "e/./f"]), ["a/b.txt", "c/d.txt", "e/f"]);
  const bad = [
    "../evil",
    "a/../../evil",
    "a/..",
    "/etc/passwd",
    "\\evil",
    "a\\..\\..\\evil",
    "C:/Windows/x",
    "c:evil",
    "a\0b",
    "a\nb",
    "",
    ".",
    ".git/config",
    "sub/.git/hooks/x",
  ];
  for (const entry of bad) {
    assert.throws(() => safeRelativeEntries(["ok.txt", entry], "patch entry"), userError("patch entry"), JSON.stringify(entry));
  }
});
