/**
 * Mermaid `gantt` text with epoch-millisecond dates (`dateFormat x`). Every name that reaches the
 * diagram is reduced to characters the gantt lexer reads as plain task text: no `:` (starts the task
 * data), `#` and `%` (comments), `;` (statement end), no line breaks, and no leading keyword.
 */

export type GanttTag = "done" | "crit" | "active" | "milestone";

export interface GanttTask {
  name: string;
  /** Epoch ms. */
  start: number;
  /** Epoch ms; a bar shorter than one second is drawn one second long so that it stays visible. */
  end: number;
  tags?: GanttTag[];
}

export interface GanttSection {
  name: string;
  tasks: GanttTask[];
}

export interface GanttChart {
  title?: string;
  sections: GanttSection[];
  /** d3 time format of the axis, default `%H:%M:%S`. */
  axisFormat?: string;
}

export interface RenderedGantt {
  /** The diagram text (without the ``` fence). */
  text: string;
  tasks: number;
  /** Tasks left out to stay under `maxChars`. */
  omittedTasks: number;
}

/** Mermaid's default `maxTextSize` is 50 000 characters; stay well below it. */
export const DEFAULT_GANTT_MAX_CHARS = 45_000;
const GANTT_NAME_MAX = 64;
/**
 * A bar is never shorter than this: a task that took no measurable time still gets a bar (Mermaid
 * drops zero-length ones) without being drawn longer than it took by more than a millisecond.
 */
const MIN_BAR_MS = 1;

// Words the gantt lexer matches before task text (case-insensitive), and date-looking starts.
const RESERVED_START =
  /^(gantt|dateformat|inclusiveenddates|topaxis|axisformat|tickinterval|includes|excludes|todaymarker|weekday|weekend|title|acctitle|accdescr|accdescription|section|click|call|href|displaymode|\d{4}-\d{2}-\d{2})/i;

/**
 * Reduces text to a safe gantt name: letters, digits, spaces and `-_.,()/+'` only (everything else
 * becomes a space), collapsed, cut to `max` characters, never empty, never starting with a keyword.
 */
export function sanitizeGanttText(text: string, max = GANTT_NAME_MAX): string {
  let s = text
    .normalize("NFC")
    .replace(/[^\p{L}\p{N} _.,()/+'-]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  const points = Array.from(s);
  if (points.length > max) s = points.slice(0, max).join("").trimEnd();
  if (s === "") s = "unnamed";
  if (RESERVED_START.test(s)) s = `- ${s}`;
  return s;
}

function taskLine(task: GanttTask): string {
  const start = Math.round(task.start);
  const end = Math.max(Math.round(task.end), start + MIN_BAR_MS);
  const tags = (task.tags ?? []).filter((t, i, all) => all.indexOf(t) === i);
  const data = [...tags, String(start), String(end)].join(", ");
  return `    ${sanitizeGanttText(task.name)} :${data}`;
}

/** Renders the chart; tasks that would push the text past `maxChars` are left out (counted). */
export function renderGantt(chart: GanttChart, maxChars = DEFAULT_GANTT_MAX_CHARS): RenderedGantt {
  const head = ["gantt"];
  if (chart.title) head.push(`    title ${sanitizeGanttText(chart.title, 120)}`);
  head.push("    dateFormat x", `    axisFormat ${chart.axisFormat ?? "%H:%M:%S"}`, "    todayMarker off");
  const lines = [...head];
  let size = head.join("\n").length;
  let tasks = 0;
  let omitted = 0;
  for (const section of chart.sections) {
    const valid = section.tasks.filter((t) => Number.isFinite(t.start) && Number.isFinite(t.end));
    omitted += section.tasks.length - valid.length;
    if (valid.length === 0) continue;
    const header = `    section ${sanitizeGanttText(section.name)}`;
    let headerWritten = false;
    for (const task of valid) {
      const line = taskLine(task);
      const extra = line.length + 1 + (headerWritten ? 0 : header.length + 1);
      if (size + extra > maxChars) {
        omitted++;
        continue;
      }
      if (!headerWritten) {
        lines.push(header);
        headerWritten = true;
      }
      lines.push(line);
      size += extra;
      tasks++;
    }
  }
  return { text: lines.join("\n"), tasks, omittedTasks: omitted };
}
