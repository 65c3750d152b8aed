import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Diagnostic } from "../../src/wave/schema.js";

export const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "waves");
export const EXAMPLES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "examples");

/** A temporary repository with the given files; remove it with `cleanup()`. */
export function tempRepo(
  files: Record<string, string | Uint8Array> = {},
  from?: string,
): { root: string; cleanup: () => void; write: (rel: string, content: string | Uint8Array) => void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "wave-model-"));
  if (from) fs.cpSync(from, root, { recursive: true });
  const write = (rel: string, content: string | Uint8Array) => {
    const abs = path.join(root, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, content);
  };
  for (const [rel, content] of Object.entries(files)) write(rel, content);
  return { root, cleanup: () => fs.rmSync(root, { recursive: true, force: true }), write };
}

export interface AgentSpec {
  id: string;
  title?: string;
  sections?: Record<string, string[] | string>;
  prompt?: string;
  owned?: string[];
}

/** Builds an agent block in the reference's style. */
export function agent(spec: AgentSpec): string {
  const out = [`## Agent ${spec.id}: ${spec.title ?? `Agent ${spec.id}`}`, ""];
  for (const [name, body] of Object.entries(spec.sections ?? {})) {
    out.push(`### ${name}`, "", ...(Array.isArray(body) ? body : [body]), "");
  }
  const owned = spec.owned ?? [`src/${spec.id.toLowerCase()}.js`];
  out.push(
    "### Prompt",
    "",
    "```text",
    spec.prompt ?? `Work of ${spec.id}.`,
    "",
    "File ownership (only touch these paths):",
    ...owned.map((o) => `- ${o}`),
    "```",
    "",
  );
  return out.join("\n");
}

export function waveText(n: number, parts: string[], header: string[] = []): string {
  return [`# Wave ${n} - Test wave`, "", ...header, ...parts].join("\n");
}

export const errorsOf = (ds: Diagnostic[]) => ds.filter((d) => d.severity !== "warning");
export const warningsOf = (ds: Diagnostic[]) => ds.filter((d) => d.severity === "warning");
export const messages = (ds: Diagnostic[]) => ds.map((d) => `${d.line}: ${d.message}`);

/** Asserts helper: finds a diagnostic whose message contains `text` (and line when given). */
export function find(ds: Diagnostic[], text: string, line?: number): Diagnostic | undefined {
  return ds.find((d) => d.message.includes(text) && (line === undefined || d.line === line));
}
