/** Cuts long user input for messages: diagnostics quote input, they never repeat megabytes of it. */
export function preview(text: string, max = 80): string {
  const t = text.length > max * 4 ? text.slice(0, max * 4).trim() : text.trim();
  return t.length <= max ? t : `${t.slice(0, max - 1)}…`;
}
