/**
 * Claude Code `--settings`: the configured settings file as-is, or, when inline settings, hooks or
 * allowed hook URLs are given, one merged file `<overlay>/claude-settings.json`:
 *   base file (claude.settings) ⊕ claude.settings_json ⊕ {hooks: claude.hooks_json}
 *   ⊕ {allowedHttpHookUrls: base ∪ claude.allowed_http_hook_urls}
 * The merged file is marked sensitive: inline JSON may hold credentials.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { UserError, errorMessage } from "../../errors.js";
import { overlayPath, unique } from "../common.js";
import { deepMerge, isJsonObject, type JsonObject } from "../json-merge.js";
import type { ExecutorContext, OverlayFile } from "../types.js";

const CLAUDE_SETTINGS_FILE = "claude-settings.json";

export interface ClaudeSettingsPlan {
  argv: string[];
  file: OverlayFile | null;
}

function readBaseSettings(ctx: ExecutorContext, settingsPath: string): JsonObject {
  const abs = path.resolve(ctx.root, settingsPath);
  const read = ctx.readFile ?? ((p: string) => readFileSync(p, "utf8"));
  let parsed: unknown;
  try {
    parsed = JSON.parse(read(abs));
  } catch (error) {
    throw new UserError(`agent ${ctx.agent.agentId}: claude.settings file ${settingsPath} cannot be merged: ${errorMessage(error)}`);
  }
  if (!isJsonObject(parsed)) {
    throw new UserError(`agent ${ctx.agent.agentId}: claude.settings file ${settingsPath} must hold a JSON object`);
  }
  return parsed;
}

export function claudeSettingsPlan(ctx: ExecutorContext): ClaudeSettingsPlan {
  const claude = ctx.executor.claude;
  const urls = unique(claude.allowedHttpHookUrls ?? []);
  const inline = claude.settingsJson !== undefined || claude.hooksJson !== undefined || urls.length > 0;
  if (!inline) return { argv: claude.settings ? ["--settings", claude.settings] : [], file: null };
  const base = claude.settings ? readBaseSettings(ctx, claude.settings) : {};
  const baseUrls = Array.isArray(base.allowedHttpHookUrls)
    ? base.allowedHttpHookUrls.filter((u): u is string => typeof u === "string")
    : [];
  const merged = deepMerge(
    base,
    claude.settingsJson,
    claude.hooksJson !== undefined ? { hooks: claude.hooksJson } : null,
    urls.length > 0 ? { allowedHttpHookUrls: unique([...baseUrls, ...urls]) } : null,
  );
  const file: OverlayFile = {
    path: overlayPath(ctx, CLAUDE_SETTINGS_FILE),
    content: `${JSON.stringify(merged, null, 2)}\n`,
    sensitive: true,
  };
  return { argv: ["--settings", file.path], file };
}
