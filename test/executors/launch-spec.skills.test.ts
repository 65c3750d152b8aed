/**
 * Skills reach each CLI its own way, besides being inlined in the prompt: files in the overlay
 * (`skills/<id>/SKILL.md`), codex `--add-dir` of that directory, OpenCode `instructions`, and the
 * Claude Code system-prompt file. Without skills nothing changes.
 */
import assert from "node:assert/strict";
import path from "node:path";
import { describe, test } from "node:test";
import { buildLaunchSpec } from "../../src/executors/launch-spec.js";
import type { SkillText } from "../../src/executors/types.js";
import { makeCtx, makeExecutor, valuesOf } from "./fixtures.js";

const SKILLS: SkillText[] = [
  { id: "wave-core", title: "Wave core", text: "Always print markers last." },
  { id: "db.migrations", title: "Migrations", text: "Write reversible migrations.\n" },
];
const OVERLAY = "/repo/.wave/main/wave-3/attempt-1/agents/A1/overlay";
const skillPath = (id: string) => path.join(OVERLAY, "skills", id, "SKILL.md");

function spec(id: "codex" | "claude" | "opencode", skills: SkillText[] | undefined, executor = makeExecutor(id)) {
  return buildLaunchSpec(makeCtx(executor, { overlayDir: OVERLAY, extra: skills ? { skills } : {} }));
}

describe("skills delivered per executor", () => {
  test("every executor writes each skill into the overlay", () => {
    for (const id of ["codex", "claude", "opencode"] as const) {
      const files = spec(id, SKILLS).files;
      const core = files.find((f) => f.path === skillPath("wave-core"));
      assert.equal(core?.content, "# Skill: Wave core\n\nAlways print markers last.\n", id);
      assert.equal(
        files.find((f) => f.path === skillPath("db.migrations"))?.content,
        "# Skill: Migrations\n\nWrite reversible migrations.\n",
        id,
      );
    }
  });

  test("codex: --add-dir of the skills directory, after codex.addDirs", () => {
    const s = spec("codex", SKILLS, makeExecutor("codex", { codex: { addDirs: ["/shared/cache"] } }));
    assert.deepEqual(valuesOf(s.argv, "--add-dir"), ["/shared/cache", path.join(OVERLAY, "skills")]);
    assert.ok(s.argv.indexOf("--add-dir") < s.argv.indexOf("-"));
    assert.deepEqual(valuesOf(spec("codex", undefined).argv, "--add-dir"), []);
    assert.deepEqual(spec("codex", []).files, []);
  });

  test("claude: the skills follow the harness text in the system-prompt file", () => {
    const s = spec("claude", SKILLS);
    const file = valuesOf(s.argv, "--append-system-prompt-file")[0]!;
    const content = s.files.find((f) => f.path === file)?.content ?? "";
    assert.match(content, /^You are one agent of a Wave Action run/);
    assert.match(
      content,
      /\n\n## Skill: Wave core\n\nAlways print markers last\.\n\n## Skill: Migrations\n\nWrite reversible migrations\.\n$/,
    );
    const plain = spec("claude", undefined);
    const plainContent = plain.files.find((f) => f.path === valuesOf(plain.argv, "--append-system-prompt-file")[0])?.content ?? "";
    assert.doesNotMatch(plainContent, /## Skill:/);
    assert.equal(plain.files.length, 1);
  });

  test("opencode: the skill files are in the config's instructions, after the user's", () => {
    const s = spec("opencode", SKILLS, makeExecutor("opencode", { opencode: { instructions: ["docs/rules.md"] } }));
    const config = JSON.parse(s.files.find((f) => f.path.endsWith("opencode.json"))!.content);
    assert.deepEqual(config.instructions, ["docs/rules.md", skillPath("wave-core"), skillPath("db.migrations")]);
    const plain = JSON.parse(spec("opencode", undefined).files.find((f) => f.path.endsWith("opencode.json"))!.content);
    assert.equal(plain.instructions, undefined);
  });

  test("a skill id cannot leave the skills directory", () => {
    const files = spec("codex", [{ id: "../../etc", title: "x", text: "y" }]).files;
    assert.equal(files.length, 1);
    assert.ok(files[0]!.path.startsWith(path.join(OVERLAY, "skills") + path.sep), files[0]!.path);
  });
});
