/**
 * The action's or CLI's own files are protected from the agents when they sit inside the work tree
 * (`uses: ./.wave-action`): the directory of the running script's package, if inside the root.
 */
import assert from "node:assert/strict";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { ownFilesInside } from "../../src/engine/services.js";

const made: string[] = [];
after(async () => {
  for (const dir of made) await fs.rm(dir, { recursive: true, force: true });
});

async function tree(): Promise<string> {
  const root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "wave-own-files-")));
  made.push(root);
  return root;
}

test("a script inside the work tree protects its package's directory", async () => {
  const root = await tree();
  const action = path.join(root, ".wave-action");
  await fs.mkdir(path.join(action, "dist", "cli"), { recursive: true });
  await fs.writeFile(path.join(action, "action.yml"), "name: wave\n");
  const script = path.join(action, "dist", "cli", "index.js");
  assert.deepEqual(ownFilesInside(root, ["node", script]), [action]);
  await fs.writeFile(path.join(action, "dist", "package.json"), "{}\n");
  assert.deepEqual(ownFilesInside(root, ["node", "--enable-source-maps", script]), [path.join(action, "dist")]);
});

test("a script outside the work tree, a relative one, or none protects nothing", async () => {
  const root = await tree();
  const elsewhere = await tree();
  await fs.writeFile(path.join(elsewhere, "package.json"), "{}\n");
  assert.deepEqual(ownFilesInside(root, ["node", path.join(elsewhere, "index.js")]), []);
  assert.deepEqual(ownFilesInside(root, ["node", "dist/index.js"]), []);
  assert.deepEqual(ownFilesInside(root, ["wave"]), []);
  // The work tree itself is never protected as a whole.
  await fs.writeFile(path.join(root, "package.json"), "{}\n");
  assert.deepEqual(ownFilesInside(root, ["node", path.join(root, "cli.mjs")]), []);
});
