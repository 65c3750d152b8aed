/**
 * Agent sub-sections (`### Role prompts`, `### Capabilities`, `### Components`, `### Exit contract`,
 * `### Deliverables`, `### Proof artifacts`, `### Skills`, `### Prompt`) and the `File ownership`
 * list inside the prompt.
 */
import { bulletsOf, errorAt, type ListContext, keyValuesOf, pipeFieldsOf, warnAt } from "./bullets.js";
import type { ScannedMarkdown } from "./markdown.js";
import { fenceContent } from "./markdown.js";
import { normalizeRelPath, repoPathProblem } from "./repo-paths.js";
import type { ExitContract, ProofArtifact } from "./schema.js";
import { MATURITY_LEVELS } from "./schema.js";
import { preview, type Section } from "./structure.js";
import { ID_PATTERN } from "./wave-sections.js";
import { stripMatchingQuotes, stripOuterQuoteChars } from "./words.js";

const stripAllQuotes = (v: string) => v.replace(/[`"']/g, "").trim();

export interface PathItem {
  path: string;
  line: number;
  column: number;
}

/** `- <path>` lists (deliverables): repository-relative file paths, unique. */
export function parsePathList(section: Section, ctx: ListContext, what: string): PathItem[] {
  const out: PathItem[] = [];
  const seen = new Set<string>();
  for (const b of bulletsOf(section, ctx, what)) {
    const p = normalizeRelPath(stripAllQuotes(b.value));
    const problem = repoPathProblem(p);
    if (problem) {
      errorAt(ctx, b.n, `${what} "${preview(b.value)}" ${problem}`, b.column);
      continue;
    }
    if (seen.has(p)) {
      errorAt(ctx, b.n, `duplicate ${what} "${preview(p)}"`, b.column);
      continue;
    }
    seen.add(p);
    out.push({ path: p, line: b.n, column: b.column });
  }
  return out;
}

/** `- <path>` role prompt list: `.md` files inside the repository (and inside `requiredDir` when given). */
export function parseRolePrompts(section: Section, ctx: ListContext, requiredDir: string | null): PathItem[] {
  const out: PathItem[] = [];
  const seen = new Set<string>();
  const bullets = bulletsOf(section, ctx, "role prompt entry");
  if (bullets.length === 0 && !section.body.some((l) => l.text.trim() !== "")) {
    errorAt(ctx, section.line, `"### Role prompts" lists no role prompt paths`);
  }
  for (const b of bullets) {
    const p = normalizeRelPath(stripAllQuotes(b.value));
    const problem = repoPathProblem(p);
    if (problem) {
      errorAt(ctx, b.n, `role prompt path "${preview(b.value)}" ${problem}`, b.column);
      continue;
    }
    if (!/\.md$/i.test(p)) {
      errorAt(ctx, b.n, `role prompt path "${preview(p)}" must be a .md file`, b.column);
      continue;
    }
    const dir = requiredDir === null ? null : normalizeRelPath(requiredDir).replace(/\/+$/, "");
    if (dir !== null && !p.startsWith(`${dir}/`)) {
      errorAt(ctx, b.n, `role prompt path "${preview(p)}" must stay within ${dir}/*.md`, b.column);
      continue;
    }
    if (seen.has(p)) continue;
    seen.add(p);
    out.push({ path: p, line: b.n, column: b.column });
  }
  return out;
}

/** `- <id>` lists (capabilities, components): lowercase ids, unique. */
export function parseIdList(section: Section, ctx: ListContext, what: string): string[] {
  const out: string[] = [];
  for (const b of bulletsOf(section, ctx, what)) {
    const id = b.value.trim();
    if (!ID_PATTERN.test(id)) {
      errorAt(ctx, b.n, `invalid ${what} "${preview(id, 60)}" (lowercase letters, digits, ".", "_", "-")`, b.column);
      continue;
    }
    if (out.includes(id)) {
      errorAt(ctx, b.n, `duplicate ${what} "${id}"`, b.column);
      continue;
    }
    out.push(id);
  }
  return out;
}

/** `- <skill-id>` (quotes removed, lowercased), unique. */
export function parseSkills(section: Section, ctx: ListContext): string[] {
  const out: string[] = [];
  for (const b of bulletsOf(section, ctx, "skill entry")) {
    const id = stripAllQuotes(b.value).toLowerCase();
    if (!ID_PATTERN.test(id)) {
      errorAt(ctx, b.n, `invalid skill id "${preview(b.value, 60)}" (must match ${ID_PATTERN})`, b.column);
      continue;
    }
    if (out.includes(id)) {
      errorAt(ctx, b.n, `duplicate skill "${id}"`, b.column);
      continue;
    }
    out.push(id);
  }
  return out;
}

const EXIT_KEYS: Record<string, keyof ExitContract> = {
  completion: "completion",
  durability: "durability",
  proof: "proof",
  "doc-impact": "docImpact",
  docimpact: "docImpact",
};

/** `- completion: …`, `- durability: …`, `- proof: …`, `- doc-impact: …`; null when all empty. */
export function parseExitContract(section: Section, ctx: ListContext): ExitContract | null {
  const c: ExitContract = { completion: null, durability: null, proof: null, docImpact: null };
  for (const kv of keyValuesOf(section, ctx, "Exit contract setting", false)) {
    const field = EXIT_KEYS[kv.key.toLowerCase()];
    if (!field) {
      warnAt(
        ctx,
        kv.n,
        `unknown Exit contract setting "${kv.key}" is ignored (known: completion, durability, proof, doc-impact)`,
        kv.column,
      );
      continue;
    }
    c[field] = stripMatchingQuotes(kv.value);
  }
  return c.completion || c.durability || c.proof || c.docImpact ? c : null;
}

const MATURITY = new Set<string>(MATURITY_LEVELS);

/** `- <path>` or `- path: <p> | kind: <k> | required-for: <level>[,<level>]`. */
export function parseProofArtifacts(section: Section, ctx: ListContext): (ProofArtifact & { line: number; column: number })[] {
  const out: (ProofArtifact & { line: number; column: number })[] = [];
  const seen = new Set<string>();
  for (const b of bulletsOf(section, ctx, "proof artifact entry")) {
    let artifact: ProofArtifact;
    if (!b.value.includes("|") && !/^(?:path|kind|required-for)\s*:/i.test(b.value)) {
      artifact = { path: normalizeRelPath(stripAllQuotes(b.value)), kind: null, requiredFor: [] };
    } else {
      const fields = pipeFieldsOf(b, ctx, "proof artifact", stripOuterQuoteChars);
      if (!fields) continue;
      if (!fields.path) {
        errorAt(ctx, b.n, `proof artifact entry must include path`, b.column);
        continue;
      }
      const levels = (fields["required-for"] ?? "")
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean);
      const unknown = levels.filter((l) => !MATURITY.has(l));
      if (unknown.length > 0) {
        errorAt(ctx, b.n, `invalid maturity level "${preview(unknown[0]!, 40)}" (one of: ${MATURITY_LEVELS.join(", ")})`, b.column);
        continue;
      }
      artifact = { path: normalizeRelPath(fields.path), kind: fields.kind?.trim() || null, requiredFor: levels };
    }
    const problem = repoPathProblem(artifact.path);
    if (problem) {
      errorAt(ctx, b.n, `proof artifact "${preview(artifact.path)}" ${problem}`, b.column);
      continue;
    }
    if (artifact.path.endsWith("/")) {
      errorAt(ctx, b.n, `proof artifact "${preview(artifact.path)}" must be a file path, not a directory path`, b.column);
      continue;
    }
    if (seen.has(artifact.path)) {
      errorAt(ctx, b.n, `duplicate proof artifact "${preview(artifact.path)}"`, b.column);
      continue;
    }
    seen.add(artifact.path);
    out.push({ ...artifact, line: b.n, column: b.column });
  }
  return out;
}

export interface PromptBlock {
  text: string;
  /** First content line of the fence. */
  line: number;
  /** Line of each content line, for ownership diagnostics. */
  lines: { n: number; text: string }[];
}

/** The first fenced block inside `### Prompt`, or null (reported). */
export function parsePrompt(section: Section, ctx: ListContext, scanned: ScannedMarkdown): PromptBlock | null {
  const first = section.body[0]?.n ?? section.line + 1;
  const last = section.body[section.body.length - 1]?.n ?? section.line;
  const fence = scanned.fences.find((f) => f.open >= first && f.open <= last);
  if (!fence) {
    errorAt(ctx, section.line, `"### Prompt" has no fenced prompt block (put the prompt between \`\`\` lines)`);
    return null;
  }
  const lines: { n: number; text: string }[] = [];
  for (let n = fence.first; n <= fence.last; n++) lines.push({ n, text: scanned.lines[n - 1]!.text });
  return { text: fenceContent(scanned, fence).trim(), line: fence.first, lines };
}

const OWNERSHIP_START = /^\s*File ownership\b/i;
const LABEL_LINE = /^\s*[A-Za-z][A-Za-z0-9 _/-]*:\s*$/;

export interface OwnedPaths {
  paths: PathItem[];
  /** Line of the `File ownership` label (0 when absent). */
  labelLine: number;
}

/**
 * The `File ownership` list in the prompt: starts at a line beginning `File ownership`, collects
 * `- <path>` bullets (quotes/backticks removed, deduplicated) and ends at the next `Label:` line.
 * Paths that escape the repository are reported.
 */
export function extractOwnedPaths(prompt: PromptBlock, ctx: ListContext): OwnedPaths {
  const paths: PathItem[] = [];
  const seen = new Set<string>();
  let inList = false;
  let labelLine = 0;
  for (const l of prompt.lines) {
    if (OWNERSHIP_START.test(l.text)) {
      inList = true;
      if (!labelLine) labelLine = l.n;
      continue;
    }
    if (inList && l.text.length < 200 && LABEL_LINE.test(l.text)) inList = false;
    if (!inList) continue;
    const t = l.text.trimStart();
    if (!(t.startsWith("-") && (t[1] === " " || t[1] === "\t"))) continue;
    const cleaned = stripAllQuotes(t.slice(1));
    if (!cleaned) continue;
    const p = normalizeRelPath(cleaned);
    const column = l.text.length - t.length + 3;
    const problem = repoPathProblem(p);
    if (problem) {
      errorAt(ctx, l.n, `owned path "${preview(cleaned)}" ${problem}`, column);
      continue;
    }
    if (seen.has(p)) continue;
    seen.add(p);
    paths.push({ path: p, line: l.n, column });
  }
  return { paths, labelLine };
}
