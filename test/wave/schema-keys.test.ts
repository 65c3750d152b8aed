/**
 * An unknown key of wave.config.json gets a did-you-mean from the keys its place in the config's
 * schema knows (wave/schema-keys.ts), through the one did-you-mean of the project.
 */
import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import { readConfigFile } from "../../src/wave/config.js";
import { WaveConfigFileSchema } from "../../src/wave/config-schema.js";
import { knownKeysAt, unknownKeyHint } from "../../src/wave/schema-keys.js";
import { tempRepo } from "./helpers.js";

test("knownKeysAt: the object at a path, through optional wrappers, records and arrays", () => {
  const top = knownKeysAt(WaveConfigFileSchema, []);
  for (const k of ["defaultLane", "validation", "executors", "lanes", "roles"]) assert.ok(top.includes(k), k);
  assert.ok(knownKeysAt(WaveConfigFileSchema, ["executors", "codex"]).includes("sandbox"));
  assert.ok(knownKeysAt(WaveConfigFileSchema, ["lanes", "any-lane"]).includes("runtimePolicy"), "a record's values");
  assert.deepEqual(knownKeysAt(WaveConfigFileSchema, ["defaultLane"]), [], "a string has no keys");
  assert.deepEqual(knownKeysAt(WaveConfigFileSchema, ["no-such-key", "x"]), []);
  assert.equal(unknownKeyHint(WaveConfigFileSchema, [], "defaultLan"), '; did you mean "defaultLane"?');
  assert.equal(unknownKeyHint(WaveConfigFileSchema, [], "zzzzzzzzzz"), "");
});

test("an unknown config key's warning names the closest known key at its place, and only a close one", () => {
  const repo = tempRepo({
    "wave.config.json": JSON.stringify(
      { defaultLan: "main", validaton: {}, executors: { codex: { sandbx: "read-only", colour: 1 } }, roles: { contQaAgentID: "A0" } },
      null,
      2,
    ),
  });
  try {
    const loaded = readConfigFile(path.join(repo.root, "wave.config.json"), repo.root);
    const messages = loaded.warnings.map((w) => w.message);
    assert.ok(messages.includes('defaultLan: unknown key is ignored; did you mean "defaultLane"?'), messages.join("\n"));
    assert.ok(messages.includes('validaton: unknown key is ignored; did you mean "validation"?'), messages.join("\n"));
    assert.ok(messages.includes('executors.codex.sandbx: unknown key is ignored; did you mean "sandbox"?'), messages.join("\n"));
    assert.ok(messages.includes('roles.contQaAgentID: unknown key is ignored; did you mean "contQaAgentId"?'), messages.join("\n"));
    assert.ok(messages.includes("executors.codex.colour: unknown key is ignored"), messages.join("\n"));
  } finally {
    repo.cleanup();
  }
});
