/**
 * `--project ID`: `wave run` (and status, wait, logs) use the config's `projects.<ID>` entry — its
 * waves directory here — and keep its state apart under `.wave/projects/<ID>`; without the flag
 * the config's defaultProject applies as before. Unknown or malformed ids are usage errors.
 */
import assert from "node:assert/strict";
import { existsSync, promises as fs } from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { contQaAgent, implAgent, makeRepo, resetStarts, starts, wave, waveMarkdown, writeWave } from "../engine/fixture.js";

describe("--project", () => {
  test("selects a projects.<id> entry and keeps its state under .wave/projects/<id>", async () => {
    const repo = await makeRepo("project");
    try {
      await fs.writeFile(
        path.join(repo.root, "wave.config.json"),
        JSON.stringify(
          {
            defaultProject: "web",
            // The config's stricter wave rules are beside the point here.
            validation: {
              requiredPromptReferences: [],
              requireDocumentationStewardFromWave: null,
              requireIntegrationStewardFromWave: null,
              requireComponentPromotionsFromWave: null,
              requireAgentComponentsFromWave: null,
            },
            projects: { web: {}, api: { lanes: { main: { wavesDir: "services/api/waves" } } } },
          },
          null,
          2,
        ),
      );
      // With a config, cont-QA imports its role prompt.
      await fs.mkdir(path.join(repo.root, "docs", "agents"), { recursive: true });
      await fs.writeFile(
        path.join(repo.root, "docs", "agents", "wave-cont-qa-role.md"),
        "# cont-QA\n\n## Standing prompt\n\n```text\nReview the wave.\n```\n",
      );
      const contQa = { ...contQaAgent(1), moreExecutorLines: ["", "### Role prompts", "", "- docs/agents/wave-cont-qa-role.md"] };
      const apiWave = path.join(repo.root, "services", "api", "waves", "wave-1.md");
      await fs.mkdir(path.dirname(apiWave), { recursive: true });
      await fs.writeFile(apiWave, waveMarkdown(repo, 1, [implAgent("A5"), contQa]));
      await writeWave(repo, 1, [implAgent("A1"), contQa]);

      const api = await wave(repo, ["run", "--wave", "1", "--project", "api", "--json"]);
      assert.equal(api.code, 0, api.stderr);
      const result = JSON.parse(api.stdout);
      assert.equal(result.waveFile, "services/api/waves/wave-1.md");
      assert.deepEqual(
        result.agents.map((a: { id: string }) => a.id),
        ["A5", "A0"],
      );
      assert.deepEqual(starts(repo), ["A5", "A0"]);
      assert.ok(existsSync(path.join(repo.root, ".wave", "projects", "api", "main", "wave-1", "attempt-1", "result.json")));
      assert.equal(existsSync(path.join(repo.root, ".wave", "main")), false, "the default project's state is untouched");

      const status = await wave(repo, ["status", "--wave", "1", "--project", "api"]);
      assert.equal(status.code, 0, status.stderr);
      assert.match(status.stdout, /Result: .*projects.api.main.wave-1.attempt-1.result\.json/);
      const waited = await wave(repo, ["wait", "--wave", "1", "--project", "api"]);
      assert.equal(waited.code, 0, waited.stderr);
      const noDefault = await wave(repo, ["status", "--wave", "1"]);
      assert.equal(noDefault.code, 2, "the default project has no run yet");

      await resetStarts(repo);
      const web = await wave(repo, ["run", "--wave", "1", "--json"]);
      assert.equal(web.code, 0, web.stderr);
      assert.equal(JSON.parse(web.stdout).waveFile, "docs/plans/waves/wave-1.md");
      assert.deepEqual(starts(repo), ["A1", "A0"]);
      assert.ok(existsSync(path.join(repo.root, ".wave", "main", "wave-1", "attempt-1", "result.json")));

      // validate and plan read the same project.
      const validated = await wave(repo, ["validate", "--project", "api", "--json"]);
      assert.equal(validated.code, 0, validated.stderr);
      assert.match(validated.stdout, /services\/api\/waves\/wave-1\.md/);
      const planned = await wave(repo, ["plan", "--project", "api"]);
      assert.equal(planned.code, 0, planned.stderr);
      assert.match(planned.stdout, /A5/);
      assert.doesNotMatch(planned.stdout, /A1/);

      const unknown = await wave(repo, ["run", "--wave", "1", "--project", "mobile"]);
      assert.equal(unknown.code, 2);
      assert.match(unknown.stderr, /unknown project "mobile" \(projects in wave\.config\.json: web, api\)/);
      const malformed = await wave(repo, ["status", "--wave", "1", "--project", "../web"]);
      assert.equal(malformed.code, 2);
      assert.match(malformed.stderr, /invalid project name "\.\.\/web"/);
    } finally {
      await repo.cleanup();
    }
  });
});
