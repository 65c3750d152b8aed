import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import path from "node:path";
import { describe, test } from "node:test";
import { buildLaunchSpec } from "../../src/executors/launch-spec.js";
import { launchPreview } from "../../src/executors/preview.js";
import { EXECUTOR_IDS } from "../../src/wave/schema.js";
import { makeCtx, makeExecutor } from "./fixtures.js";

describe("launch preview", () => {
  test("names, paths, sizes and a hash only: no env value, file content or prompt", () => {
    const secretInSettings = "sk-inline-settings-SECRET";
    const prompt = "PROMPT-TEXT with a private detail: hunter2\n";
    const previous = process.env.OPENAI_API_KEY;
    process.env.OPENAI_API_KEY = "sk-parent-env-SECRET";
    try {
      for (const id of EXECUTOR_IDS) {
        const ctx = makeCtx(
          makeExecutor(id, {
            command: { argv: ["my-agent"] },
            claude: { settingsJson: { env: { ANTHROPIC_API_KEY: secretInSettings } } },
            opencode: { configJson: { provider: { x: { options: { apiKey: secretInSettings } } } } },
          }),
          { prompt },
        );
        const spec = buildLaunchSpec(ctx);
        assert.ok(!JSON.stringify(spec).includes("sk-parent-env-SECRET"), `${id}: builders never read the environment`);
        const preview = launchPreview({ ...spec, env: { ...spec.env, EXTRA_SETTING: "value-SECRET" } }, { cwd: "/repo" });
        const text = JSON.stringify(preview);
        for (const secret of ["SECRET", "hunter2", "PROMPT-TEXT"]) assert.ok(!text.includes(secret), `${id}: ${secret} in preview`);
        assert.ok(preview.env.includes("EXTRA_SETTING"));
        assert.deepEqual(preview.env, [...preview.env].sort());
        assert.equal(preview.cwd, "/repo");
        assert.deepEqual(
          preview.files.map((f) => f.path),
          spec.files.map((f) => f.path),
        );
        if (id === "local") assert.equal(preview.stdin, null);
        else {
          assert.deepEqual(preview.stdin, {
            bytes: Buffer.byteLength(prompt),
            sha256: createHash("sha256").update(prompt).digest("hex"),
          });
        }
      }
    } finally {
      if (previous === undefined) delete process.env.OPENAI_API_KEY;
      else process.env.OPENAI_API_KEY = previous;
    }
  });

  test("sensitive overlay files are flagged in the preview", () => {
    const spec = buildLaunchSpec(makeCtx(makeExecutor("claude", { claude: { settingsJson: { a: 1 } } })));
    const preview = launchPreview(spec);
    assert.equal(preview.cwd, undefined);
    assert.deepEqual(
      preview.files.map((f) => [path.basename(f.path), f.sensitive]),
      [
        ["claude-system-prompt.txt", false],
        ["claude-settings.json", true],
      ],
    );
    assert.ok(preview.files.every((f) => f.bytes > 0));
  });
});
