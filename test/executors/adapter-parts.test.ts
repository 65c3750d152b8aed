/**
 * The adapter parts several executors share (src/executors/adapter-parts.ts): a vendor CLI's head
 * (section, program from its `command` or the field's default), no turn limit, fresh sessions, no
 * usage — and every vendor CLI's adapter is built on that head.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { freshSessions, noTurnLimit, noUsage, vendorCli } from "../../src/executors/adapter-parts.js";
import { EXECUTOR_ADAPTERS } from "../../src/executors/registry.js";
import { buildLaunchSpec } from "../../src/executors/launch-spec.js";
import { COPILOT_FIELDS } from "../../src/executors/copilot/settings.js";
import { makeCtx, makeExecutor } from "./fixtures.js";

test("vendorCli: the section is the id, the program the first word of <id>.command, else the field's default", () => {
  const head = vendorCli("copilot", "Copilot", COPILOT_FIELDS, buildLaunchSpec);
  assert.equal(head.id, "copilot");
  assert.equal(head.title, "Copilot");
  assert.deepEqual(head.settings, { section: "copilot", fields: COPILOT_FIELDS });
  assert.equal(head.buildLaunch, buildLaunchSpec);
  assert.equal(head.program(makeExecutor("copilot", { copilot: { command: ["/opt/bin/copilot", "--x"] } }), []), "/opt/bin/copilot");
  assert.equal(head.program(makeExecutor("copilot", { copilot: { command: [] } }), []), "copilot");
  assert.equal(head.program(makeExecutor("copilot", { copilot: { command: [""] } }), []), "copilot");
});

test("every adapter with a `command` setting takes its program from it", () => {
  let checked = 0;
  for (const a of EXECUTOR_ADAPTERS) {
    const fields = a.settings?.fields as Record<string, { default?: unknown }> | undefined;
    if (!fields?.command) continue;
    checked++;
    const executor = makeExecutor(a.id, { [a.id]: { command: ["/opt/wave-test/cli", "sub"] } });
    assert.equal(a.program(executor, []), "/opt/wave-test/cli", a.id);
    assert.equal(buildLaunchSpec(makeCtx(executor)).argv.slice(0, 2).join(" "), "/opt/wave-test/cli sub", a.id);
    assert.equal(a.program(makeExecutor(a.id), []), (fields.command.default as string[])[0], `${a.id}: its default`);
  }
  assert.equal(checked, 5, "codex, claude, opencode, copilot and gemini");
});

test("noTurnLimit, freshSessions and noUsage say what they are and why", () => {
  const executor = makeExecutor("command", { command: { argv: ["x"] } });
  assert.deepEqual(noTurnLimit("no flag", "deadline only")(), {
    limit: null,
    source: "not-set-by-wave",
    notes: ["no flag", "deadline only"],
  });
  assert.deepEqual(freshSessions("runs again").support(executor), { resumable: false, presetId: false, reason: "runs again" });
  const usage = noUsage("prints no figures");
  assert.equal(usage.reporting(executor), "none");
  assert.equal(usage.noneReason?.(executor), "prints no figures");
});
