/**
 * Finding the wave files of a lane: `wave-<n>.md` in the lane's waves directory, numeric order.
 */
import fs from "node:fs";
import path from "node:path";
import { DiagnosticSink, WaveInputError } from "./diagnostics.js";
import type { Diagnostic } from "./schema.js";

interface WaveFileRef {
  wave: number;
  /** Repository-relative path (forward slashes). */
  file: string;
  abs: string;
}

export interface Discovery {
  files: WaveFileRef[];
  diagnostics: Diagnostic[];
}

const WAVE_FILE_PATTERN = /^wave-(\d+)\.md$/;
/** A name discovery reads (or reports) as a wave file, directly in a waves directory: a definition the run pins. */
export const WAVE_DEFINITION_NAME = /^wave-[^/]*\.md$/i;

/**
 * Lists the wave files in `wavesDir` (repository-relative). Throws WaveInputError (exit 2) when
 * the directory is missing or holds no wave file at all. Misnamed files (`wave-1a.md`,
 * `Wave-2.md`), duplicate numbers (`wave-1.md` + `wave-01.md`) and non-files are errors; other
 * `wave-*.md` names are ignored with a warning; gaps in the numbering are warnings.
 */
export function discoverWaveFiles(root: string, wavesDir: string): Discovery {
  const dirAbs = path.join(root, wavesDir);
  const sink = new DiagnosticSink(wavesDir);
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dirAbs, { withFileTypes: true });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    sink.error(
      0,
      code === "ENOENT"
        ? `waves directory not found: ${wavesDir}`
        : code === "ENOTDIR"
          ? `${wavesDir} is not a directory`
          : `cannot read waves directory ${wavesDir}: ${code}`,
    );
    throw new WaveInputError(sink.items);
  }
  const files: WaveFileRef[] = [];
  const byNumber = new Map<number, string>();
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const name = entry.name;
    const rel = `${wavesDir}/${name}`;
    const fileSink = new DiagnosticSink(rel);
    const m = WAVE_FILE_PATTERN.exec(name);
    if (!m) {
      if (/^wave-\d.*\.md$/i.test(name)) {
        fileSink.error(0, `invalid wave file name "${name}": wave files are named wave-<number>.md (e.g. wave-3.md)`);
      } else if (/^wave-.*\.md$/i.test(name)) {
        fileSink.warning(0, `"${name}" is not a wave file (wave files are named wave-<number>.md) and is ignored`);
      }
      sink.items.push(...fileSink.items);
      continue;
    }
    const wave = Number(m[1]);
    if (!Number.isSafeInteger(wave)) {
      fileSink.error(0, `wave number in "${name}" is too large`);
      sink.items.push(...fileSink.items);
      continue;
    }
    const abs = path.join(dirAbs, name);
    let isFile = false;
    try {
      isFile = fs.statSync(abs).isFile();
    } catch {
      isFile = false;
    }
    if (!isFile) {
      fileSink.error(0, `${rel} is not a regular file`);
      sink.items.push(...fileSink.items);
      continue;
    }
    const other = byNumber.get(wave);
    if (other !== undefined) {
      fileSink.error(0, `wave ${wave} is defined twice (${other} and ${name})`);
      sink.items.push(...fileSink.items);
      continue;
    }
    byNumber.set(wave, name);
    files.push({ wave, file: rel, abs });
  }
  files.sort((a, b) => a.wave - b.wave);
  if (files.length === 0) {
    sink.error(0, `no wave files found in ${wavesDir} (expected files named wave-<number>.md)`);
    throw new WaveInputError(sink.items);
  }
  for (let i = 1; i < files.length; i++) {
    const prev = files[i - 1]!.wave;
    const cur = files[i]!.wave;
    if (cur > prev + 1) {
      const missing = cur - prev === 2 ? `${prev + 1}` : `${prev + 1}-${cur - 1}`;
      sink.warning(0, `wave numbers skip ${missing} (between ${files[i - 1]!.file} and ${files[i]!.file})`);
    }
  }
  return { files, diagnostics: sink.items };
}
