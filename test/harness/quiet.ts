/**
 * Silences the log lines an Actions library prints to stdout when it is used in-process
 * (`::debug::`, "Uploading artifact ..."). Only string writes are held back: the test runner's
 * own protocol on a test file's stdout is written as bytes and passes through.
 */
export interface Muted {
  /** The silenced text, for diagnosing a failure. */
  text(): string;
  restore(): void;
}

export function muteStdoutText(): Muted {
  const original = process.stdout.write;
  let captured = "";
  const replacement = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]): boolean {
    if (typeof chunk === "string") {
      captured = (captured + chunk).slice(-200_000);
      const callback = rest.find((r) => typeof r === "function") as (() => void) | undefined;
      callback?.();
      return true;
    }
    return (original as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  };
  process.stdout.write = replacement as typeof process.stdout.write;
  return {
    text: () => captured,
    restore() {
      process.stdout.write = original;
    },
  };
}
