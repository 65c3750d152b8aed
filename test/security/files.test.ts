/**
 * Nothing a wave hands on may reach outside the repository or fill the disk:
 * - workspace patches (applied on resume and hand-off) whose headers copy or rename from outside
 *   the repository, or into .git, are refused before git reads them, naming the patch and line;
 *   legitimate renames and copies (quoted names included) still apply;
 * - deliverables, proof artifacts and reports that are symbolic links leading out of the
 *   repository (or lie under one) are never read or hashed, and the implementation gate says why;
 * - zip extraction refuses archives that would not fit on the target filesystem before writing,
 *   and stops an entry that inflates past its declared size.
 * Real git repositories, real files and real symbolic links throughout.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, statfs, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { promisify } from "node:util";
import { ZipError } from "../../src/artifacts/zip-read.js";
import { extractZip } from "../../src/artifacts/zip-extract.js";
import { implementationAgentGate } from "../../src/closure/implementation.js";
import { UserError } from "../../src/errors.js";
import { parseSignals } from "../../src/signals/parser.js";
import { buildExecutionSummary } from "../../src/signals/execution-summary.js";
import { applyChanges, type ChangesMeta } from "../../src/state/changes.js";
import { agentDef } from "../closure/helpers.js";
import { craftZip } from "../harness/zip-craft.js";

const run = promisify(execFile);

let tmp = "";
before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "wave-files-"));
});
after(async () => {
  await rm(tmp, { recursive: true, force: true });
});

let counter = 0;
async function freshDir(name: string): Promise<string> {
  const dir = path.join(tmp, `${name}-${++counter}`);
  await mkdir(dir, { recursive: true });
  return dir;
}

async function git(cwd: string, ...args: string[]): Promise<string> {
  const { stdout } = await run("git", ["-c", "user.name=Wave Test", "-c", "user.email=wave@example.invalid", ...args], { cwd });
  return stdout;
}

/* ------------------------------------------------------------------ workspace patches */

interface PatchCase {
  /** The case directory: `secret` lives here, the repository three levels below it. */
  box: string;
  repo: string;
  secret: string;
  base: string;
}

const SECRET = "TOP SECRET: outside the repository\n";

/** A repository three directories below a box that holds a secret file, so `../../../secret` names it. */
async function patchCase(): Promise<PatchCase> {
  const box = await freshDir("patch");
  const secret = path.join(box, "secret");
  await writeFile(secret, SECRET);
  const repo = path.join(box, "a", "b", "repo");
  await mkdir(repo, { recursive: true });
  await git(repo, "init", "-q");
  await writeFile(path.join(repo, "README"), "hello\n");
  await mkdir(path.join(repo, "sub"));
  await writeFile(path.join(repo, "sub", "keep.txt"), "keep\n");
  await git(repo, "add", "-A");
  await git(repo, "commit", "-q", "-m", "base");
  const base = (await git(repo, "rev-parse", "HEAD")).trim();
  return { box, repo, secret, base };
}

/** Writes a state's `changes/` directory the way a recorded run does (meta + patch, checksum right). */
async function writeChanges(where: string, base: string, patch: string | Buffer, files: ChangesMeta["files"]): Promise<string> {
  const dir = path.join(where, "state", "changes");
  await mkdir(dir, { recursive: true });
  const bytes = Buffer.isBuffer(patch) ? patch : Buffer.from(patch, "utf8");
  await writeFile(path.join(dir, "changes.patch"), bytes);
  const meta: ChangesMeta = {
    schemaVersion: 1,
    kind: "wave-changes",
    baseCommit: base,
    files,
    patchSha256: createHash("sha256").update(bytes).digest("hex"),
    bytes: bytes.length,
    createdAt: new Date(0).toISOString(),
  };
  await writeFile(path.join(dir, "meta.json"), JSON.stringify(meta));
  return dir;
}

/** Everything git sees in the work tree besides the base commit, ignored files included. */
async function workTreeChanges(repo: string): Promise<string> {
  return git(repo, "status", "--porcelain", "--ignored", "--untracked-files=all");
}

