/**
 * Role prompt files (`docs/agents/wave-*-role.md`): the fenced block after `## Standing prompt`.
 */
import fs from "node:fs";
import path from "node:path";
import { fenceContent, scanMarkdown } from "./markdown.js";
import { realpathInside } from "./repo-paths.js";
import { preview } from "./preview.js";
import { decodeTextFile } from "./text.js";

export type StandingPrompt = { ok: true; text: string } | { ok: false; error: string };

/** Reads role prompt files once per load; keyed by repository-relative path. */
export type RolePromptCache = Map<string, StandingPrompt>;

/** Extracts the standing prompt from a role prompt document's text. */
function extractStandingPrompt(text: string, relPath: string): StandingPrompt {
  const scanned = scanMarkdown(text);
  const heading = scanned.lines.find((l) => l.heading?.level === 2 && l.heading.text === "Standing prompt");
  if (!heading) return { ok: false, error: `role prompt ${relPath} has no "## Standing prompt" section` };
  const fence = scanned.fences.find((f) => f.open > heading.n);
  if (!fence) return { ok: false, error: `role prompt ${relPath} has no fenced block after "## Standing prompt"` };
  if (fence.close === null)
    return { ok: false, error: `role prompt ${relPath}: the fenced block opened at line ${fence.open} is never closed` };
  return { ok: true, text: fenceContent(scanned, fence).trim() };
}

/** Loads (and caches) the standing prompt of `relPath` under `root`. */
export function loadStandingPrompt(root: string, relPath: string, cache: RolePromptCache): StandingPrompt {
  const cached = cache.get(relPath);
  if (cached) return cached;
  const result = readStandingPrompt(root, relPath);
  cache.set(relPath, result);
  return result;
}

function readStandingPrompt(root: string, relPath: string): StandingPrompt {
  const abs = path.join(root, relPath);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(abs);
  } catch {
    return { ok: false, error: `role prompt ${preview(relPath)} does not exist` };
  }
  if (!stat.isFile()) return { ok: false, error: `role prompt ${relPath} is not a file` };
  if (!realpathInside(root, abs)) return { ok: false, error: `role prompt ${relPath} resolves outside the repository` };
  const decoded = decodeTextFile(fs.readFileSync(abs), `role prompt ${relPath}`);
  if (!decoded.ok) return { ok: false, error: decoded.problem.message };
  return extractStandingPrompt(decoded.text, relPath);
}
