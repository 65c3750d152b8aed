/** Minimal glob support for artifact paths and name patterns: *, **, ? and leading ! excludes. */
import { readdir, stat } from "node:fs/promises";
import path from "node:path";

export function globToRegExp(pattern: string): RegExp {
  let out = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === "*") {
      if (pattern[i + 1] === "*") {
        i++;
        if (pattern[i + 1] === "/") {
          i++;
          out += "(?:.*/)?";
        } else out += ".*";
      } else out += "[^/]*";
    } else if (c === "?") out += "[^/]";
    else out += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${out}$`);
}

export const hasGlob = (p: string) => /[*?[]/.test(p);

/** The part of a pattern before its first segment with a wildcard. */
export function globBase(pattern: string): string {
  const parts = pattern.split("/");
  const i = parts.findIndex(hasGlob);
  return i < 0 ? pattern : parts.slice(0, i).join("/") || "/";
}

export async function walkFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walkFiles(full)));
    else if (entry.isFile() || (entry.isSymbolicLink() && (await stat(full).catch(() => undefined))?.isFile())) out.push(full);
  }
  return out;
}
