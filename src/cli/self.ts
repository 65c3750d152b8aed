/**
 * How this process can start the `wave` CLI again (for the local executor, the tmux viewer and
 * the agents' `wave` command): the same Node binary, the same loader flags, the same entry file.
 * Bare loader specifiers (`--import tsx`) are made absolute, because the child may run in a
 * directory from which they do not resolve.
 *
 * Also where the CLI's own package is: the entry file with symlinks resolved (an installed `wave`
 * is a symlink in the prefix's bin/ to dist/cli/index.js inside the package), and the version
 * from the package's package.json (`wave --version`), read at run time so it never differs from
 * the package that is installed. And how to show the user a command line that runs it again.
 */
import { readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import type { CliIo } from "./io.js";

/** The package name in package.json; the nearest package.json with this name is the CLI's own. */
const PACKAGE_NAME = "wave-action";

/** The CLI's entry file (bundle: dist/cli/index.js; sources: src/cli.ts), symlinks resolved. */
export function cliEntryFile(argv1: string | undefined = process.argv[1]): string {
  const entry = path.resolve(argv1 ?? ".");
  try {
    return realpathSync(entry);
  } catch {
    return entry;
  }
}

/**
 * The version in the package.json of the CLI's package: the nearest package.json named
 * `wave-action` above the entry file (dist/cli/package.json and dist/package.json only set the
 * module type and are passed over). `unknown` when there is none, e.g. a copy of dist/ alone.
 */
export function cliVersion(): string {
  let dir = path.dirname(cliEntryFile());
  for (let i = 0; i < 6; i++) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { name?: unknown; version?: unknown };
      if (pkg.name === PACKAGE_NAME && typeof pkg.version === "string") return pkg.version;
    } catch {
      // No package.json here, or not JSON: look further up.
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return "unknown";
}

function absoluteSpecifier(spec: string): string {
  if (spec.startsWith(".") || spec.startsWith("/") || /^[a-z]+:/i.test(spec)) return spec;
  try {
    return import.meta.resolve(spec);
  } catch {
    return spec;
  }
}

/**
 * How to start this CLI again: the Node binary, its loader flags and the entry file by its real
 * path (a `node_modules/.bin/wave` link, a global install's link), so that what is protected from
 * agents (src/engine/services.ts, `ownFilesInside`) is the package that really runs.
 */
export function selfCliArgv(): string[] {
  const entry = process.argv[1] ? cliEntryFile(process.argv[1]) : "";
  const flags: string[] = [];
  const exec = process.execArgv;
  for (let i = 0; i < exec.length; i++) {
    const a = exec[i]!;
    if (a.startsWith("--test")) continue;
    if ((a === "--import" || a === "--loader") && exec[i + 1] !== undefined) {
      flags.push(a, absoluteSpecifier(exec[i + 1]!));
      i++;
      continue;
    }
    const m = /^(--import|--loader)=(.*)$/.exec(a);
    flags.push(m ? `${m[1]}=${absoluteSpecifier(m[2]!)}` : a);
  }
  return [process.execPath, ...flags, entry];
}

/** A path as one shell word (quoted only when it needs to be). */
export function shellWord(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replaceAll("'", "'\\''")}'`;
}

/**
 * How the user can run this CLI again from `io.cwd`: `wave` when a `wave` on PATH is this CLI
 * (an installed package), the path it was started by when that is an installed `wave` not on
 * PATH, else the Node command line that runs it (`node dist/cli/index.js`).
 */
export function cliCommandLine(io: Pick<CliIo, "env" | "cwd">): string {
  const entry = cliEntryFile();
  for (const dir of (io.env.PATH ?? "").split(path.delimiter)) {
    if (!dir) continue;
    try {
      if (realpathSync(path.join(dir, "wave")) === entry) return "wave";
    } catch {
      // No `wave` in this directory.
    }
  }
  const invoked = process.argv[1] ? path.resolve(process.argv[1]) : "";
  if (path.basename(invoked) === "wave") return shellWord(invoked);
  const [, ...flags] = selfCliArgv();
  const file = flags.pop() ?? entry;
  const relative = path.relative(io.cwd, file);
  const shown = relative && !relative.startsWith("..") ? relative : file;
  return ["node", ...flags, shown].map(shellWord).join(" ");
}
