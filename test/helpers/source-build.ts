/**
 * The sources' command-line entries built once for the tests that start them as processes (the
 * `wave` CLI, the agents' local executor, the tmux viewer, a test's worker process). Starting them through tsx transforms
 * and resolves every module in every process: three to four times the CPU of the same code as one
 * bundle, and the unit suite starts such processes by the hundred.
 *
 * The build is an esbuild bundle of the current sources, split at their dynamic imports (so a
 * `--version` or a local agent still loads only what it uses), packages left to node_modules. It
 * is kept in .test-build/ (beside src/, so the CLI finds the examples as it does from a checkout)
 * keyed by a hash of every file under src/: a test process reuses the build of the same sources,
 * an edit makes a new one, and a mutation-testing sandbox (a copy with other sources) builds its
 * own. Concurrent test processes may build the
 * same sources at once; each writes a directory of its own and the first rename wins.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const CACHE = path.join(REPO_ROOT, ".test-build");
/** The entries built, by the name of their output file (a test's own child process among them). */
const ENTRIES = {
  cli: "src/cli.ts",
  "tmux-view": "src/report/tmux-view-main.ts",
  "append-worker": "test/coordination/fixtures/append-worker.ts",
} as const;
/** Builds unused this long are removed when a new one is made. */
const STALE_MS = 24 * 60 * 60 * 1000;

/** A hash of every file under `root`/src and of the entries (names and contents), and of how they are built. */
export function sourcesHash(root: string = REPO_ROOT): string {
  const hash = createHash("sha256").update(JSON.stringify(ENTRIES));
  for (const entry of Object.values(ENTRIES)) hash.update(readFileSync(path.join(root, entry))).update("\0");
  const src = path.join(root, "src");
  for (const name of readdirSync(src, { recursive: true, encoding: "utf8" }).sort()) {
    const file = path.join(src, name);
    if (!statSync(file).isFile()) continue;
    hash.update(`${name}\0`).update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex").slice(0, 20);
}

function removeStale(except: string): void {
  for (const name of readdirSync(CACHE)) {
    const dir = path.join(CACHE, name);
    try {
      if (name !== except && Date.now() - statSync(dir).mtimeMs > STALE_MS) rmSync(dir, { recursive: true, force: true });
    } catch {
      // another process removed it
    }
  }
}

let built: string | undefined;

/** The directory holding the build of the current sources (`<entry>.js` for each entry), made when missing. */
export function sourceBuild(): string {
  if (built) return built;
  const key = sourcesHash();
  const dir = path.join(CACHE, key);
  if (!existsSync(path.join(dir, "cli.js"))) {
    mkdirSync(CACHE, { recursive: true });
    const staging = path.join(CACHE, `${key}.${process.pid}.tmp`);
    rmSync(staging, { recursive: true, force: true });
    try {
      buildSync({
        absWorkingDir: REPO_ROOT,
        entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([out, entry]) => [out, path.join(REPO_ROOT, entry)])),
        outdir: staging,
        bundle: true,
        splitting: true,
        format: "esm",
        platform: "node",
        target: "node22",
        packages: "external",
        logLevel: "error",
      });
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      throw error;
    }
    try {
      renameSync(staging, dir);
    } catch (error) {
      // Another process renamed its build of the same sources first: use that one.
      rmSync(staging, { recursive: true, force: true });
      if (!existsSync(path.join(dir, "cli.js"))) throw error;
    }
    removeStale(key);
  }
  built = dir;
  return dir;
}

/** argv prefix that starts one of the built entries with this Node. */
export function sourceBuildArgv(entry: keyof typeof ENTRIES): string[] {
  return [process.execPath, path.join(sourceBuild(), `${entry}.js`)];
}