async function hooks(repo: string): Promise<string[]> {
  return (await readdir(path.join(repo, ".git", "hooks"))).sort();
}

test("a hand-made patch that copies ../../../secret into the checkout is refused before git runs; nothing is written", async () => {
  const c = await patchCase();
  const patch = [
    "diff --git a/stolen.txt b/stolen.txt",
    "similarity index 100%",
    "copy from ../../../secret",
    "copy to stolen.txt",
    "",
  ].join("\n");
  // The recorded file list names only the harmless destination, as `git apply --numstat` would.
  const changes = await writeChanges(c.box, c.base, patch, [{ status: "A", path: "stolen.txt" }]);
  await assert.rejects(applyChanges(c.repo, changes, "resuming from run 1"), (e: unknown) => {
    assert.ok(e instanceof UserError, String(e));
    assert.match(e.message, /^resuming from run 1: refusing to apply /);
    assert.ok(e.message.includes(path.join(changes, "changes.patch")), e.message);
    assert.ok(e.message.includes('line 3 "copy from ../../../secret"'), e.message);
    assert.match(e.message, /path "\.\.\/\.\.\/\.\.\/secret" leaves the repository/);
    return true;
  });
  await assert.rejects(stat(path.join(c.repo, "stolen.txt")), { code: "ENOENT" });
  assert.equal(await workTreeChanges(c.repo), "");
  assert.equal(await readFile(c.secret, "utf8"), SECRET);
});

/** [label, patch, line, name, reason] — every one goes through applyChanges and must be refused. */
const ATTACKS: [string, string[], number, string, RegExp][] = [
  [
    "copy from a C-quoted ../../../secret (octal escapes)",
    [
      "diff --git a/stolen.txt b/stolen.txt",
      "similarity index 100%",
      'copy from "\\056\\056/\\056\\056/\\056\\056/secret"',
      "copy to stolen.txt",
    ],
    3,
    "../../../secret",
    /leaves the repository/,
  ],
  [
    "rename from ../../../secret (would delete the file outside)",
    ["diff --git a/moved.txt b/moved.txt", "similarity index 100%", "rename from ../../../secret", "rename to moved.txt"],
    3,
    "../../../secret",
    /leaves the repository/,
  ],
  [
    "rename old/new (the older spelling) from outside",
    ["diff --git a/moved.txt b/moved.txt", "similarity index 100%", "rename old ../../../secret", "rename new moved.txt"],
    3,
    "../../../secret",
    /leaves the repository/,
  ],
  [
    "a new .git/hooks/post-checkout",
    [
      "diff --git a/.git/hooks/post-checkout b/.git/hooks/post-checkout",
      "new file mode 100755",
      "index 0000000..1111111",
      "--- /dev/null",
      "+++ b/.git/hooks/post-checkout",
      "@@ -0,0 +1,2 @@",
      "+#!/bin/sh",
      "+echo pwned",
    ],
    1,
    "a/.git/hooks/post-checkout",
    /touches \.git/,
  ],
  [
    "copy to a C-quoted .git/hooks/pre-commit",
    ["diff --git a/README b/x", "similarity index 100%", "copy from README", 'copy to ".git/hooks/pre-commi\\164"'],
    4,
    ".git/hooks/pre-commit",
    /touches \.git/,
  ],
  [
    "rename to sub/.GIT/config (a submodule's git dir, any case)",
    ["diff --git a/sub/keep.txt b/sub/.GIT/config", "similarity index 100%", "rename from sub/keep.txt", "rename to sub/.GIT/config"],
    1,
    "b/sub/.GIT/config",
    /touches \.git/,
  ],
  [
    "a quoted name with a tab in it",
    ['diff --git "a/evil\\tname" "b/evil\\tname"', "new file mode 100644", "--- /dev/null", '+++ "b/evil\\tname"', "@@ -0,0 +1 @@", "+x"],
    1,
    "a/evil\tname",
    /control character/,
  ],
  [
    "a quoted name with a NUL byte",
    ["diff --git a/x b/x", "similarity index 100%", 'copy from "README\\000../../../secret"', "copy to x"],
    3,
    "README\0../../../secret",
    /NUL/,
  ],
  [
    "a quoted name with a backslash",
    ["diff --git a/x b/x", "similarity index 100%", "copy from README", 'copy to "..\\\\..\\\\x"'],
    4,
    "..\\..\\x",
    /backslash/,
  ],
  [
    "a traditional diff onto an absolute path",
    ["--- /dev/null", "+++ /etc/cron.d/wave-evil", "@@ -0,0 +1 @@", "+* * * * * root true"],
    2,
    "/etc/cron.d/wave-evil",
    /absolute path/,
  ],
  [
    "a traditional diff whose name climbs out before its timestamp",
    [
      "--- a/../../../secret 2024-01-01 00:00:00.000000000 +0000",
      "+++ b/../../../secret 2024-01-01 00:00:00.000000000 +0000",
      "@@ -1 +1 @@",
      "-x",
      "+y",
    ],
    1,
    "a/../../../secret 2024-01-01 00:00:00.000000000 +0000",
    /leaves the repository/,
  ],
  [
    "a second file's copy header behind an honest first hunk",
    [
      "diff --git a/README b/README",
      "--- a/README",
      "+++ b/README",
      "@@ -1 +1 @@",
      "-hello",
      "+hello again",
      "diff --git a/z.txt b/z.txt",
      "similarity index 100%",
      "copy from ../../../secret",
      "copy to z.txt",
    ],
    9,
    "../../../secret",
    /leaves the repository/,
  ],
];

