// Bundles the action and the CLI with @vercel/ncc into dist/ (committed), with source maps.
//
// One bundle, dist/index.js (src/main.ts), holds the action's main step, its post step and the
// `wave` CLI; which one a process runs is told by the entry file it started (src/program.ts).
// Each program's code, each CLI command and the packages only some of them use are chunks next to
// it (NNN.index.js), loaded when they run, so no code is stored twice. Two small entry files only
// import the bundle: dist/post/index.js (action.yml's `post`) and dist/cli/index.js (the package's
// `bin`).
//
// The bundle is then minified with esbuild (names kept: code that reads a function's or class's
// `name` behaves the same), which reads ncc's maps and writes maps from the minified code back to
// the sources. The maps (index.js.map, NNN.index.js.map) are for reading stack traces: Node uses
// them with --enable-source-maps (e.g. NODE_OPTIONS=--enable-source-maps); nothing loads them
// otherwise. They map our own code (src/) and leave the packages' code unmapped (ourCodeOnly),
// name the sources by their path in the repository and leave their text out: a map of every
// package's code would be larger than the code.
import { chmod, mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { decode, encode } from "@jridgewell/sourcemap-codec";
import ncc from "@vercel/ncc";
import * as esbuild from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const finalRoot = process.argv[2] ? path.resolve(process.argv[2]) : path.join(root, "dist");
// Build next to the target and swap at the end, so a failed build never leaves dist/ half-written.
const outRoot = `${finalRoot}.building-${process.pid}`;

const ENTRY = "src/main.ts";

/** dist/post/index.js: the post step is the bundle's, told by this file's path. */
const POST_ENTRY = `// The action's post step (action.yml \`post\`): the bundle runs it, telling the program by this
// file's path (src/program.ts). Written by scripts/build.mjs.
import "../index.js";
`;

/** dist/cli/index.js: the `wave` CLI is the bundle's, told by this file's path. */
const CLI_ENTRY = `#!/usr/bin/env node
// The \`wave\` CLI (package.json \`bin\`): the bundle runs it, telling the program by this file's
// path (src/program.ts). Written by scripts/build.mjs.
import "../index.js";
`;

/**
 * One of ncc's maps as the minifier reads it (minify): without the sources' text
 * (`sourcesContent`; the sources are in the repository and node_modules) and with each source's
 * path relative to dist/, where every chunk and map is.
 */
function slimMap(text) {
  const map = JSON.parse(text);
  delete map.sourcesContent;
  map.sources = map.sources.map((s) => (s.startsWith(".././") ? path.posix.relative("dist", path.posix.normalize(s.slice(3))) : s));
  return JSON.stringify(map);
}

/**
 * A map of only our own code: segments from a package's code (or webpack's runtime) become
 * unmapped, sources and names no segment uses are dropped. `null` when nothing of ours is left.
 */
function ourCodeOnly(text) {
  const map = JSON.parse(text);
  const ours = map.sources.map((s) => s.startsWith("../src/"));
  const sources = [];
  const names = [];
  const sourceIndex = new Map();
  const nameIndex = new Map();
  const indexIn = (table, list, i, value) => {
    if (!table.has(i)) table.set(i, list.push(value) - 1);
    return table.get(i);
  };
  let mapped = 0;
  const lines = decode(map.mappings).map((line) => {
    const out = [];
    for (const seg of line) {
      if (seg.length >= 4 && ours[seg[1]]) {
        const kept = [seg[0], indexIn(sourceIndex, sources, seg[1], map.sources[seg[1]]), seg[2], seg[3]];
        if (seg.length === 5) kept.push(indexIn(nameIndex, names, seg[4], map.names[seg[4]]));
        out.push(kept);
        mapped++;
      } else if (out.length > 0 && out[out.length - 1].length > 1) {
        // Unmapped from here (one unmapped segment after a mapped one is enough).
        out.push([seg[0]]);
      }
    }
    return out;
  });
  if (mapped === 0) return null;
  return JSON.stringify({ version: 3, sources, names, mappings: encode(lines) });
}

/** Minifies every chunk in `dir` in place, with maps of our own code only (see the top). */
async function minify(dir) {
  const chunks = (await readdir(dir)).filter((f) => f.endsWith(".js"));
  await esbuild.build({
    entryPoints: chunks.map((f) => path.join(dir, f)),
    outdir: dir,
    allowOverwrite: true,
    bundle: false,
    format: "esm",
    platform: "node",
    target: "node22",
    minify: true,
    keepNames: true,
    legalComments: "none",
    // Not the project's tsconfig.json, which esbuild would otherwise look for above the chunks
    // (its `strict` changes how esbuild treats the chunks' code): the output must not depend on
    // where the build is written (dist/ here, a temporary directory for check-dist).
    tsconfigRaw: {},
    sourcemap: "linked",
    sourcesContent: false,
    logLevel: "warning",
  });
  for (const chunk of chunks) {
    const file = path.join(dir, chunk);
    const slim = ourCodeOnly(await readFile(`${file}.map`, "utf8"));
    if (slim) await writeFile(`${file}.map`, slim);
    else {
      await rm(`${file}.map`);
      const code = await readFile(file, "utf8");
      await writeFile(file, code.replace(/\n\/\/# sourceMappingURL=[^\n]*\n?$/, "\n"));
    }
  }
}

/**
 * Module factories written as `function` expressions instead of arrows. Node's compile cache keeps
 * the code V8 compiled when it first compiled a file; V8 compiles a function lazily, when it is
 * first called, unless it is a parenthesised `function` expression (likely called at once), which
 * it compiles with the file. ncc writes each module as `((module, exports, require) => { ... })`:
 * lazily compiled, so every process compiled again the module code it ran (tens of milliseconds
 * of each start) and the cache held almost nothing. As `(function (...) { ... })` the factories
 * are compiled with their chunk and come back from the cache. Webpack writes an arrow only for a
 * module whose top level uses neither `this` nor `arguments`, so the two are the same function.
 */
function eagerFactories(js) {
  return js.replace(/^\/\*\*\*\/ \(\(([\w, ]*)\) => \{$/gm, "/***/ (function($1) {");
}

await rm(outRoot, { recursive: true, force: true });
const { code, map, assets } = await ncc(path.join(root, ENTRY), {
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
await mkdir(outRoot, { recursive: true });
await writeFile(path.join(outRoot, "index.js"), eagerFactories(code));
if (map) await writeFile(path.join(outRoot, "index.js.map"), slimMap(map));
for (const [name, asset] of Object.entries(assets ?? {})) {
  const assetPath = path.join(outRoot, name);
  await mkdir(path.dirname(assetPath), { recursive: true });
  const text = name.endsWith(".js.map")
    ? slimMap(String(asset.source))
    : name.endsWith(".js")
      ? eagerFactories(String(asset.source))
      : asset.source;
  await writeFile(assetPath, text);
}
await minify(outRoot);
await mkdir(path.join(outRoot, "post"), { recursive: true });
await writeFile(path.join(outRoot, "post", "index.js"), POST_ENTRY);
await mkdir(path.join(outRoot, "cli"), { recursive: true });
await writeFile(path.join(outRoot, "cli", "index.js"), CLI_ENTRY);
await chmod(path.join(outRoot, "cli", "index.js"), 0o755);
// Mark dist as ESM regardless of where it is copied.
await writeFile(path.join(outRoot, "package.json"), `${JSON.stringify({ type: "module" }, null, 2)}\n`);
const files = await readdir(outRoot, { recursive: true });
await rm(finalRoot, { recursive: true, force: true });
await rename(outRoot, finalRoot);
console.log(`built ${files.length} files into ${path.relative(root, finalRoot) || "."}`);
