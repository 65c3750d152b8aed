/**
 * `[deploy-status]` markers in the job summary (an Environments table) and in `wave status`: read
 * from a real run's execution summaries (runWave with scripted agents), then rendered.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { readDeployments, renderEnvironmentsMarkdown } from "../../src/report/deployments.js";
import { renderStatusTable } from "../../src/report/status-table.js";
import { renderWaveSummary } from "../../src/report/wave-summary.js";
import { engineRun, implAgent, makeRepo, writeWave } from "../engine/fixture.js";
import { runCli } from "../helpers/cli.js";

describe("deploy-status in the summary and status", () => {
  test("each agent's last [deploy-status] becomes an environments row", async () => {
    const repo = await makeRepo("deploy-status");
    try {
      await writeWave(repo, 1, [
        implAgent("A1", {
          print: [
            "[wave-proof] completion=contract durability=none proof=unit state=met detail=done",
            "[wave-doc-delta] state=none",
            "[deploy-status] service=staging state=deploying",
            "[deploy-status] service=staging state=healthy detail=checks green",
          ],
        }),
        implAgent("A2", {
          print: [
            "[wave-proof] completion=contract durability=none proof=unit state=met detail=done",
            "[wave-doc-delta] state=none",
            "[deploy-status] service=prod-eu state=failed detail=5xx | rate up",
          ],
        }),
        implAgent("A3"),
      ]);
      const { result, runDir } = await engineRun(repo, 1, { maxAttempts: 1 });
      assert.equal(result.status, "passed", JSON.stringify(result.failure));
      const deployments = await readDeployments(result, runDir);
      assert.deepEqual(deployments, [
        { service: "staging", state: "healthy", agentId: "A1", detail: "checks green" },
        { service: "prod-eu", state: "failed", agentId: "A2", detail: "5xx | rate up" },
      ]);

      const summary = renderWaveSummary({ result, deployments });
      assert.match(
        summary,
        /### Environments\n\nThe last `\[deploy-status\]` each agent printed\.\n\n\| Environment \| State \| Reported by \| Detail \|/,
      );
      assert.match(summary, /\| staging \| ✅ healthy \| A1 \| checks green \|/);
      assert.match(summary, /\| prod-eu \| ❌ failed \| A2 \| 5xx \\\| rate up \|/);
      assert.doesNotMatch(renderWaveSummary({ result }), /### Environments/);

      const status = renderStatusTable(result, { deployments });
      assert.match(status, /ENVIRONMENT\s+STATE\s+AGENT\s+DETAIL/);
      assert.match(status, /staging\s+healthy\s+A1\s+checks green/);
      assert.match(status, /prod-eu\s+failed\s+A2\s+5xx \| rate up/);
      assert.doesNotMatch(renderStatusTable(result), /ENVIRONMENT/);

      // `wave status` reads them from the run, as the job summary does.
      const cli = await runCli(["status", "--wave", "1", "--root", repo.root]);
      assert.equal(cli.code, 0, cli.stderr);
      assert.match(cli.stdout, /staging\s+healthy\s+A1\s+checks green/);
      assert.match(cli.stdout, /prod-eu\s+failed\s+A2\s+5xx \| rate up/);
    } finally {
      await repo.cleanup();
    }
  });

  test("no deployments: no table", () => {
    assert.equal(renderEnvironmentsMarkdown([]), null);
  });
});
