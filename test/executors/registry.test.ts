/**
 * The registry of executor adapters: one adapter per executor id and no other, lookups, and the
 * promises the callers outside src/executors/ rely on when they ask an adapter instead of an id.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { adapterOf, EXECUTOR_ADAPTERS, findAdapter } from "../../src/executors/registry.js";
import { EXECUTOR_IDS, EXECUTOR_SECTIONS } from "../../src/wave/executor-vocabulary.js";
import { makeExecutor } from "./fixtures.js";

test("every executor id has exactly one adapter, and every adapter an id of the schema", () => {
  const ids = EXECUTOR_ADAPTERS.map((a) => a.id);
  assert.deepEqual([...ids].sort(), [...EXECUTOR_IDS].sort());
  assert.equal(new Set(ids).size, ids.length, "an id has two adapters");
  for (const id of EXECUTOR_IDS) assert.equal(adapterOf(id).id, id);
});

test("an unknown id has no adapter: findAdapter says undefined, adapterOf throws naming it", () => {
  assert.equal(findAdapter("gpt"), undefined);
  assert.equal(findAdapter("CODEX"), undefined);
  assert.throws(() => adapterOf("gpt"), /no executor adapter for "gpt"/);
});

test("an adapter's settings are its section of the vocabulary", () => {
  for (const a of EXECUTOR_ADAPTERS) {
    if (!a.settings) continue;
    assert.equal(
      EXECUTOR_SECTIONS[a.settings.section],
      a.settings.fields,
      `${a.id}: settings.fields is not EXECUTOR_SECTIONS.${a.settings.section}`,
    );
  }
});

test("transcript formats belong to one adapter each, and plain text to none", () => {
  const owners = new Map<string, string>();
  for (const a of EXECUTOR_ADAPTERS) {
    for (const f of a.transcript?.formats ?? []) {
      assert.notEqual(f, "text", `${a.id} claims the plain text format`);
      assert.equal(owners.get(f), undefined, `${f} is claimed by ${owners.get(f)} and ${a.id}`);
      owners.set(f, a.id);
    }
  }
});

test("an executor whose session can be resumed keeps it in one file the store can save and put back", () => {
  for (const a of EXECUTOR_ADAPTERS) {
    const support = a.session.support(makeExecutor(a.id));
    assert.ok(support.reason.length > 0, `${a.id}: no reason`);
    if (support.resumable) assert.ok(a.session.files, `${a.id} says it resumes but names no session file`);
  }
});

test("a model executor's program defaults to its CLI's name; local runs the wave CLI itself; command has none without argv", () => {
  assert.equal(adapterOf("codex").program(makeExecutor("codex"), []), "codex");
  assert.equal(adapterOf("claude").program(makeExecutor("claude", { claude: { command: ["/opt/claude", "--x"] } }), []), "/opt/claude");
  assert.equal(adapterOf("local").program(makeExecutor("local"), ["/usr/bin/node", "cli.js"]), "/usr/bin/node");
  assert.equal(adapterOf("local").preflight?.runsWaveCli, true);
  assert.equal(adapterOf("command").program(makeExecutor("command", { command: {} }), []), null);
});
