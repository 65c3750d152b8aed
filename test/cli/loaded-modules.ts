/**
 * Which of the repository's modules a process loads: runs a Node entry (from sources, through tsx)
 * with a module hook that records every module it resolves, and returns them as paths relative to
 * the repository (`src/cli/main.ts`, `node_modules/zod/...`), with the process's exit and output.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { REPO_ROOT } from "../helpers/cli.js";

const RECORDER = `import { registerHooks } from "node:module";
import { writeFileSync } from "node:fs";
const seen = new Set();
registerHooks({
  resolve(specifier, context, next) {
    const r = next(specifier, context);
    if (r.url.startsWith("file:")) seen.add(r.url);
    return r;
  },
});
process.on("exit", () => writeFileSync(process.env.WAVE_TEST_LOADED_FILE, JSON.stringify([...seen])));
`;

export interface LoadedRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Repository-relative paths of the modules loaded, sorted. */
  modules: string[];
}

export function loadedModules(entry: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<LoadedRun> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "wave-loaded-"));
  const recorder = path.join(dir, "recorder.mjs");
  const out = path.join(dir, "loaded.json");
  writeFileSync(recorder, RECORDER);
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", import.meta.resolve("tsx"), "--import", recorder, path.join(REPO_ROOT, entry), ...args],
      {
        cwd: dir,
        env: { PATH: process.env.PATH ?? "", ...env, WAVE_TEST_LOADED_FILE: out },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => {
      try {
        const urls = JSON.parse(readFileSync(out, "utf8")) as string[];
        const modules = urls.map((u) => path.relative(REPO_ROOT, new URL(u).pathname)).sort();
        resolve({ code, stdout, stderr, modules });
      } catch (error) {
        reject(new Error(`${entry} ${args.join(" ")}: no record of its modules (${String(error)}); stderr: ${stderr}`));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

/** The loaded modules under `src/` (without the prefix). */
export function sourceModules(run: LoadedRun): string[] {
  return run.modules.filter((m) => m.startsWith("src/")).map((m) => m.slice(4));
}
