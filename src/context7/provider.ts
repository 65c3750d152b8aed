/**
 * Context7 documentation context for agents' prompts.
 *
 * Selection: an agent's `### Context7` (bundle, query) over the wave's `## Context7 defaults`. A
 * bundle names libraries in the lane's bundle index (`paths.context7BundleIndexPath`, default
 * `docs/context7/bundles.json`):
 *
 *   { "bundles": { "none": { "libraries": [] },
 *                  "web": { "libraries": [ { "libraryId": "/vercel/next.js", "queryHint": "routing" },
 *                                          { "libraryName": "react" } ] } } }
 *
 * Bundle `none` (or no bundle) fetches nothing. A library given by name is first resolved to an id
 * (`GET <base>/v2/libs/search?libraryName=…&query=…`, the first result); its documentation comes from
 * `GET <base>/v2/context?libraryId=…&query=…` (plain text), the query being the selection's query,
 * else the library's `queryHint`, else the library itself. Every request carries
 * `Authorization: Bearer $CONTEXT7_API_KEY`; `WAVE_CONTEXT7_URL` replaces the base URL
 * (default https://context7.com/api).
 *
 * Without CONTEXT7_API_KEY nothing is fetched and the run says so once. A failed fetch is a
 * warning, never a failed run. What is fetched is redacted (the run's secret values), cut to
 * `maxChars` in all (12 000 by default, shared between the bundle's libraries), and cached in the
 * state directory (`context7-cache/<sha256>.json`, 24 hours) so that attempts and resumes reuse it.
 */
import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { errorMessage } from "../errors.js";
import { writeJsonAtomic } from "../state/json-files.js";
import type { Context7Selection } from "../wave/schema.js";

const CONTEXT7_API_KEY_ENV = "CONTEXT7_API_KEY";
const CONTEXT7_URL_ENV = "WAVE_CONTEXT7_URL";
const DEFAULT_CONTEXT7_URL = "https://context7.com/api";
export const CONTEXT7_MAX_CHARS = 12_000;
const CONTEXT7_CACHE_TTL_MS = 24 * 60 * 60 * 1000;
const CONTEXT7_CACHE_DIR = "context7-cache";
/** Largest response body read from the service (bytes). */
const MAX_RESPONSE_BYTES = 512 * 1024;
const REQUEST_TIMEOUT_MS = 20_000;

const LibrarySchema = z
  .object({
    libraryId: z.string().min(1).optional(),
    libraryName: z.string().min(1).optional(),
    queryHint: z.string().optional(),
  })
  .refine((l) => l.libraryId !== undefined || l.libraryName !== undefined, "a library needs libraryId or libraryName");
type Context7Library = z.infer<typeof LibrarySchema>;

const BundleIndexSchema = z.object({
  bundles: z.record(z.string(), z.object({ libraries: z.array(LibrarySchema).default([]) }).passthrough()),
});

export interface Context7Options {
  /** Repository root (the bundle index path is relative to it). */
  root: string;
  bundleIndexPath: string;
  /** Where the cache directory goes (the run's state directory). */
  stateDir: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Redacts what the service returned before it is cached or used. */
  redact: (text: string) => string;
  now: () => Date;
  onWarning: (message: string) => void;
  maxChars?: number;
}

export interface Context7Provider {
  /** The documentation text for an agent (null: nothing selected, no key, or nothing fetched). */
  forAgent(agent: { agentId: string; context7: Context7Selection | null }, waveDefaults: Context7Selection | null): Promise<string | null>;
}

/** The agent's own selection over the wave's defaults, field by field. */
export function effectiveSelection(own: Context7Selection | null, defaults: Context7Selection | null): Context7Selection | null {
  const bundle = own?.bundle ?? defaults?.bundle ?? null;
  const query = own?.query ?? defaults?.query ?? null;
  return bundle === null && query === null ? null : { bundle, query };
}

