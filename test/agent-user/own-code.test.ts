/**
 * The running program's code by its real path (src/agent-user/own-code.ts), and whether the agent
 * user could change it: the files themselves, what they are in, every directory above them.
 * The first test runs anywhere; the others ask the kernel as another user (uid 65534), so they need
 * root and are skipped elsewhere.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { chownSync, promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { pathToFileURL } from "node:url";
import { codeReachableBy, reachableCodeMessage, type RunningCode, runningCode } from "../../src/agent-user/own-code.js";

const isRoot = process.getuid?.() === 0;
const AGENT = { uid: 65534, gid: 65534 };
const made: string[] = [];
after(async () => {
  for (const dir of made) await fs.rm(dir, { recursive: true, force: true });
});

async function tree(mode = 0o755): Promise<string> {
  const dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "wave-own-code-")));
  await fs.chmod(dir, mode);
  made.push(dir);
  return dir;
}

/** A package as npm installs it: node_modules/wave-action/dist/{cli/index.js, chunks}, and node_modules/.bin/wave. */
async function installed(root: string): Promise<{ pkg: string; bin: string; code: RunningCode }> {
  const pkg = path.join(root, "node_modules", "wave-action");
  await fs.mkdir(path.join(pkg, "dist", "cli"), { recursive: true });
  await fs.writeFile(path.join(pkg, "package.json"), '{ "name": "wave-action" }\n');
  await fs.writeFile(path.join(pkg, "dist", "index.js"), "export {};\n");
  await fs.writeFile(path.join(pkg, "dist", "12.index.js"), "export {};\n");
  await fs.writeFile(path.join(pkg, "dist", "cli", "index.js"), "import '../index.js';\n");
  await fs.mkdir(path.join(root, "node_modules", ".bin"));
  const bin = path.join(root, "node_modules", ".bin", "wave");
  await fs.symlink("../wave-action/dist/cli/index.js", bin);
  for (const dir of [root, path.join(root, "node_modules"), path.join(root, "node_modules", ".bin")]) await fs.chmod(dir, 0o755);
  const code = runningCode(pathToFileURL(path.join(pkg, "dist", "12.index.js")).href, bin, process.execPath);
  return { pkg, bin, code };
}

test("the code is found by its real path: a chain of links, a link to the bundle's directory, a shim script that runs node", async () => {
  const root = await tree();
  const { pkg, bin } = await installed(root);
  const other = await tree();
  const link = path.join(other, "wave");
  await fs.symlink(bin, link);
  await fs.symlink(path.join(pkg, "dist"), path.join(other, "dist"));
  const code = runningCode(pathToFileURL(path.join(other, "dist", "12.index.js")).href, link, process.execPath);
  assert.deepEqual(code, {
    bundleDir: path.join(pkg, "dist"),
    entry: path.join(pkg, "dist", "cli", "index.js"),
    node: await fs.realpath(process.execPath),
  });
  // A shim (pnpm's, a wrapper script): a shell script that runs node on the package's file. The
  // process's own module file and argv[1] are the real ones, whatever started it.
  const probe = path.join(pkg, "dist", "probe.mjs");
  const ownCode = pathToFileURL(path.resolve("src/agent-user/own-code.ts")).href;
  await fs.writeFile(
    probe,
    `import { runningCode } from ${JSON.stringify(ownCode)};\nprocess.stdout.write(JSON.stringify(runningCode(import.meta.url)));\n`,
  );
  const shim = path.join(root, "node_modules", ".bin", "wave-shim");
  const tsx = import.meta.resolve("tsx");
  await fs.writeFile(
    shim,
    `#!/bin/sh\nbasedir=$(dirname "$0")\nexec ${JSON.stringify(process.execPath)} --import ${JSON.stringify(tsx)} "$basedir/../wave-action/dist/probe.mjs" "$@"\n`,
    { mode: 0o755 },
  );
  const seen = JSON.parse(execFileSync(shim, [], { encoding: "utf8" })) as RunningCode;
  assert.equal(seen.bundleDir, path.join(pkg, "dist"));
  assert.equal(seen.entry, probe);
  assert.equal(seen.node, await fs.realpath(process.execPath));
});

test("an install the agent user can neither write nor replace is out of its reach", { skip: !isRoot && "needs root" }, async () => {
  const root = await tree();
  const { code } = await installed(root);
  assert.equal(codeReachableBy(AGENT, code, root, root), null);
});

test("a chunk the agent user can write, or owns, is in its reach", { skip: !isRoot && "needs root" }, async () => {
  const root = await tree();
  const { pkg, code } = await installed(root);
  const chunk = path.join(pkg, "dist", "12.index.js");
  await fs.chmod(chunk, 0o666);
  assert.deepEqual(codeReachableBy(AGENT, code, root, root), { path: chunk, how: "writable" });
  await fs.chmod(chunk, 0o644);
  chownSync(path.join(pkg, "dist", "cli", "index.js"), AGENT.uid, AGENT.gid);
  assert.deepEqual(codeReachableBy(AGENT, code, root, root), { path: path.join(pkg, "dist", "cli", "index.js"), how: "owned" });
});

test("node_modules handed to the agent user: the package can be renamed away and replaced", { skip: !isRoot && "needs root" }, async () => {
  const root = await tree();
  const { code } = await installed(root);
  // What the work tree's hand-over does to node_modules (the package itself protected, so not handed over).
  chownSync(path.join(root, "node_modules"), AGENT.uid, AGENT.gid);
  assert.deepEqual(codeReachableBy(AGENT, code, root, root), { path: path.join(root, "node_modules", "wave-action"), how: "replaceable" });
  // A directory above, writable by everyone and not sticky: whatever is in it can be replaced.
  chownSync(path.join(root, "node_modules"), 0, 0);
  await fs.chmod(path.join(root, "node_modules"), 0o777);
  assert.deepEqual(codeReachableBy(AGENT, code, root, root), { path: path.join(root, "node_modules", "wave-action"), how: "replaceable" });
  // Sticky (as /tmp, or the work tree's top directory during a run): only the agent's own entries can go.
  await fs.chmod(path.join(root, "node_modules"), 0o1777);
  assert.equal(codeReachableBy(AGENT, code, root, root), null);
});

test("the Node binary counts: a copy the agent user can write is in its reach", { skip: !isRoot && "needs root" }, async () => {
  const root = await tree();
  const { code } = await installed(root);
  const nodeDir = await tree();
  const node = path.join(nodeDir, "node");
  await fs.writeFile(node, "#!/bin/sh\n", { mode: 0o755 });
  assert.equal(codeReachableBy(AGENT, { ...code, node }, root, root), null);
  await fs.chmod(node, 0o757);
  assert.deepEqual(codeReachableBy(AGENT, { ...code, node }, root, root), { path: node, how: "writable" });
});

test("the refusal says where the code is, how it was started, and how to install it out of reach", () => {
  const code: RunningCode = {
    bundleDir: "/r/node_modules/wave-action/dist",
    entry: "/r/node_modules/wave-action/dist/cli/index.js",
    node: "/usr/bin/node",
  };
  const text = reachableCodeMessage({ path: "/r/node_modules", how: "owned" }, code, "wave-agent", "/r/node_modules/.bin/wave");
  assert.match(text, /^agents are not started: the agent user wave-agent owns \/r\/node_modules, part of the code this run runs/);
  assert.match(
    text,
    /the program in \/r\/node_modules\/wave-action\/dist, entry \/r\/node_modules\/wave-action\/dist\/cli\/index.js \(started as \/r\/node_modules\/\.bin\/wave\)/,
  );
  assert.match(text, /npm install -g wave-action/);
});
