// Bundles the three entry points with @vercel/ncc into dist/ (committed).
import { chmod, mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ncc from "@vercel/ncc";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const finalRoot = process.argv[2] ? path.resolve(process.argv[2]) : path.join(root, "dist");
// Build next to the target and swap at the end, so a failed build never leaves dist/ half-written.
const outRoot = `${finalRoot}.building-${process.pid}`;

const entries = [
  { entry: "src/main.ts", out: "." },
  { entry: "src/post.ts", out: "post" },
  { entry: "src/cli.ts", out: "cli" },
];

await rm(outRoot, { recursive: true, force: true });
for (const { entry, out } of entries) {
  const { code, assets } = await ncc(path.join(root, entry), {
    minify: false,
    sourceMap: false,
    quiet: true,
    target: "es2022",
    license: "licenses.txt",
  });
  const dir = path.join(outRoot, out);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, "index.js");
  await writeFile(file, code);
  for (const [name, asset] of Object.entries(assets ?? {})) {
    const assetPath = path.join(dir, name);
    await mkdir(path.dirname(assetPath), { recursive: true });
    await writeFile(assetPath, asset.source);
  }
  if (out === "cli") await chmod(file, 0o755);
}
// Mark dist as ESM regardless of where it is copied.
await writeFile(path.join(outRoot, "package.json"), `${JSON.stringify({ type: "module" }, null, 2)}\n`);
const files = await readdir(outRoot, { recursive: true });
await rm(finalRoot, { recursive: true, force: true });
await rename(outRoot, finalRoot);
console.log(`built ${files.length} files into ${path.relative(root, finalRoot) || "."}`);
