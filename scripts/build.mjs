// Bundles the action and the CLI with @vercel/ncc into dist/ (committed), each with source maps.
//
// - dist/index.js: the action, main and post step in one bundle (src/main.ts). Each step's code and
//   the artifact client are chunks next to it (NNN.index.js), loaded only by the step that uses
//   them, so no chunk is stored twice. dist/post/index.js (action.yml's `post`) only imports
//   ../index.js, which tells the step by that entry file (src/action/step.ts).
// - dist/cli/index.js: the `wave` CLI (src/cli.ts), the package's `bin`. Its commands are chunks
//   in dist/cli/ loaded when they run (src/cli/commands.ts).
//
// The maps (index.js.map, NNN.index.js.map) are for reading stack traces: Node uses them with
// --enable-source-maps (e.g. NODE_OPTIONS=--enable-source-maps). Nothing loads them otherwise.
// They name the sources by their path in the repository and leave their text out (slimMap).
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
  { entry: "src/cli.ts", out: "cli" },
];

/** dist/post/index.js: the post step is the action bundle's, told by this file's path. */
const POST_ENTRY = `// The action's post step (action.yml \`post\`): the action bundle runs it, telling the step by
// this file's path (src/action/step.ts). Written by scripts/build.mjs.
import "../index.js";
`;

/**
 * A source map as dist/ keeps it: without the sources' text (`sourcesContent`, most of a map's
 * size; the sources are in the repository and node_modules) and with each source's path relative
 * to the map's own directory (`out` under dist/), where ncc writes it as if every map were in dist/.
 */
function slimMap(text, out) {
  const map = JSON.parse(text);
  delete map.sourcesContent;
  const dir = path.posix.join("dist", out);
  map.sources = map.sources.map((s) => (s.startsWith(".././") ? path.posix.relative(dir, path.posix.normalize(s.slice(3))) : s));
  return JSON.stringify(map);
}

await rm(outRoot, { recursive: true, force: true });
for (const { entry, out } of entries) {
  const { code, map, assets } = await ncc(path.join(root, entry), {
    minify: false,
    sourceMap: true,
    // No source-map-support shim loaded with every start (see above).
    sourceMapRegister: false,
    quiet: true,
    // No persistent webpack cache: ncc keeps one under the user's cache directory, keyed by the
    // working directory, and a module restored from a cache written by an earlier build keeps that
    // build's settings (a cache from a build without source maps gives modules without maps, and
    // chunks of only such modules lose their map). The bundle must depend on src/ and the locked
    // packages alone; a build without the cache is no slower here.
    cache: false,
    target: "es2022",
    license: "licenses.txt",
  });
  const dir = path.join(outRoot, out);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, "index.js");
  await writeFile(file, code);
  if (map) await writeFile(`${file}.map`, slimMap(map, out));
  for (const [name, asset] of Object.entries(assets ?? {})) {
    const assetPath = path.join(dir, name);
    await mkdir(path.dirname(assetPath), { recursive: true });
    await writeFile(assetPath, name.endsWith(".js.map") ? slimMap(String(asset.source), path.posix.dirname(path.posix.join(out, name))) : asset.source);
  }
  if (out === "cli") await chmod(file, 0o755);
}
await mkdir(path.join(outRoot, "post"), { recursive: true });
await writeFile(path.join(outRoot, "post", "index.js"), POST_ENTRY);
// Mark dist as ESM regardless of where it is copied.
await writeFile(path.join(outRoot, "package.json"), `${JSON.stringify({ type: "module" }, null, 2)}\n`);
const files = await readdir(outRoot, { recursive: true });
await rm(finalRoot, { recursive: true, force: true });
await rename(outRoot, finalRoot);
console.log(`built ${files.length} files into ${path.relative(root, finalRoot) || "."}`);
