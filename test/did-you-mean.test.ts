/**
 * The one did-you-mean (src/did-you-mean.ts `closestName`), which flags, commands, wave-file keys,
 * executor ids and config keys all suggest through.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { closestFlag } from "../src/cli/args.js";
import { closestName } from "../src/did-you-mean.js";

test("closestName: case-insensitive, within the limit for the name's length, never the name itself", () => {
  assert.equal(closestName("stauts", ["status", "wait", "logs"]), "status");
  assert.equal(closestName("modle", ["model", "id", "fallbacks"]), "model");
  assert.equal(closestName("Comand", ["command", "codex"]), "command");
  assert.equal(closestName("x", ["xy"]), undefined, "one letter suggests nothing");
  assert.equal(closestName("zzzzzz", ["status"]), undefined);
  assert.equal(closestName("status", ["status"]), undefined);
  assert.equal(closestName("stat", ["status", "stats"]), "stats", "4 letters: one edit at most");
  assert.equal(closestName("defaultlan", ["defaultLane"]), "defaultLane", "the known name keeps its case");
});

test("the flags' suggestion is the same function with dashes", () => {
  assert.equal(closestFlag("--jsn", ["json", "wave"]), "--json");
  assert.equal(closestFlag("--zzz", ["json"]), undefined);
});
