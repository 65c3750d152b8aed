/**
 * The space a run reserves for its final records: written in full (random bytes), used only once
 * armed, and only for a write that found the disk full; given back once, and never twice.
 */
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { armReserve, holdReserve, isDiskFull, RESERVE_BYTES, releaseReserve, withReserve } from "../../src/state/reserve.js";

function enospc(): NodeJS.ErrnoException {
  return Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
}

test("the reserve file holds RESERVE_BYTES that do not compress away (no repeated 128 KiB block)", async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "wave-reserve-"));
  try {
    const file = path.join(dir, "space-reserve.bin");
    assert.equal(await holdReserve(file), true);
    const bytes = readFileSync(file);
    assert.equal(bytes.length, RESERVE_BYTES);
    assert.notDeepEqual(bytes.subarray(0, 128 * 1024), bytes.subarray(128 * 1024, 256 * 1024));
    assert.ok(bytes.subarray(0, 4096).some((b) => b !== 0));
    await releaseReserve(file);
    assert.equal(existsSync(file), false);
    assert.equal(await holdReserve(path.join(dir, "missing", "space-reserve.bin")), false, "a reserve that cannot be written is reported");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a write that finds the disk full uses an armed reserve once; unarmed, or another error, it fails", async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "wave-reserve-"));
  try {
    const file = path.join(dir, "space-reserve.bin");
    await holdReserve(file, 1024);
    let tries = 0;
    const fullOnce = async () => {
      tries++;
      if (tries === 1) throw enospc();
      return "written";
    };
    // Not armed (agents may still run): the full disk is reported, the reserve kept.
    await assert.rejects(withReserve(fullOnce), /ENOSPC/);
    assert.ok(existsSync(file));

    armReserve(file);
    await assert.rejects(
      withReserve(async () => {
        throw Object.assign(new Error("EACCES"), { code: "EACCES" });
      }),
      /EACCES/,
    );
    assert.ok(existsSync(file), "only a full disk gives the space back");

    tries = 0;
    let undone = 0;
    const r = await withReserve(fullOnce, async () => {
      undone++;
    });
    assert.equal(r, "written");
    assert.equal(tries, 2);
    assert.equal(undone, 1, "the failed try is cleaned up first");
    assert.equal(existsSync(file), false, "the space was given back");

    // Given back: a second full disk is an error.
    tries = 0;
    await assert.rejects(withReserve(fullOnce), /ENOSPC/);
    assert.equal(isDiskFull(Object.assign(new Error(), { code: "EDQUOT" })), true);
    assert.equal(isDiskFull(null), false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