for (const [label, lines, line, name, reason] of ATTACKS) {
  test(`patch attack refused before git runs: ${label}`, async () => {
    const c = await patchCase();
    const hooksBefore = await hooks(c.repo);
    const configBefore = await readFile(path.join(c.repo, ".git", "config"), "utf8");
    const changes = await writeChanges(c.box, c.base, `${lines.join("\n")}\n`, [{ status: "M", path: "README" }]);
    await assert.rejects(applyChanges(c.repo, changes, "apply-changes wave-1"), (e: unknown) => {
      assert.ok(e instanceof UserError, String(e));
      assert.ok(
        e.message.startsWith(`apply-changes wave-1: refusing to apply ${path.join(changes, "changes.patch")}: line ${line} `),
        e.message,
      );
      assert.ok(e.message.includes(`path ${JSON.stringify(name)} `), e.message);
      assert.match(e.message, reason);
      return true;
    });
    assert.equal(await workTreeChanges(c.repo), "");
    assert.equal(await readFile(c.secret, "utf8"), SECRET);
    assert.deepEqual(await hooks(c.repo), hooksBefore);
    assert.equal(await readFile(path.join(c.repo, ".git", "config"), "utf8"), configBefore);
  });
}

test("legitimate renames and copies inside the repository apply (quoted and spaced names, '--- ' lines in hunk bodies)", async () => {
  const c = await patchCase();
  // More base files, then the changes an agent would make, in a second clone.
  await mkdir(path.join(c.repo, "src"));
  await mkdir(path.join(c.repo, "lib"));
  await mkdir(path.join(c.repo, "db"));
  const body = Array.from({ length: 30 }, (_, i) => `export const value${i} = ${i};`).join("\n");
  await writeFile(path.join(c.repo, "src", "old name.ts"), `${body}\n`);
  await writeFile(path.join(c.repo, "naïve.txt"), "café crème\n".repeat(20));
  await writeFile(path.join(c.repo, "lib", "a.ts"), `${body}\n// a\n`);
  await writeFile(path.join(c.repo, "db", "schema.sql"), "create table t (x int);\n-- ../../../secret\n++ /etc/passwd\nselect 1;\n");
  await git(c.repo, "add", "-A");
  await git(c.repo, "commit", "-q", "-m", "more");
  const base = (await git(c.repo, "rev-parse", "HEAD")).trim();
  const work = path.join(c.box, "work");
  await git(c.box, "clone", "-q", c.repo, work);
  await git(work, "mv", "src/old name.ts", "src/new name.ts");
  await git(work, "mv", "naïve.txt", "résumé.txt");
  await writeFile(path.join(work, "lib", "b.ts"), `${body}\n// a\n`);
  // Removed lines that read like headers once prefixed with '-' / '+' in the hunk.
  await writeFile(path.join(work, "db", "schema.sql"), "create table t (x int);\n-- ../../.git/config\n++ ../../../outside\nselect 2;\n");
  await git(work, "add", "-A");
  const patch = await git(
    work,
    "-c",
    "core.quotePath=true",
    "diff",
    "--cached",
    "-M",
    "-C",
    "--find-copies-harder",
    "--binary",
    "--no-color",
    base,
  );
  assert.match(patch, /^rename from "na\\303\\257ve.txt"$/m, "the non-ASCII name is C-quoted");
  assert.match(patch, /^rename from src\/old name.ts$/m);
  assert.match(patch, /^copy from lib\/a.ts$/m);
  assert.match(patch, /^--- \.\.\/\.\.\/\.\.\/secret$/m, "a removed line that reads like a header");
  assert.match(patch, /^\+\+\+ \.\.\/\.\.\/\.\.\/outside$/m, "an added line that reads like a header");

  const changes = await writeChanges(c.box, base, patch, [
    { status: "R", path: "src/new name.ts" },
    { status: "R", path: "résumé.txt" },
    { status: "C", path: "lib/b.ts" },
    { status: "M", path: "db/schema.sql" },
  ]);
  await applyChanges(c.repo, changes, "resuming from run 1");
  assert.equal(await readFile(path.join(c.repo, "src", "new name.ts"), "utf8"), `${body}\n`);
  await assert.rejects(stat(path.join(c.repo, "src", "old name.ts")), { code: "ENOENT" });
  assert.equal(await readFile(path.join(c.repo, "résumé.txt"), "utf8"), "café crème\n".repeat(20));
  await assert.rejects(stat(path.join(c.repo, "naïve.txt")), { code: "ENOENT" });
  assert.equal(await readFile(path.join(c.repo, "lib", "b.ts"), "utf8"), `${body}\n// a\n`);
  assert.equal(await readFile(path.join(c.repo, "lib", "a.ts"), "utf8"), `${body}\n// a\n`);
  assert.match(await readFile(path.join(c.repo, "db", "schema.sql"), "utf8"), /select 2;/);
  assert.equal(await readFile(c.secret, "utf8"), SECRET);
});

