/**
 * `ownership` in wave.config.json (src/wave/config-schema.ts, config.ts): strict|report at the top
 * level, in a project and in a lane, the most specific winning; null when nowhere; any other value
 * is refused with the file's name.
 */
import assert from "node:assert/strict";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { readConfigFile, resolveLaneSettings } from "../../src/wave/config.js";

async function configOf(json: unknown) {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), "wave-cfg-own-"));
  const file = path.join(root, "wave.config.json");
  await fs.writeFile(file, JSON.stringify(json));
  return { root, loaded: () => readConfigFile(file, root) };
}

test("the most specific ownership wins: lane, then project, then the top level", async () => {
  const { root, loaded } = await configOf({
    ownership: "strict",
    projects: { default: {}, api: { ownership: "report", lanes: { fast: { ownership: "strict" } } } },
    lanes: { docs: { ownership: "report" } },
  });
  try {
    const { config, file } = loaded();
    const lane = (opts: { lane?: string; project?: string }) => resolveLaneSettings(config, { ...opts, root, configFile: file }).ownership;
    assert.equal(lane({}), "strict");
    assert.equal(lane({ lane: "docs" }), "report");
    assert.equal(lane({ project: "api" }), "report");
    assert.equal(lane({ project: "api", lane: "fast" }), "strict");
    assert.equal(resolveLaneSettings(null, { root }).ownership, null);
  } finally {
    await fs.rm(root, { recursive: true, force: true });
  }
});

test("a value other than strict or report is refused", async () => {
  const { root, loaded } = await configOf({ ownership: "lax" });
  try {
    assert.throws(loaded, (e: Error) => /ownership/.test(`${e.message} ${JSON.stringify(e)}`));
  } finally {
    await fs.rm(root, { recursive: true, force: true });
  }
});
