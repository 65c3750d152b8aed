import * as core from "@actions/core";

export async function runAction(): Promise<void> {
  core.info("wave action");
}
