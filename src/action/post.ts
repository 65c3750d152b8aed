import * as core from "@actions/core";

export async function runPost(): Promise<void> {
  core.info("wave post");
}
