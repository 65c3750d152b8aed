import assert from "node:assert/strict";
import { test } from "node:test";
import { runCli } from "./helpers/cli.js";

test("the CLI starts", async () => {
  const r = await runCli(["x"]);
  assert.equal(r.code, 0);
});
