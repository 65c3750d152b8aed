/**
 * Starts Azurite's blob emulator (the `azurite` dev dependency) as a child process on a free loopback
 * port, with a temporary data directory and a random account key, and stops it again.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), "azurite-child.cjs");
const READY = /successfully listens on (https?:\/\/\S+)/;

export interface AzuriteOptions {
  /** Storage account name (default: a random one). */
  accountName?: string;
  /** Base64 account key (default: 32 random bytes). */
  accountKey?: string;
  /** Data directory (default: a new temporary directory, removed by stop()). */
  location?: string;
  /** Milliseconds to wait for the emulator to listen (default 30 s). */
  startTimeoutMs?: number;
  /** Keep Azurite's access log on stdout (default false: --silent). */
  accessLog?: boolean;
}

export interface Azurite {
  /** e.g. http://127.0.0.1:40123 */
  origin: string;
  /** Blob endpoint of the account: `${origin}/${accountName}`. */
  blobEndpoint: string;
  accountName: string;
  /** Base64 key; SAS tokens are signed with it. */
  accountKey: string;
  location: string;
  pid: number;
  /** Everything the emulator printed (for diagnosing a failed start). */
  output(): string;
  stop(): Promise<void>;
}

export async function startAzurite(options: AzuriteOptions = {}): Promise<Azurite> {
  const accountName = options.accountName ?? `acct${randomBytes(4).toString("hex")}`;
  const accountKey = options.accountKey ?? randomBytes(32).toString("base64");
  const ownLocation = options.location === undefined;
  const location = options.location ?? (await mkdtemp(path.join(os.tmpdir(), "azurite-")));
  const args = [
    CHILD,
    "--blobHost",
    "127.0.0.1",
    "--blobPort",
    "0",
    "--location",
    location,
    "--loose",
    "--skipApiVersionCheck",
    "--disableTelemetry",
    "--disableProductStyleUrl",
  ];
  if (!options.accessLog) args.push("--silent");
  const child = spawn(process.execPath, args, {
    cwd: location,
    env: { ...minimalEnv(), AZURITE_ACCOUNTS: `${accountName}:${accountKey}` },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  let output = "";
  child.stdout?.setEncoding("utf8");
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (d: string) => (output += d));

  let origin: string;
  try {
    origin = await waitForReady(child, options.startTimeoutMs ?? 30_000, (d) => (output += d));
  } catch (error) {
    await killChild(child);
    if (ownLocation) await rm(location, { recursive: true, force: true });
    throw new Error(`Azurite did not start: ${(error as Error).message}\n${output}`);
  }
  let stopped: Promise<void> | null = null;
  return {
    origin,
    blobEndpoint: `${origin}/${accountName}`,
    accountName,
    accountKey,
    location,
    pid: child.pid ?? -1,
    output: () => output,
    stop() {
      stopped ??= (async () => {
        await killChild(child);
        if (ownLocation) await rm(location, { recursive: true, force: true });
      })();
      return stopped;
    },
  };
}

function waitForReady(child: ChildProcess, timeoutMs: number, onData: (d: string) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => finish(new Error(`no "listens on" line within ${timeoutMs} ms`)), timeoutMs);
    const onOut = (d: string) => {
      onData(d);
      seen += d;
      const m = READY.exec(seen);
      if (m?.[1]) finish(null, new URL(m[1]).origin);
    };
    const onExit = (code: number | null, signal: string | null) => finish(new Error(`exited early (code ${code}, signal ${signal})`));
    function finish(error: Error | null, value?: string) {
      clearTimeout(timer);
      child.off("exit", onExit);
      // Keep draining stdout so the emulator never blocks on a full pipe.
      child.stdout?.off("data", onOut);
      child.stdout?.on("data", onData);
      if (error) reject(error);
      else resolve(value as string);
    }
    child.stdout?.on("data", onOut);
    child.once("exit", onExit);
  });
}

async function killChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  if (child.connected) child.disconnect();
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 3000);
  await exited;
  clearTimeout(timer);
}

function minimalEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of ["PATH", "HOME", "TMPDIR", "LANG"]) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }
  return env;
}
