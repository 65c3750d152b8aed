/**
 * The committed bundle's source maps (scripts/build.mjs): the bundle is minified, and the maps lead
 * its positions back to our own sources (src/) so that a stack trace read with
 * --enable-source-maps names them; the packages' code is left unmapped and no map carries source
 * text. Read here with the same decoder the build writes them with.
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { decode } from "@jridgewell/sourcemap-codec";
import { REPO_ROOT } from "../helpers/cli.js";

const DIST = path.join(REPO_ROOT, "dist");
const chunks = readdirSync(DIST).filter((f) => f.endsWith(".js"));

interface SourceMap {
  version: number;
  sources: string[];
  names: string[];
  mappings: string;
  sourcesContent?: unknown;
}

function mapOf(chunk: string): SourceMap | undefined {
  const file = path.join(DIST, `${chunk}.map`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as SourceMap) : undefined;
}

/**
 * Where the generated position of `text` leads, in every chunk holding it: a module two lazily
 * loaded chunks share is written into both (webpack runs it once, from whichever loads first).
 */
function originsOf(text: string): { chunk: string; source: string; line: number }[] {
  const found = chunks.flatMap((chunk) => {
    const code = readFileSync(path.join(DIST, chunk), "utf8");
    const at = code.indexOf(text);
    return at < 0 ? [] : [{ chunk, code, at }];
  });
  assert.ok(found.length > 0, `"${text}" is in a chunk`);
  return found.map(({ chunk, code, at }) => {
    const before = code.slice(0, at).split("\n");
    const line = before.length - 1;
    const column = before[line]!.length;
    const map = mapOf(chunk);
    assert.ok(map, `${chunk} has a map`);
    const segments = decode(map.mappings)[line] ?? [];
    const segment = segments.filter((s) => s[0] <= column).pop();
    assert.ok(segment && segment.length >= 4, `a mapped segment precedes "${text}" in ${chunk}`);
    return { chunk, source: map.sources[segment[1]!]!, line: segment[2]! + 1 };
  });
}

test("every chunk with a map links it, every map belongs to a chunk, and maps name only our sources, without their text", () => {
  let mapped = 0;
  for (const chunk of chunks) {
    const code = readFileSync(path.join(DIST, chunk), "utf8");
    const link = /\n\/\/# sourceMappingURL=(.+)\n?$/.exec(code)?.[1];
    const map = mapOf(chunk);
    assert.equal(link, map ? `${chunk}.map` : undefined, chunk);
    if (!map) continue;
    mapped++;
    assert.equal(map.version, 3);
    assert.equal(map.sourcesContent, undefined, `${chunk}.map carries no source text`);
    assert.ok(map.sources.length > 0);
    for (const source of map.sources) {
      assert.match(source, /^\.\.\/src\/.+\.ts$/, `${chunk}.map names ${source}`);
      assert.ok(existsSync(path.join(DIST, source)), `${source} (from ${chunk}.map) exists`);
    }
    // Every segment points into the sources and names it declares.
    for (const line of decode(map.mappings)) {
      for (const s of line) {
        if (s.length === 1) continue;
        assert.ok(s[1]! < map.sources.length && (s.length < 5 || s[4]! < map.names.length), `${chunk}.map segment in range`);
      }
    }
  }
  for (const file of readdirSync(DIST).filter((f) => f.endsWith(".map"))) {
    assert.ok(chunks.includes(file.slice(0, -".map".length)), `${file} belongs to a chunk`);
  }
  assert.ok(mapped >= 2, `the entry and the chunks of our code have maps (${mapped})`);
  // The bundle is minified: the entry is a handful of long lines, not one line per statement.
  const entry = readFileSync(path.join(DIST, "index.js"), "utf8");
  assert.ok(entry.split("\n").length < 20, `dist/index.js has ${entry.split("\n").length} lines`);
});

test("a position in the minified bundle leads back to the line of our source that wrote it", () => {
  // Messages of the action's post step, the CLI and the wave reader, each written by one line of
  // one source file, deep in its file (a map that named the file but counted the lines of the
  // compiled JavaScript, without the types, would be tens of lines off there).
  const cases: [string, string][] = [
    ["repository root not found: ", "../src/wave/project.ts"],
    ["no wave run to save", "../src/action/post.ts"],
    ["give --wave N or --waves, not both", "../src/cli/run.ts"],
  ];
  for (const [text, source] of cases) {
    for (const origin of originsOf(text)) {
      assert.equal(origin.source, source, `${text} (${origin.chunk})`);
      const lines = readFileSync(path.join(DIST, source), "utf8").split("\n");
      const expected = lines.findIndex((l) => l.includes(text.trim())) + 1;
      assert.ok(expected > 30, `${source}: the message is on line ${expected}`);
      assert.equal(origin.line, expected, `${text} (${origin.chunk}): ${source}:${origin.line} is "${lines[origin.line - 1]}"`);
    }
  }
});
