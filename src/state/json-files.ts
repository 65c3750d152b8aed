/**
 * Reading and writing state files: atomic JSON writes, schema-checked reads with clear messages.
 * Directories are made with bounded tries (state/mkdir.ts): a path that cannot be made fails with
 * a message naming it instead of retrying forever. A write that finds the disk full uses the
 * space the run reserved for its final records (state/reserve.ts).
 */
import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { errorMessage, UserError } from "../errors.js";
import { makeDirectory } from "./mkdir.js";
import { withReserve } from "./reserve.js";

/** Writes JSON (2-space, trailing newline) to a temp file in the same directory, then renames. */
export async function writeJsonAtomic(file: string, value: unknown): Promise<void> {
  await writeTextAtomic(file, `${JSON.stringify(value, null, 2)}\n`);
}

export async function writeTextAtomic(file: string, text: string): Promise<void> {
  const tmp = `${file}.tmp.${process.pid}.${randomBytes(4).toString("hex")}`;
  try {
    // A full disk: the run's reserved space (state/reserve.ts) is given back and the write tried again.
    await withReserve(
      async () => {
        await makeDirectory(path.dirname(file));
        await fs.writeFile(tmp, text);
        await fs.rename(tmp, file);
      },
      () => fs.rm(tmp, { force: true }),
    );
  } catch (error) {
    await fs.rm(tmp, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    // A full or read-only disk is the environment's problem: say which file, without a stack.
    if (code && STORAGE_ERRORS.has(code)) throw new UserError(`cannot write ${file}: ${errorMessage(error)}`, 2);
    throw error;
  }
}

const STORAGE_ERRORS = new Set(["ENOSPC", "EDQUOT", "EROFS", "EACCES", "EPERM", "EFBIG"]);

export type ReadResult<T> = { ok: true; value: T } | { ok: false; missing: boolean; message: string };

/**
 * Reads a JSON file and checks it against a schema. Never throws: a missing, unreadable,
 * truncated or foreign file comes back as a message naming the file and the problem.
 */
export async function readJsonChecked<S extends z.ZodType>(file: string, schema: S, label: string): Promise<ReadResult<z.infer<S>>> {
  let text: string;
  try {
    text = await fs.readFile(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, missing: code === "ENOENT", message: `${label} ${file} cannot be read (${code ?? "error"})` };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const why = errorMessage(error);
    return { ok: false, missing: false, message: `${label} ${file} is not valid JSON (${why})` };
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join(".")}` : "";
    return {
      ok: false,
      missing: false,
      message: `${label} ${file} does not match its schema${where}: ${issue?.message ?? "invalid"}`,
    };
  }
  return { ok: true, value: parsed.data };
}
