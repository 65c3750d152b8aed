/**
 * Test helpers: a sample wave state tree (text, binary, empty and nested files) and reading a tree
 * back as path → bytes.
 */
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

export const SAMPLE_BINARY = Buffer.from(Array.from({ length: 100_003 }, (_, i) => (i * 2654435761) >>> 24));

/** Writes a sample state tree under `root`; returns path → content. */
export async function writeSampleState(root: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>([
    ["result.json", Buffer.from('{"schemaVersion":1,"status":"failed"}\n')],
    ["progress.json", Buffer.from('{"agents":{"A1":"succeeded"}}\n')],
    ["agents/A1/agent.log", Buffer.from("line 1\nline 2\n".repeat(500))],
    ["agents/A1/blob.bin", SAMPLE_BINARY],
    ["agents/A2/status.json", Buffer.alloc(0)],
    ["feedback/questions/Q1 with space.md", Buffer.from("# Question\n")],
    ["changes/workspace.patch", Buffer.from("diff --git a/x b/x\n")],
  ]);
  for (const [rel, data] of files) {
    await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
    await writeFile(path.join(root, rel), data);
  }
  return files;
}

/** Every regular file under `root` as relative path → content. */
export async function readTree(root: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out.set(path.relative(root, full).split(path.sep).join("/"), await readFile(full));
  }
  return out;
}

export function sorted(map: Map<string, Buffer>): [string, Buffer][] {
  return [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
