/**
 * How this process can start the `wave` CLI again (for the local executor, the tmux viewer and
 * the agents' `wave` command): the same Node binary, the same loader flags, the same entry file.
 * Bare loader specifiers (`--import tsx`) are made absolute, because the child may run in a
 * directory from which they do not resolve.
 */
import path from "node:path";

function absoluteSpecifier(spec: string): string {
  if (spec.startsWith(".") || spec.startsWith("/") || /^[a-z]+:/i.test(spec)) return spec;
  try {
    return import.meta.resolve(spec);
  } catch {
    return spec;
  }
}

export function selfCliArgv(): string[] {
  const entry = process.argv[1] ? path.resolve(process.argv[1]) : "";
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