/* ------------------------------------------------------------------ deliverables, proof artifacts, reports */

interface LinkRepo {
  root: string;
  outside: string;
}

const OUTSIDE_TEXT = "root:x:0:0:outside the repository\nVerdict: PASS\n";
const REAL_TS = "export const real = true;\n";

/**
 * A repository with: src/real.ts; inside-link.ts -> src/real.ts; docs -> real-docs (both inside);
 * out/passwd -> /etc/passwd (or an outside file where there is none); out/secret -> outside file;
 * linked -> outside directory; chain -> hop -> outside file; dangling -> src/none.ts.
 */
async function linkRepo(): Promise<LinkRepo> {
  const box = await freshDir("links");
  const outside = path.join(box, "outside");
  const root = path.join(box, "repo");
  await mkdir(outside);
  await writeFile(path.join(outside, "secret.txt"), OUTSIDE_TEXT);
  await mkdir(path.join(root, "src"), { recursive: true });
  await mkdir(path.join(root, "real-docs"));
  await mkdir(path.join(root, "out"));
  await writeFile(path.join(root, "src", "real.ts"), REAL_TS);
  await writeFile(path.join(root, "real-docs", "guide.md"), "# Guide\nVerdict: CONCERNS - inside\n");
  await symlink(path.join("src", "real.ts"), path.join(root, "inside-link.ts"));
  await symlink("real-docs", path.join(root, "docs"));
  const passwd = await stat("/etc/passwd").then(
    () => "/etc/passwd",
    () => path.join(outside, "secret.txt"),
  );
  await symlink(passwd, path.join(root, "out", "passwd"));
  await symlink(path.join("..", "..", "outside", "secret.txt"), path.join(root, "out", "secret"));
  await symlink(outside, path.join(root, "linked"));
  await symlink(path.join(outside, "secret.txt"), path.join(root, "hop"));
  await symlink("hop", path.join(root, "chain"));
  await symlink(path.join("src", "none.ts"), path.join(root, "dangling"));
  return { root, outside };
}