/** Cuts text to `max` characters at a line end where one is near. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, Math.max(0, max - 14));
  const nl = head.lastIndexOf("\n");
  return `${nl > max / 2 ? head.slice(0, nl) : head}\n… (cut)`;
}

async function readBody(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
    if (size > MAX_RESPONSE_BYTES) {
      await reader.cancel();
      break;
    }
  }
  return Buffer.concat(chunks).toString("utf8").slice(0, MAX_RESPONSE_BYTES);
}

export function createContext7Provider(options: Context7Options): Context7Provider {
  const apiKey = options.env[CONTEXT7_API_KEY_ENV]?.trim() ?? "";
  const base = (options.env[CONTEXT7_URL_ENV]?.trim() || DEFAULT_CONTEXT7_URL).replace(/\/+$/, "");
  const maxChars = options.maxChars ?? CONTEXT7_MAX_CHARS;
  const cacheDir = path.join(options.stateDir, CONTEXT7_CACHE_DIR);
  let warnedNoKey = false;
  let index: Promise<Record<string, Context7Library[]> | null> | null = null;
  const memo = new Map<string, Promise<string | null>>();

  const readIndex = async (): Promise<Record<string, Context7Library[]> | null> => {
    const file = path.join(options.root, options.bundleIndexPath);
    let raw: string;
    try {
      raw = await fs.readFile(file, "utf8");
    } catch {
      options.onWarning(`Context7: the bundle index ${options.bundleIndexPath} cannot be read; no documentation is fetched`);
      return null;
    }
    try {
      const parsed = BundleIndexSchema.parse(JSON.parse(raw));
      return Object.fromEntries(Object.entries(parsed.bundles).map(([id, b]) => [id, b.libraries]));
    } catch (error) {
      options.onWarning(
        `Context7: the bundle index ${options.bundleIndexPath} is not valid (${error instanceof Error ? error.message.split("\n")[0] : String(error)}); no documentation is fetched`,
      );
      return null;
    }
  };

  const get = async (pathAndQuery: string): Promise<string> => {
    const response = await fetch(`${base}${pathAndQuery}`, {
      headers: { Authorization: `Bearer ${apiKey}`, Accept: "text/plain, application/json" },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = await readBody(response);
    if (!response.ok) throw new Error(`HTTP ${response.status} from ${pathAndQuery.split("?")[0]}`);
    return body;
  };

  const resolveId = async (library: Context7Library, query: string): Promise<string | null> => {
    if (library.libraryId) return library.libraryId;
    const params = new URLSearchParams({ libraryName: library.libraryName ?? "", query });
    const parsed: unknown = JSON.parse(await get(`/v2/libs/search?${params}`));
    const list = Array.isArray(parsed) ? parsed : ((parsed as { results?: unknown[] } | null)?.results ?? []);
    const first = list.find((r): r is { id: string } => typeof (r as { id?: unknown } | null)?.id === "string");
    return first?.id ?? null;
  };

  /** One library's documentation for a query: from the cache when fresh, else fetched and cached. */
  const libraryText = async (library: Context7Library, query: string, budget: number): Promise<string | null> => {
    const key = createHash("sha256")
      .update(JSON.stringify({ base, id: library.libraryId ?? null, name: library.libraryName ?? null, query, budget }))
      .digest("hex");
    const file = path.join(cacheDir, `${key}.json`);
    try {
      const cached = JSON.parse(await fs.readFile(file, "utf8")) as { fetchedAt?: string; text?: unknown };
      const age = options.now().getTime() - Date.parse(cached.fetchedAt ?? "");
      if (typeof cached.text === "string" && age >= 0 && age < CONTEXT7_CACHE_TTL_MS) return cached.text;
    } catch {
      // Not cached (or unreadable): fetch it.
    }
    const id = await resolveId(library, query);
    if (id === null) {
      options.onWarning(`Context7: no library found for "${library.libraryName}"`);
      return null;
    }
    const params = new URLSearchParams({ libraryId: id, query });
    const text = cut(options.redact((await get(`/v2/context?${params}`)).trim()), budget);
    const labelled = `### ${id}${query ? ` — ${query}` : ""}\n\n${text}`;
    await writeJsonAtomic(file, { fetchedAt: options.now().toISOString(), libraryId: id, query, text: labelled }).catch(() => undefined);
    return labelled;
  };

  const fetchSelection = async (selection: Context7Selection): Promise<string | null> => {
    index ??= readIndex();
    const bundles = await index;
    if (bundles === null || selection.bundle === null) return null;
    const libraries = bundles[selection.bundle];
    if (!libraries) {
      options.onWarning(`Context7: bundle "${selection.bundle}" is not in ${options.bundleIndexPath}; no documentation is fetched for it`);
      return null;
    }
    if (libraries.length === 0) return null;
    const budget = Math.max(200, Math.floor(maxChars / libraries.length) - 2);
    const parts: string[] = [];
    for (const library of libraries) {
      const query = selection.query ?? library.queryHint ?? library.libraryName ?? library.libraryId ?? "";
      try {
        const text = await libraryText(library, query, budget);
        if (text) parts.push(text);
      } catch (error) {
        const what = library.libraryId ?? library.libraryName;
        options.onWarning(`Context7: fetching ${what} failed (${options.redact(errorMessage(error))}); the agents run without it`);
      }
    }
    return parts.length > 0 ? cut(parts.join("\n\n"), maxChars) : null;
  };

  return {
    async forAgent(agent, waveDefaults) {
      const selection = effectiveSelection(agent.context7, waveDefaults);
      if (selection === null || selection.bundle === null || selection.bundle === "none") return null;
      if (apiKey === "") {
        if (!warnedNoKey) {
          warnedNoKey = true;
          options.onWarning(
            `Context7: ${CONTEXT7_API_KEY_ENV} is not set, so the wave's Context7 selections are not fetched; the agents run without that documentation`,
          );
        }
        return null;
      }
      const key = JSON.stringify(selection);
      let pending = memo.get(key);
      if (!pending) {
        pending = fetchSelection(selection);
        memo.set(key, pending);
      }
      return pending;
    },
  };
}
