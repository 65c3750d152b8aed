/**
 * Skills projected into an agent's prompt: a skill written for the reference launcher that tells
 * the agent to run a command this CLI does not have gets a note saying what to run instead.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { resolveSkills, type SkillsConfig } from "../../src/prompt/skills.js";

const EMPTY_SKILLS_CONFIG: SkillsConfig = { dir: "skills", base: [], byRole: {}, byRuntime: {}, byDeployKind: {} };

function repoWithSkill(id: string, text: string): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "wave-skills-"));
  mkdirSync(path.join(root, "skills", id), { recursive: true });
  writeFileSync(path.join(root, "skills", id, "SKILL.md"), text);
  return root;
}

test("a reference skill's `wave control` / `wave coord show` commands are followed by what to run here", async () => {
  const root = repoWithSkill(
    "wave-core",
    "# Wave core\n\nOperators use `wave control status`.\nRun `pnpm exec wave coord show --wave 1` first.\n",
  );
  try {
    const { skills } = await resolveSkills(root, EMPTY_SKILLS_CONFIG, {
      role: "implementation",
      runtime: "codex",
      deployKind: null,
      explicit: ["wave-core"],
    });
    const text = skills[0]!.text;
    assert.match(text, /Commands named above that this Wave does not have/);
    assert.match(text, /`wave control status` does not exist here: use `wave status --wave N`/);
    assert.match(text, /`wave coord show` does not exist here: use `wave coord inbox`/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("a skill that names only this CLI's commands is projected unchanged", async () => {
  const body = "# Mine\n\nPost with `wave coord post --kind ack` and ask with `wave feedback ask`.";
  const root = repoWithSkill("mine", body);
  try {
    const { skills } = await resolveSkills(root, EMPTY_SKILLS_CONFIG, {
      role: "implementation",
      runtime: "codex",
      deployKind: null,
      explicit: ["mine"],
    });
    assert.equal(skills[0]!.text, body);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
