import assert from "node:assert/strict";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import fc from "fast-check";
import { crc32, crc32Portable } from "../../src/artifacts/crc32.js";
import { safeEntryPath } from "../../src/artifacts/entry-path.js";
import { extractZip } from "../../src/artifacts/zip-extract.js";
import { readZipEntries, ZipError } from "../../src/artifacts/zip-read.js";
import { type CraftEntry, craftZip } from "../harness/zip-craft.js";

let tmp: string;
before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "zip-test-"));
});
after(async () => {
  await rm(tmp, { recursive: true, force: true });
});

let n = 0;
async function zipFile(entries: CraftEntry[] | Buffer): Promise<string> {
  const file = path.join(tmp, `z${++n}.zip`);
  await writeFile(file, Buffer.isBuffer(entries) ? entries : craftZip(entries));
  return file;
}

/** A fresh box/dest pair: extraction goes to box/dest; anything in box besides dest escaped. */
async function box(): Promise<{ box: string; dest: string }> {
  const b = path.join(tmp, `box${++n}`);
  await mkdir(b);
  return { box: b, dest: path.join(b, "dest") };
}

test("extracts files, empty files, binary data and directories exactly", async () => {
  const binary = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31 + (i >> 8)) % 256));
  const file = await zipFile([
    { name: "a/b/bin.dat", data: binary },
    { name: "a/empty.txt", data: "" },
    { name: "stored.txt", data: "not compressed", deflate: false },
    { name: "emptydir/", data: "" },
    { name: "tool.sh", data: "#!/bin/sh\n", unixMode: 0o100755 },
  ]);
  const { dest } = await box();
  const res = await extractZip(file, dest);
  assert.deepEqual(res, { files: 4, directories: 1, bytes: binary.length + 14 + 10 });
  assert.deepEqual(await readFile(path.join(dest, "a/b/bin.dat")), binary);
  assert.equal((await readFile(path.join(dest, "a/empty.txt"))).length, 0);
  assert.equal(await readFile(path.join(dest, "stored.txt"), "utf8"), "not compressed");
  assert.deepEqual(await readdir(path.join(dest, "emptydir")), []);
  assert.equal((await stat(path.join(dest, "tool.sh"))).mode & 0o111, 0o111);
  assert.equal((await stat(path.join(dest, "stored.txt"))).mode & 0o111, 0);
});

test("reads zip64 archives", async () => {
  const file = await zipFile(
    craftZip(
      [
        { name: "one.txt", data: "first" },
        { name: "dir/two.bin", data: Buffer.from([0, 255, 1, 254]) },
      ],
      { zip64: true },
    ),
  );
  const { dest } = await box();
  await extractZip(file, dest);
  assert.equal(await readFile(path.join(dest, "one.txt"), "utf8"), "first");
  assert.deepEqual([...(await readFile(path.join(dest, "dir/two.bin")))], [0, 255, 1, 254]);
});

const unsafe: [string, CraftEntry[], RegExp][] = [
  ["parent segment", [{ name: "../evil.txt", data: "x" }], /parent directory segment/],
  ["nested parent segment", [{ name: "ok/../../evil.txt", data: "x" }], /parent directory segment/],
  ["absolute path", [{ name: "/tmp/evil.txt", data: "x" }], /absolute path/],
  ["backslash", [{ name: "..\\evil.txt", data: "x" }], /backslash/],
  ["drive letter", [{ name: "C:evil.txt", data: "x" }], /drive letter/],
  ["symlink entry", [{ name: "link", data: "/etc/passwd", unixMode: 0o120777 }], /symbolic link/],
  [
    "symlink then write through it",
    [
      { name: "d", data: "..", unixMode: 0o120777 },
      { name: "d/evil.txt", data: "x" },
    ],
    /symbolic link/,
  ],
  ["device", [{ name: "dev", data: "", unixMode: 0o020666 }], /not a regular file/],
  [
    "duplicate",
    [
      { name: "a.txt", data: "1" },
      { name: "a.txt", data: "2" },
    ],
    /duplicate entry/,
  ],
  [
    "file used as directory",
    [
      { name: "a", data: "1" },
      { name: "a/b", data: "2" },
    ],
    /inside file/,
  ],
  ["name differs between headers", [{ name: "safe.txt", localName: "../evil.txt", data: "x" }], /names .* differ/],
];