const sha = (text: string) => createHash("sha256").update(text).digest("hex");

test("deliverables that are symbolic links out of the repository (or lie under one) are not read and fail the gate with the reason", async () => {
  const { root } = await linkRepo();
  const agent = agentDef("A1", {
    deliverables: ["src/real.ts", "inside-link.ts", "docs/guide.md", "out/passwd", "out/secret", "linked/secret.txt", "chain", "dangling"],
  });
  const summary = await buildExecutionSummary({ agent, signals: parseSignals(""), root, exitCode: 0 });
  const facts = Object.fromEntries(summary.deliverables.map((d) => [d.path, d]));
  assert.deepEqual(facts["src/real.ts"], { path: "src/real.ts", exists: true, sha256: sha(REAL_TS) });
  assert.deepEqual(facts["inside-link.ts"], { path: "inside-link.ts", exists: true, sha256: sha(REAL_TS) }, "a link inside is fine");
  assert.equal(facts["docs/guide.md"]?.exists, true, "a linked directory inside is fine");
  assert.deepEqual(facts["dangling"], { path: "dangling", exists: false, sha256: null }, "a dangling link inside is just missing");
  for (const p of ["out/passwd", "out/secret", "chain"]) {
    assert.deepEqual(
      facts[p],
      { path: p, exists: false, sha256: null, problem: "is a symbolic link that resolves outside the repository" },
      p,
    );
  }
  assert.deepEqual(facts["linked/secret.txt"], {
    path: "linked/secret.txt",
    exists: false,
    sha256: null,
    problem: "lies under the symbolic link linked, which resolves outside the repository",
  });
  const written = JSON.stringify(summary);
  assert.ok(!written.includes(sha(OUTSIDE_TEXT)), "the outside file was never hashed");
  if (facts["out/passwd"]) assert.ok(!written.includes(sha(await readFile("/etc/passwd", "utf8").catch(() => "-"))));

  const gate = implementationAgentGate(agent, summary);
  assert.equal(gate.ok, false);
  assert.equal(gate.statusCode, "unsafe-deliverable");
  assert.match(
    gate.detail,
    /^deliverable out\/passwd is a symbolic link that resolves outside the repository, so it was not read\. A1 must/,
  );

  const underLink = agentDef("A1", { deliverables: ["src/real.ts", "linked/secret.txt"] });
  const underGate = implementationAgentGate(
    underLink,
    await buildExecutionSummary({ agent: underLink, signals: parseSignals(""), root, exitCode: 0 }),
  );
  assert.equal(underGate.statusCode, "unsafe-deliverable");
  assert.match(
    underGate.detail,
    /deliverable linked\/secret\.txt lies under the symbolic link linked, which resolves outside the repository/,
  );

  const fine = agentDef("A1", { deliverables: ["src/real.ts", "inside-link.ts", "docs/guide.md"] });
  const fineGate = implementationAgentGate(
    fine,
    await buildExecutionSummary({ agent: fine, signals: parseSignals(""), root, exitCode: 0 }),
  );
  assert.equal(fineGate.ok, true, fineGate.detail);
});

