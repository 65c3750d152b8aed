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
  // dist/package.json and dist/cli/package.json only set the module type: the package is above them.
  await fs.writeFile(path.join(action, "dist", "package.json"), '{ "type": "module" }\n');
  await fs.writeFile(path.join(action, "dist", "cli", "package.json"), '{ "type": "module" }\n');
  assert.deepEqual(ownFilesInside(root, ["node", "--enable-source-maps", script]), [action]);
});

test("the CLI in the repository's node_modules, started through .bin/wave: the package found by its real path", async () => {
  const root = await tree();
  const pkg = path.join(root, "node_modules", "wave-action");
  await fs.mkdir(path.join(pkg, "dist", "cli"), { recursive: true });
  await fs.writeFile(path.join(pkg, "package.json"), '{ "name": "wave-action", "version": "1.0.0" }\n');
  await fs.writeFile(path.join(pkg, "dist", "cli", "package.json"), '{ "type": "module" }\n');
  await fs.writeFile(path.join(pkg, "dist", "cli", "index.js"), "\n");
  await fs.mkdir(path.join(root, "node_modules", ".bin"));
  const bin = path.join(root, "node_modules", ".bin", "wave");
  await fs.symlink("../wave-action/dist/cli/index.js", bin);
  assert.deepEqual(ownFilesInside(root, ["node", bin]), [pkg]);
  // A chain of links, and the work tree named through a link of its own.
  const link = path.join(await tree(), "wave");
  await fs.symlink(bin, link);
  assert.deepEqual(ownFilesInside(root, ["node", link]), [pkg]);
  const rootLink = path.join(await tree(), "root");
  await fs.symlink(root, rootLink);
  assert.deepEqual(ownFilesInside(rootLink, ["node", link]), [path.join(rootLink, "node_modules", "wave-action")]);
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
