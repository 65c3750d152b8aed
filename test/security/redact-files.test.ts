import assert from "node:assert/strict";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { createRedactor, REDACTED } from "../../src/security/redact.js";
import { redactFileInPlace, redactTree, scanForSecrets } from "../../src/security/redact-files.js";

const SECRET = "ghp_FAKEfake0123456789abcdefABCDEF";

async function withTemp(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "wave-redact-"));
  try {
    await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test("a multi-megabyte log is redacted in place, every occurrence, other bytes intact", async () => {
  await withTemp(async (dir) => {
    const file = path.join(dir, "agent.log");
    const line = Buffer.from("2025-01-01T00:00:00Z some output line \xff\xfe with bytes\n", "latin1");
    const parts: Buffer[] = [];
    let expected = 0;
    for (let i = 0; i < 120_000; i++) {
      parts.push(line);
      if (i % 9973 === 0) {
        const variant = i % 2 === 0 ? SECRET : Buffer.from(`x${SECRET}`).toString("base64");
        parts.push(Buffer.from(`token=${variant}\n`));
        expected++;
      }
    }
    const original = Buffer.concat(parts);
    assert.ok(original.length > 5 * 1024 * 1024);
    await writeFile(file, original, { mode: 0o640 });
    const redactor = createRedactor([SECRET]);
    const n = await redactFileInPlace(file, redactor);
    assert.equal(n, expected);
    const after = await readFile(file);
    assert.equal(after.indexOf(SECRET), -1);
    assert.equal(after.toString("latin1").split(REDACTED).length - 1, expected);
    assert.deepEqual(after, redactor.redactBuffer(original));
    assert.equal((await stat(file)).mode & 0o777, 0o640);
  });
});

test("a clean file is not rewritten", async () => {
  await withTemp(async (dir) => {
    const file = path.join(dir, "clean.txt");
    await writeFile(file, "nothing here\n");
    const before = await stat(file);
    assert.equal(await redactFileInPlace(file, createRedactor([SECRET])), 0);
    const after = await stat(file);
    assert.equal(after.ino, before.ino);
    assert.equal(after.mtimeMs, before.mtimeMs);
  });
});

test("redactTree redacts nested files, reports them, never follows symlinks", async () => {
  await withTemp(async (dir) => {
    const tree = path.join(dir, "tree");
    const outside = path.join(dir, "outside.txt");
    await mkdir(path.join(tree, "agents", "A1"), { recursive: true });
    await writeFile(path.join(tree, "agents", "A1", "prompt.md"), `use ${SECRET}\n`);
    await writeFile(path.join(tree, "summary.json"), JSON.stringify({ k: SECRET }));
    await writeFile(path.join(tree, "plain.txt"), "plain");
    await writeFile(outside, `outside ${SECRET}`);
    await symlink(outside, path.join(tree, "link.txt"));
    const result = await redactTree(tree, createRedactor([SECRET]));
    assert.equal(result.files, 3);
    assert.deepEqual(result.redacted.map((r) => r.file).sort(), [path.join("agents", "A1", "prompt.md"), "summary.json"]);
    assert.deepEqual(result.symlinks, ["link.txt"]);
    assert.equal(await readFile(path.join(tree, "agents", "A1", "prompt.md"), "utf8"), `use ${REDACTED}\n`);
    assert.equal(await readFile(outside, "utf8"), `outside ${SECRET}`, "symlink target untouched");
  });
});

test("scanForSecrets names the file and the encoding, never the value", async () => {
  await withTemp(async (dir) => {
    const a = path.join(dir, "config.env");
    const b = path.join(dir, "notes.md");
    const c = path.join(dir, "clean.ts");
    await writeFile(a, `KEY=${SECRET}\n`);
    await writeFile(b, `encoded ${Buffer.from(SECRET).toString("base64")}\n`);
    await writeFile(c, "export const x = 1;\n");
    const findings = await scanForSecrets([a, b, c, path.join(dir, "missing")], createRedactor([SECRET]));
    assert.deepEqual(
      findings.map((f) => [path.basename(f.file), f.variant]),
      [
        ["config.env", "raw"],
        ["notes.md", "base64"],
      ],
    );
    assert.ok(!JSON.stringify(findings).includes(SECRET));
  });
});

test("redactTree renames files and directories whose names hold a secret, without clashes", async () => {
  await withTemp(async (dir) => {
    const tree = path.join(dir, "tree");
    await mkdir(path.join(tree, `dir-${SECRET}`), { recursive: true });
    await writeFile(path.join(tree, `dir-${SECRET}`, "inner.txt"), `x ${SECRET}\n`);
    await writeFile(path.join(tree, `a-${SECRET}.log`), "a\n");
    await writeFile(path.join(tree, "a-REDACTED.log"), "already there\n");
    await writeFile(path.join(tree, `b-${encodeURIComponent(SECRET).replace(/A/g, "%41")}.txt`), "b\n");
    const result = await redactTree(tree, createRedactor([SECRET]));
    assert.equal(result.renamed, 3);
    const names = (await readdir(tree, { recursive: true })).map(String).sort();
    assert.deepEqual(names, [
      "a-REDACTED.log",
      "a-REDACTED.log.2",
      "b-REDACTED.txt",
      "dir-REDACTED",
      path.join("dir-REDACTED", "inner.txt"),
    ]);
    assert.equal(await readFile(path.join(tree, "a-REDACTED.log"), "utf8"), "already there\n");
    assert.equal(await readFile(path.join(tree, "a-REDACTED.log.2"), "utf8"), "a\n");
    assert.deepEqual(result.redacted, [{ file: path.join("dir-REDACTED", "inner.txt"), redactions: 1 }]);
  });
});

test("scanForSecrets names the encoding family of mixed and wrapped forms", async () => {
  await withTemp(async (dir) => {
    const files = {
      "url.txt": `?t=${SECRET.replace(/[a-f]/g, (c) => `%${c.charCodeAt(0).toString(16)}`)}`,
      "go.json": JSON.stringify({ t: SECRET }).replace(/_/g, "\\u005F"),
      "page.html": `<i title="${SECRET.replace(/F/g, "&#70;")}">`,
      "wrapped.b64": `${Buffer.from(`some file with ${SECRET} inside`)
        .toString("base64")
        .replace(/(.{20})/g, "$1\n")}\n`,
    };
    for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
    const findings = await scanForSecrets(
      Object.keys(files).map((n) => path.join(dir, n)),
      createRedactor([SECRET]),
    );
    assert.deepEqual(
      findings.map((f) => [path.basename(f.file), f.variant]),
      [
        ["url.txt", "url"],
        ["go.json", "json"],
        ["page.html", "html"],
        ["wrapped.b64", "base64"],
      ],
    );
  });
});
