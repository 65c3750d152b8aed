/**
 * Which names an archive entry may have: relative paths that stay inside the extraction directory.
 * Rejects absolute paths, drive letters, backslashes, `.`/`..` and empty segments, NUL bytes.
 */

export class UnsafePathError extends Error {
  constructor(
    readonly entryName: string,
    reason: string,
  ) {
    super(`unsafe path ${JSON.stringify(entryName)}: ${reason}`);
    this.name = "UnsafePathError";
  }
}

/**
 * The entry's path relative to the extraction directory, `/`-separated, without a trailing slash.
 * Throws UnsafePathError for any name that could escape or is ambiguous.
 */
export function safeEntryPath(name: string): string {
  if (name.length === 0) throw new UnsafePathError(name, "empty name");
  if (name.includes("\0")) throw new UnsafePathError(name, "contains a NUL byte");
  if (name.includes("\\")) throw new UnsafePathError(name, "contains a backslash");
  if (name.startsWith("/")) throw new UnsafePathError(name, "absolute path");
  if (/^[A-Za-z]:/.test(name)) throw new UnsafePathError(name, "drive letter");
  const trimmed = name.endsWith("/") ? name.slice(0, -1) : name;
  const segments = trimmed.split("/");
  for (const segment of segments) {
    if (segment === "") throw new UnsafePathError(name, "empty path segment");
    if (segment === "..") throw new UnsafePathError(name, "parent directory segment");
    if (segment === ".") throw new UnsafePathError(name, "current directory segment");
  }
  return segments.join("/");
}
