/**
 * What the closure sweep of one wave requires, from the lane settings.
 */
import { closureStageOf } from "./roles.js";
import type { ClosurePolicy, ClosureStage, LaneSettings, ModeThresholds, WaveDefinition } from "./schema.js";
import { CLOSURE_STAGES } from "./schema.js";

type Mode = ClosurePolicy["gateMode"];

/** bootstrap / standard / strict for a wave number (thresholds are made monotonic). */
export function modeForWave(wave: number, t: ModeThresholds): Mode {
  const standard = Math.max(t.bootstrap, t.standard);
  const strict = Math.max(standard, t.strict);
  if (wave >= strict) return "strict";
  if (wave >= standard) return "standard";
  return "bootstrap";
}

const active = (threshold: number | null, wave: number) => threshold !== null && wave >= threshold;

/**
 * Without a config: nothing is required, gates run strict, no auto-closure. With a config:
 * cont-QA is always required; integration and documentation from their thresholds; cont-EVAL
 * when the wave has a cont-EVAL agent; security when it has security reviewers; modes from
 * `gateModeThresholds` / `closureModeThresholds`.
 */
export function closurePolicyFor(wave: WaveDefinition, lane: LaneSettings | null): ClosurePolicy {
  if (!lane?.hasConfig) {
    return {
      hasConfig: false,
      requiredStages: [],
      gateMode: "strict",
      closureMode: "strict",
      autoClosure: {
        allowInferredIntegration: false,
        allowAutoDocNoChange: false,
        allowAutoDocProjection: false,
        allowSkipContQaInBootstrap: false,
      },
      requireComponentPromotions: false,
    };
  }
  const v = lane.validation;
  const present = new Set(wave.agents.map((a) => closureStageOf(a, lane.roles)).filter((s): s is ClosureStage => s !== null));
  const required = new Set<ClosureStage>(["cont-qa"]);
  if (active(v.requireIntegrationStewardFromWave, wave.wave)) required.add("integration");
  if (active(v.requireDocumentationStewardFromWave, wave.wave)) required.add("documentation");
  if (present.has("cont-eval")) required.add("cont-eval");
  if (present.has("security")) required.add("security");
  return {
    hasConfig: true,
    requiredStages: CLOSURE_STAGES.filter((s) => required.has(s)),
    gateMode: modeForWave(wave.wave, v.gateModeThresholds),
    closureMode: modeForWave(wave.wave, v.closureModeThresholds),
    autoClosure: { ...v.autoClosure },
    requireComponentPromotions: active(v.requireComponentPromotionsFromWave, wave.wave),
  };
}
