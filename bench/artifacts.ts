/**
 * Artifact store benchmark: a wave state directory with 100 MB of agent logs (10 MB with quick)
 * uploaded and downloaded through the real @actions/artifact client against the local Actions
 * harness (Azurite + emulated results service), and through the local directory store.
 *
 *   node --import tsx bench/artifacts.ts [--quick]
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { collectFiles } from "../src/artifacts/file-tree.js";
import { GithubArtifactStore } from "../src/artifacts/github-store.js";
import { LocalArtifactStore } from "../test/helpers/local-store.js";
import { artifactName } from "../src/artifacts/naming.js";
import type { ArtifactStore } from "../src/artifacts/types.js";
import { applyEnv, startActionsHarness } from "../test/harness/index.js";
import { muteStdoutText } from "../test/harness/quiet.js";
import type { BenchResult } from "./figure.js";

const MB = 1024 * 1024;
const AGENTS = 8;

/** Deterministic, log-like text (timestamps, agent ids, tool calls, hashes): compresses like real logs. */
function logChunk(seed: number, bytes: number): Buffer {
  let x = seed >>> 0 || 1;
  const rand = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 0x100000000;
  };
  const verbs = ["read_file", "write_file", "run_tests", "grep", "apply_patch", "think", "list_dir"];
  const parts: string[] = [];
  let size = 0;
  let t = Date.UTC(2025, 0, 1);
  while (size < bytes) {
    t += Math.floor(rand() * 2000);
    const verb = verbs[Math.floor(rand() * verbs.length)];
    const hash = Math.floor(rand() * 0xffffffff)
      .toString(16)
      .padStart(8, "0");
    const line = `${new Date(t).toISOString()} [A${seed}] ${verb} path=src/module${Math.floor(rand() * 200)}/file${Math.floor(rand() * 50)}.ts bytes=${Math.floor(rand() * 100_000)} sha=${hash}${rand() < 0.1 ? ` note="${"retrying after transient error ".repeat(1 + Math.floor(rand() * 3))}"` : ""}\n`;
    parts.push(line);
    size += line.length;
  }
  return Buffer.from(parts.join("")).subarray(0, bytes);
}

async function writeState(root: string, logBytes: number): Promise<void> {
  await mkdir(path.join(root, "feedback"), { recursive: true });
  await writeFile(path.join(root, "result.json"), JSON.stringify({ schemaVersion: 1, status: "failed" }));
  await writeFile(path.join(root, "progress.json"), JSON.stringify({ agents: {} }));
  await writeFile(path.join(root, "coordination.jsonl"), '{"kind":"note"}\n'.repeat(1000));
  for (let i = 1; i <= AGENTS; i++) {
    const dir = path.join(root, "agents", `A${i}`);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, "agent.log"), logChunk(i, Math.floor(logBytes / AGENTS)));
    await writeFile(path.join(dir, "status.json"), JSON.stringify({ code: 0 }));
    await writeFile(path.join(dir, "prompt.md"), "# Prompt\n".repeat(200));
  }
}

async function measure(store: ArtifactStore, name: string, root: string, dest: string) {
  const { files } = await collectFiles(root);
  let t = performance.now();
  const up = await store.upload(name, root, files);
  const uploadMs = performance.now() - t;
  const info = (await store.list()).find((a) => a.name === name);
  if (!info) throw new Error(`uploaded artifact ${name} not listed`);
  t = performance.now();
  await store.download(info, dest);
  const downloadMs = performance.now() - t;
  return { uploadMs, downloadMs, size: up.size };
}

export async function benchArtifacts({ quick }: { quick: boolean }): Promise<BenchResult[]> {
  const logBytes = (quick ? 10 : 100) * MB;
  const work = await mkdtemp(path.join(os.tmpdir(), "bench-artifacts-"));
  const muted = muteStdoutText();
  const harness = await startActionsHarness();
  let restore: (() => void) | null = null;
  try {
    const root = path.join(work, "state");
    await writeState(root, logBytes);
    const ctx = harness.jobEnv({ runId: 1, jobId: "bench" });
    restore = applyEnv(ctx.env);
    const name = artifactName({ prefix: "wave", lane: "main", wave: 1, runAttempt: 1, suffix: "bench" });
    const github = new GithubArtifactStore();
    await github.list(); // loads the client, so its import time is not counted as upload time
    const gh = await measure(github, name, root, path.join(work, "gh-dest"));
    const local = await measure(new LocalArtifactStore(path.join(work, "local-store")), name, root, path.join(work, "local-dest"));
    return [
      { name: "artifacts.state_logs_mb", value: logBytes / MB, unit: "MB" },
      { name: "artifacts.github.upload", value: Math.round(gh.uploadMs), unit: "ms" },
      { name: "artifacts.github.download", value: Math.round(gh.downloadMs), unit: "ms" },
      { name: "artifacts.github.size", value: Number((gh.size / MB).toFixed(2)), unit: "MB" },
      { name: "artifacts.local.upload", value: Math.round(local.uploadMs), unit: "ms" },
      { name: "artifacts.local.download", value: Math.round(local.downloadMs), unit: "ms" },
    ];
  } finally {
    restore?.();
    await harness.stop();
    muted.restore();
    await rm(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const quick = process.argv.includes("--quick");
  benchArtifacts({ quick }).then(
    (results) => {
      for (const r of results) console.log(`${r.name.padEnd(28)} ${String(r.value).padStart(10)} ${r.unit}`);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