test("proof artifacts and reports behind links out of the repository are not read either", async () => {
  const { root } = await linkRepo();
  const agent = agentDef("A1", {
    deliverables: ["src/real.ts"],
    proofArtifacts: [{ path: "linked/secret.txt", kind: "test-log", requiredFor: [] }],
  });
  const summary = await buildExecutionSummary({ agent, signals: parseSignals(""), root, exitCode: 0, reportPath: "out/secret" });
  assert.equal(summary.proofArtifacts[0]?.sha256, null);
  assert.equal(summary.proofArtifacts[0]?.problem, "lies under the symbolic link linked, which resolves outside the repository");
  // The outside file ends with "Verdict: PASS"; it must not become the report's verdict.
  assert.deepEqual(summary.report, {
    path: "out/secret",
    exists: false,
    sha256: null,
    problem: "is a symbolic link that resolves outside the repository",
    verdict: null,
  });
  assert.equal(summary.verdict, null);
  const gate = implementationAgentGate(agent, summary);
  assert.equal(gate.statusCode, "unsafe-proof-artifact");
  assert.match(
    gate.detail,
    /^proof artifact linked\/secret\.txt lies under the symbolic link linked, which resolves outside the repository/,
  );

  const inside = await buildExecutionSummary({ agent, signals: parseSignals(""), root, exitCode: 0, reportPath: "docs/guide.md" });
  assert.equal(inside.report?.exists, true);
  assert.deepEqual(inside.report?.verdict, { verdict: "concerns", detail: "inside" });
});

test("a FIFO named as a deliverable is reported, not opened for reading (which would block)", async () => {
  const { root } = await linkRepo();
  await run("mkfifo", [path.join(root, "src", "pipe")]);
  const agent = agentDef("A1", { deliverables: ["src/pipe"] });
  const summary = await buildExecutionSummary({ agent, signals: parseSignals(""), root, exitCode: 0 });
  assert.deepEqual(summary.deliverables, [{ path: "src/pipe", exists: true, sha256: null }]);
});

/* ------------------------------------------------------------------ zip extraction and disk space */

/** Sets the declared uncompressed size of the first entry of a zip64 archive (central directory). */
function declareSize(zip: Buffer, size: bigint): Buffer {
  const out = Buffer.from(zip);
  for (let p = out.length - 4; p >= 0; p--) {
    if (out.readUInt32LE(p) !== 0x02014b50) continue;
    const nameLength = out.readUInt16LE(p + 28);
    const extra = p + 46 + nameLength;
    assert.equal(out.readUInt16LE(extra), 0x0001, "zip64 extra field");
    out.writeBigUInt64LE(size, extra + 4);
    return out;
  }
  throw new Error("no central directory entry");
}

async function zipAt(dir: string, name: string, bytes: Buffer): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return file;
}

async function exists(p: string): Promise<boolean> {
  return stat(p).then(
    () => true,
    () => false,
  );
}

const MiB = 1024 * 1024;

test("an archive that declares more than the free space of the target filesystem is refused before writing (real filesystem)", async () => {
  const dir = await freshDir("zip-free");
  const info = await statfs(dir);
  const free = info.bavail * info.bsize;
  const huge = BigInt(free) + 1024n * BigInt(MiB);
  const file = await zipAt(dir, "wave-state-huge.zip", declareSize(craftZip([{ name: "big.bin", data: "x" }], { zip64: true }), huge));
  const dest = path.join(dir, "dest");
  await assert.rejects(extractZip(file, dest, { maxBytes: Number.MAX_SAFE_INTEGER }), (e: unknown) => {
    assert.ok(e instanceof ZipError, String(e));
    assert.match(e.message, /^archive wave-state-huge\.zip declares .* of contents in 1 entry /);
    assert.ok(e.message.includes(`(${huge} bytes)`), e.message);
    assert.match(e.message, /free, of which .* must stay free; refusing to extract it \(nothing was written\)/);
    return true;
  });
  assert.equal(await exists(dest), false, "nothing was created");

  // Within the free space, but not leaving the reserve (max(256 MiB, 5 % of the filesystem)) free.
  const reserve = Math.max(256 * MiB, Math.ceil(info.blocks * info.bsize * 0.05));
  const tight = free - Math.floor(reserve / 2);
  if (tight > 0) {
    const file2 = await zipAt(
      dir,
      "wave-state-tight.zip",
      declareSize(craftZip([{ name: "big.bin", data: "x" }], { zip64: true }), BigInt(tight)),
    );
    await assert.rejects(extractZip(file2, dest, { maxBytes: Number.MAX_SAFE_INTEGER }), /must stay free; refusing to extract it/);
    assert.equal(await exists(dest), false);
  }
});

