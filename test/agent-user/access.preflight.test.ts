/**
 * `wave run` as root with agents behind their own OS user, and a command agent's CLI that only
 * root may enter (installed under root's home): the preflight fails before any agent starts,
 * exit 2, naming the agent, where the CLI is, the directory the agent user cannot enter and the
 * fix — instead of every agent failing at launch with a bare EACCES.
 */
import assert from "node:assert/strict";
import { promises as fs } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { implAgent, integrationAgent, documentationAgent, contQaAgent, makeRepo, starts, wave, writeWave } from "../engine/fixture.js";

const skip = process.getuid?.() !== 0 && "needs root (agents behind another OS user)";

test("a CLI the agent user cannot execute fails the preflight by name, before any agent starts", { skip }, async () => {
  const repo = await makeRepo("au-cli-home");
  try {
    await fs.chmod(repo.base, 0o755);
    await fs.chmod(repo.ext, 0o777);
    const home = path.join(repo.ext, "roothome");
    await fs.mkdir(path.join(home, "bin"), { recursive: true });
    await fs.chmod(home, 0o700);
    const cli = path.join(home, "bin", "my-agent");
    await fs.writeFile(cli, "#!/bin/sh\nexit 0\n", { mode: 0o755 });
    const a1 = implAgent("A1");
    a1.executorLines = ["- id: command", `- command: ${cli}`];
    await writeWave(repo, 1, [a1, integrationAgent(1), documentationAgent(), contQaAgent(1)]);
    const r = await wave(repo, ["run", "--wave", "1", "--agent-user", "auto"]);
    assert.equal(r.code, 2, r.stdout + r.stderr);
    assert.ok(r.stderr.includes(`command "${cli}": found at ${cli}, but the agent user cannot enter ${home}; needed by A1`), r.stderr);
    assert.match(r.stderr, /install the CLI where every user may run it/);
    assert.doesNotMatch(r.stderr, /EACCES|\n\s+at /);
    assert.deepEqual(starts(repo), [], "no agent started");
  } finally {
    await repo.cleanup();
  }
});