for (const [label, entries, message] of unsafe) {
  test(`rejects an unsafe archive (${label}) and writes nothing`, async () => {
    const file = await zipFile(entries);
    const { box: b, dest } = await box();
    await assert.rejects(extractZip(file, dest), (e: unknown) => e instanceof ZipError && message.test(e.message));
    assert.deepEqual(await readdir(b), [], "nothing was created, inside or outside the destination");
    await assert.rejects(stat(path.join(tmp, "evil.txt")));
  });
}

test("rejects corrupt archives with a clear error", async () => {
  const good = craftZip([{ name: "a.txt", data: "hello world hello world" }]);
  const cases: [string, Buffer, RegExp][] = [
    ["garbage", Buffer.from("this is not a zip file at all, not even close"), /end of central directory record not found/],
    ["empty", Buffer.alloc(0), /too small/],
    ["truncated", good.subarray(0, good.length - 10), /end of central directory record not found/],
    ["wrong crc", craftZip([{ name: "a.txt", data: "hello", crc32: 1234 }]), /fails its CRC-32 check/],
    ["size lie (bigger)", craftZip([{ name: "a.txt", data: "hello", uncompressedSize: 2 }]), /larger than its declared size/],
    ["size lie (smaller)", craftZip([{ name: "a.txt", data: "hello", uncompressedSize: 50 }]), /has 5 bytes, 50 declared/],
  ];
  const flipped = Buffer.from(good);
  flipped[35] = (flipped[35] as number) ^ 0xff; // inside the deflate stream
  cases.push(["damaged data", flipped, /corrupt|CRC-32|declared/]);
  for (const [label, bytes, message] of cases) {
    const file = await zipFile(bytes);
    const { dest } = await box();
    await assert.rejects(extractZip(file, dest), (e: unknown) => e instanceof ZipError && message.test(e.message), label);
  }
});

test("never overwrites or follows what is already in the destination", async () => {
  const { box: b, dest } = await box();
  await mkdir(dest);
  await writeFile(path.join(b, "outside.txt"), "original");
  await symlink(path.join(b, "outside.txt"), path.join(dest, "a.txt"));
  await symlink(b, path.join(dest, "sub"));
  await assert.rejects(extractZip(await zipFile([{ name: "a.txt", data: "pwned" }]), dest), /would overwrite/);
  await assert.rejects(extractZip(await zipFile([{ name: "sub/x.txt", data: "pwned" }]), dest), /non-directory is in the way/);
  assert.equal(await readFile(path.join(b, "outside.txt"), "utf8"), "original");
  assert.deepEqual((await readdir(b)).sort(), ["dest", "outside.txt"]);
});

test("refuses archives that expand beyond the limit before writing", async () => {
  const file = await zipFile([{ name: "big.txt", data: "x".repeat(10_000) }]);
  const { dest } = await box();
  await assert.rejects(extractZip(file, dest, { maxBytes: 1000 }), /more than the limit of 1000/);
  const entries = await readZipEntries(file);
  assert.equal(entries[0]?.uncompressedSize, 10_000);
});

test("safe entry paths never leave the destination", () => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom("a", "..", ".", "", "b", "/", "\\", "c:", "x y"), { maxLength: 6 }), (parts) => {
      const name = parts.join("/");
      let p: string;
      try {
        p = safeEntryPath(name);
      } catch {
        return;
      }
      const resolved = path.resolve("/dest", p);
      assert.ok(resolved.startsWith("/dest/"), `${name} -> ${resolved}`);
    }),
  );
});

test("the portable CRC-32 matches the native one", () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ maxLength: 300 }), (a, b) => {
      assert.equal(crc32Portable(b, crc32Portable(a)), crc32(b, crc32(a)));
    }),
  );
  assert.equal(crc32Portable(Buffer.from("123456789")), 0xcbf43926);
});