test("on a small tmpfs: what fits is extracted; a declared size beyond its free space is refused before writing", async (t) => {
  if (process.getuid?.() !== 0) {
    t.skip("mounting a tmpfs needs root");
    return;
  }
  const dir = await freshDir("zip-tmpfs");
  const mnt = path.join(dir, "mnt");
  await mkdir(mnt);
  try {
    await run("mount", ["-t", "tmpfs", "-o", "size=8m", "tmpfs", mnt]);
  } catch (error) {
    t.skip(`cannot mount a tmpfs here: ${(error as Error).message.split("\n")[0]}`);
    return;
  }
  try {
    const incompressible = createHash("sha512");
    const chunks: Buffer[] = [];
    for (let i = 0; chunks.length * 64 < 2 * MiB; i++) chunks.push(incompressible.copy().update(String(i)).digest());
    const fits = await zipAt(dir, "fits.zip", craftZip([{ name: "data.bin", data: Buffer.concat(chunks) }]));
    const ok = await extractZip(fits, path.join(mnt, "ok"), { reserveBytes: MiB });
    assert.equal(ok.bytes, 2 * MiB);

    const lying = await zipAt(dir, "wave-state-64m.zip", craftZip([{ name: "big.bin", data: "x", uncompressedSize: 64 * MiB }]));
    const dest = path.join(mnt, "dest");
    await assert.rejects(extractZip(lying, dest, { reserveBytes: MiB }), (e: unknown) => {
      assert.ok(e instanceof ZipError, String(e));
      assert.match(e.message, /^archive wave-state-64m\.zip declares 64\.0 MiB \(67108864 bytes\) of contents/);
      assert.match(e.message, /has [\d.]+ MiB \(\d+ bytes\) free, of which 1\.0 MiB \(1048576 bytes\) must stay free/);
      return true;
    });
    assert.equal(await exists(dest), false);
    // The default reserve is at least 256 MiB: nothing of this size fits on an 8 MiB filesystem.
    await assert.rejects(extractZip(fits, dest), /of which 256\.0 MiB \(268435456 bytes\) must stay free/);
    assert.equal(await exists(dest), false);
  } finally {
    await run("umount", [mnt]);
  }
});

test("an entry that inflates past its declared size is stopped, named with its sizes, and what was written is removed", async () => {
  const dir = await freshDir("zip-lie");
  const bomb = Buffer.alloc(8 * MiB, 0);
  const file = await zipAt(
    dir,
    "wave-state-lie.zip",
    craftZip([
      { name: "honest/a.txt", data: "a".repeat(100_000) },
      { name: "honest/b.txt", data: "b".repeat(100_000) },
      { name: "bomb.bin", data: bomb, uncompressedSize: 1000 },
    ]),
  );
  assert.ok((await stat(file)).size < 64 * 1024, "the archive itself is small");
  const dest = path.join(dir, "dest");
  await assert.rejects(extractZip(file, dest), (e: unknown) => {
    assert.ok(e instanceof ZipError, String(e));
    assert.equal(
      e.message,
      'archive wave-state-lie.zip: entry "bomb.bin" is larger than its declared size of 1000 bytes; extraction stopped',
    );
    return true;
  });
  assert.equal(await exists(dest), false, "the files and directories it created are gone");

  // Into a directory that already existed: it stays, and only what the extraction made is removed.
  await mkdir(dest);
  await writeFile(path.join(dest, "mine.txt"), "kept");
  await assert.rejects(extractZip(file, dest), /extraction stopped/);
  assert.deepEqual(await readdir(dest), ["mine.txt"]);
});
