/**
 * The real Mermaid parser (npm `mermaid`) in Node. Mermaid sanitises diagram titles with DOMPurify,
 * which has no DOM here and then lacks `addHook`/`sanitize`; the shim below makes those two the
 * identity. It only affects HTML sanitising of labels, not the gantt grammar or its date handling.
 */
export interface ParsedTask {
  name: string;
  section: string;
  start: number;
  end: number;
  done: boolean;
  crit: boolean;
}

export interface ParsedGantt {
  title: string;
  dateFormat: string;
  axisFormat: string;
  tasks: ParsedTask[];
}

type Purify = { addHook?: unknown; sanitize?: unknown };
type Task = { task: string; section: string; startTime: Date; endTime: Date; done?: boolean; crit?: boolean };
type GanttDb = {
  getDiagramTitle(): string;
  getDateFormat(): string;
  getAxisFormat(): string;
  getTasks(): Task[];
};
type MermaidApi = {
  parse(text: string): Promise<unknown>;
  mermaidAPI: { getDiagramFromText(text: string): Promise<{ type: string; db: GanttDb }> };
};

let loaded: Promise<MermaidApi> | null = null;

async function load(): Promise<MermaidApi> {
  const purify = ((await import("dompurify")) as unknown as { default: Purify }).default;
  purify.addHook ??= () => {};
  purify.sanitize ??= (s: unknown) => String(s);
  return ((await import("mermaid")) as unknown as { default: MermaidApi }).default;
}

/** Parses with mermaid's own grammar, then compiles the tasks with its gantt database (dates included). */
export async function parseGantt(text: string): Promise<ParsedGantt> {
  loaded ??= load();
  const mermaid = await loaded;
  await mermaid.parse(text); // throws on a syntax error
  const diagram = await mermaid.mermaidAPI.getDiagramFromText(text);
  if (diagram.type !== "gantt") throw new Error(`not a gantt diagram: ${diagram.type}`);
  const db = diagram.db;
  const tasks = db.getTasks().map((t) => ({
    name: t.task.trim(),
    section: t.section,
    start: t.startTime.getTime(),
    end: t.endTime.getTime(),
    done: !!t.done,
    crit: !!t.crit,
  }));
  for (const t of tasks) {
    if (!Number.isFinite(t.start) || !Number.isFinite(t.end)) throw new Error(`task ${t.name} has an invalid date`);
  }
  return { title: db.getDiagramTitle(), dateFormat: db.getDateFormat(), axisFormat: db.getAxisFormat(), tasks };
}

/** The bodies of every ```mermaid block of a markdown document. */
export function mermaidBlocks(markdown: string): string[] {
  const out: string[] = [];
  const re = /^(`{3,})mermaid\n([\s\S]*?)\n\1$/gm;
  for (const m of markdown.matchAll(re)) out.push(m[2]!);
  return out;
}
