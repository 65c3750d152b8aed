/**
 * Wave validation. Rules that always apply (both modes), and the reference's rules driven by the
 * thresholds of wave.config.json when a config exists. Every problem is collected.
 *
 * `validate` agrees with `run`: every gate failure readable from the files alone (the closure
 * module's `staticGateFailures`: an E0 without eval targets, a report-less closure agent, a
 * required stage nobody holds, an exit contract level that does not exist, a stale component
 * matrix nobody may update, …) is an error here, so a wave that validates is never failed by a
 * gate for a reason no agent can change.
 */
import type { WaveRoles } from "../closure/types.js";
import { type StaticGateInputs, staticGateFailures } from "../closure/static.js";
import fs from "node:fs";
import path from "node:path";
import { type BenchmarkCatalog, type ComponentMatrix, type Loaded, loadBenchmarkCatalog, loadComponentMatrix } from "./catalogs.js";
import { ROLE_REQUIREMENTS } from "../signals/markers-doc.js";
import { MARKERS } from "../signals/vocabulary.js";
import { DiagnosticSink } from "./diagnostics.js";
import { overrideSections } from "./executor-settings.js";
import { closurePolicyFor } from "./closure-policy.js";
import { isCoveredBy, normalizeRelPath } from "./repo-paths.js";
import { agentRequiresProofCentricValidation } from "./resolve-executor.js";
import { findAdapter } from "../executors/registry.js";
import {
  closureStageOf,
  closureStagesOf,
  contEvalReportPath,
  contQaReportPath,
  designPacketPath,
  isContEvalImplementationOwning,
  isContEvalReportOnly,
  isContQaAgent,
  isDesignAgent,
  isDocsOnlyDesignAgent,
  isDocumentationSteward,
  isImplementationOwning,
  isImplementationOwningDesignAgent,
  isIntegrationSteward,
  isSecurityReviewer,
  reportPathFor,
  securityReportPath,
} from "./roles.js";
import type {
  AgentDefinition,
  ClosureStage,
  Diagnostic,
  ExecutorId,
  LaneSettings,
  ResolvedExecutor,
  RoleBindings,
  WaveDefinition,
} from "./schema.js";
import { COMPLETION_LEVELS, DOC_IMPACT_LEVELS, DURABILITY_LEVELS, PROOF_LEVELS } from "./schema.js";

export interface ValidationContext {
  lane: LaneSettings;
  root: string;
  /** Resolved executors by agent id (agents whose resolution failed are absent). */
  resolved: ReadonlyMap<string, ResolvedExecutor>;
  /** Shared across waves of one load: the matrix and catalog are read once. */
  cache: CatalogCache;
}

export interface CatalogCache {
  matrix?: Loaded<ComponentMatrix>;
  catalog?: Loaded<BenchmarkCatalog>;
  /** Problems with the catalogs themselves, reported once (not per wave). */
  reported: Set<string>;
}

export function newCatalogCache(): CatalogCache {
  return { reported: new Set() };
}

const STAGE_LABEL: Record<ClosureStage, string> = {
  "cont-eval": "cont-EVAL",
  security: "security review",
  integration: "integration",
  documentation: "documentation",
  "cont-qa": "cont-QA",
};

const waveLine = (wave: WaveDefinition) => wave.sectionLines?.Title ?? 1;
const sectionLine = (agent: AgentDefinition, name: string) => agent.sectionLines[name] ?? agent.line;

/* ------------------------------------------------------------------ rules for every wave */

function commonRules(wave: WaveDefinition, ctx: ValidationContext, sink: DiagnosticSink): void {
  const roles = ctx.lane.roles;
  if (wave.agents.length === 0) {
    sink.error(waveLine(wave), `Wave ${wave.wave} declares no agents (add a "## Agent <id>: <title>" section)`);
  }
  const seen = new Map<string, number>();
  for (const a of wave.agents) {
    const first = seen.get(a.agentId);
    if (first !== undefined) sink.error(a.line, `Agent id ${a.agentId} is used twice (first at line ${first})`, { agentId: a.agentId });
    else seen.set(a.agentId, a.line);
  }
  for (const a of wave.agents) {
    const id = a.executor.id;
    if (id) {
      const others = overrideSections(a.executor).filter((s) => s !== id);
      if (others.length > 0) {
        sink.error(
          sectionLine(a, "Executor"),
          `Agent ${a.agentId} declares executor=${id} but also sets ${others.map((s) => `${s}.*`).join(", ")} settings`,
          { agentId: a.agentId },
        );
      }
    }
    const stages = closureStagesOf(a, roles);
    if (stages.length > 1) {
      sink.error(a.line, `Agent ${a.agentId} must not hold more than one closure role (${stages.map((s) => STAGE_LABEL[s]).join(", ")})`, {
        agentId: a.agentId,
      });
    }
  }
  const holders = new Map<ClosureStage, AgentDefinition[]>();
  for (const a of wave.agents) {
    const stage = closureStageOf(a, roles);
    if (stage && stage !== "security") holders.set(stage, [...(holders.get(stage) ?? []), a]);
  }
  for (const [stage, agents] of holders) {
    if (agents.length > 1) {
      sink.error(
        agents[1]!.line,
        `Wave ${wave.wave} has more than one ${STAGE_LABEL[stage]} agent (${agents.map((a) => a.agentId).join(", ")}); a closure role is held by one agent`,
        { agentId: agents[1]!.agentId },
      );
    }
  }
}

/* ------------------------------------------------------------------ lenient-mode hints */

function lenientHints(wave: WaveDefinition, ctx: ValidationContext, sink: DiagnosticSink): void {
  const roles = ctx.lane.roles;
  for (const a of wave.agents) {
    // The lane's cont-QA and cont-EVAL agents are checked as the gates will (gateRules).
    if (isContQaAgent(a, roles) && !contQaReportPath(a) && closureStageOf(a, roles) === "cont-qa" && a.agentId !== roles.contQaAgentId) {
      sink.warning(
        a.line,
        `Agent ${a.agentId} (cont-QA) owns no report file (an owned path like docs/plans/waves/reviews/wave-${wave.wave}-cont-qa.md)`,
        {
          agentId: a.agentId,
        },
      );
    }
    // The gates run cont-QA and cont-EVAL under the lane's ids only: another holder would never run.
    for (const [stage, laneId] of [
      ["cont-qa", roles.contQaAgentId],
      ["cont-eval", roles.contEvalAgentId],
    ] as const) {
      if (closureStageOf(a, roles) === stage && a.agentId !== laneId && !wave.agents.some((x) => x.agentId === laneId)) {
        sink.error(
          a.line,
          `Agent ${a.agentId} imports the ${STAGE_LABEL[stage]} role prompt, but the lane's ${STAGE_LABEL[stage]} agent is ${laneId}; as it is, ${a.agentId} would never run (rename it, or set roles.${stage === "cont-qa" ? "contQaAgentId" : "contEvalAgentId"} in wave.config.json)`,
          { agentId: a.agentId },
        );
      }
    }
    if (a.exitContract) {
      for (const problem of exitContractProblems(a))
        sink.error(sectionLine(a, "Exit contract"), `Agent ${a.agentId} has an invalid exit contract: ${problem}`, { agentId: a.agentId });
    }
  }
}

function exitContractProblems(agent: AgentDefinition): string[] {
  const c = agent.exitContract;
  // Stryker disable next-line ArrayDeclaration: unreachable, every caller passes an agent with an exit contract
  if (!c) return [];
  const out: string[] = [];
  const check = (name: string, value: string | null, allowed: readonly string[]) => {
    if (value === null || !allowed.includes(value))
      out.push(`${name} must be one of ${allowed.join(", ")}${value ? ` (got "${value}")` : ""}`);
  };
  check("completion", c.completion, COMPLETION_LEVELS);
  check("durability", c.durability, DURABILITY_LEVELS);
  check("proof", c.proof, PROOF_LEVELS);
  check("doc-impact", c.docImpact, DOC_IMPACT_LEVELS);
  return out;
}

/* ------------------------------------------------------------------ rules from wave.config.json */

const active = (threshold: number | null, wave: number) => threshold !== null && wave >= threshold;

function loadMatrix(ctx: ValidationContext, sink: DiagnosticSink): ComponentMatrix | null {
  ctx.cache.matrix ??= loadComponentMatrix(ctx.root, ctx.lane.paths.componentCutoverMatrixJsonPath);
  const m = ctx.cache.matrix;
  if (m.ok) return m.value;
  if (!ctx.cache.reported.has(m.error)) {
    ctx.cache.reported.add(m.error);
    const catalogSink = new DiagnosticSink(ctx.lane.paths.componentCutoverMatrixJsonPath);
    catalogSink.error(0, m.error);
    sink.items.push(...catalogSink.items);
  }
  return null;
}

function loadCatalog(ctx: ValidationContext, sink: DiagnosticSink): BenchmarkCatalog | null {
  ctx.cache.catalog ??= loadBenchmarkCatalog(ctx.root, ctx.lane.paths.benchmarkCatalogPath);
  const c = ctx.cache.catalog;
  if (c.ok) return c.value;
  if (!ctx.cache.reported.has(c.error)) {
    ctx.cache.reported.add(c.error);
    const catalogSink = new DiagnosticSink(ctx.lane.paths.benchmarkCatalogPath);
    catalogSink.error(0, c.error);
    sink.items.push(...catalogSink.items);
  }
  return null;
}

function configRules(wave: WaveDefinition, ctx: ValidationContext, sink: DiagnosticSink): void {
  const { lane } = ctx;
  const roles = lane.roles;
  const v = lane.validation;
  const n = wave.wave;
  const top = waveLine(wave);
  const promotionsLine = wave.sectionLines?.["Component promotions"] ?? top;
  const componentRule = active(v.requireComponentPromotionsFromWave, n);
  const agentComponentsRule = active(v.requireAgentComponentsFromWave, n);
  const promoted = new Map(wave.componentPromotions.map((p) => [p.componentId, p.targetLevel]));
  const owners = new Map<string, Set<string>>([...promoted.keys()].map((id) => [id, new Set<string>()]));
  const err = (line: number, message: string, agentId?: string) => sink.error(line, message, agentId ? { agentId } : {});

  // cont-QA and cont-EVAL run under the lane's ids (the reference recognises them by id only): an
  // agent that imports their role prompt under another id is a mistake, not a second role holder.
  for (const a of wave.agents) {
    const stage = closureStageOf(a, roles);
    if (stage === "cont-qa" && a.agentId !== roles.contQaAgentId) {
      err(
        a.line,
        `Agent ${a.agentId} imports the cont-QA role prompt, but the lane's cont-QA agent is ${roles.contQaAgentId} (rename it, or set roles.contQaAgentId)`,
        a.agentId,
      );
    }
    if (stage === "cont-eval" && a.agentId !== roles.contEvalAgentId) {
      err(
        a.line,
        `Agent ${a.agentId} imports the cont-EVAL role prompt, but the lane's cont-EVAL agent is ${roles.contEvalAgentId} (rename it, or set roles.contEvalAgentId)`,
        a.agentId,
      );
    }
  }

  // Rule 2: the cont-QA agent (by the lane's id) must be present.
  const contQa = wave.agents.find((a) => a.agentId === roles.contQaAgentId) ?? null;
  if (!contQa)
    err(top, `Wave ${n} must include Agent ${roles.contQaAgentId} as its cont-QA closure agent (wave.config.json requires cont-QA)`);

  // Rule 3: component promotions.
  const implementationAgents = wave.agents.filter((a) => isImplementationOwning(a, roles));
  if (componentRule && promoted.size === 0 && implementationAgents.length > 0) {
    err(top, `Wave ${n} must declare a "## Component promotions" section (required from wave ${v.requireComponentPromotionsFromWave})`);
  }

  // Rule 4: promotions against the component cutover matrix.
  const matrix = componentRule || agentComponentsRule || promoted.size > 0 ? loadMatrix(ctx, sink) : null;
  if (matrix) {
    for (const [id, level] of promoted) {
      const component = matrix.components[id];
      if (!component) {
        err(promotionsLine, `Wave ${n} promotes unknown component "${id}" (not in ${matrix.path})`);
        continue;
      }
      if (!matrix.levels.includes(level)) {
        err(promotionsLine, `Wave ${n} promotes ${id} to unknown level "${level}" (levels: ${matrix.levels.join(", ")})`);
        continue;
      }
      const entry = component.promotions.find((p) => p.wave === n);
      if (!entry) err(promotionsLine, `Component "${id}" has no wave ${n} promotion entry in ${matrix.path}`);
      else if (entry.target !== level) err(promotionsLine, `Wave ${n} promotes ${id} to ${level}, but ${matrix.path} says ${entry.target}`);
      else if (matrix.levels.indexOf(level) < matrix.levels.indexOf(component.currentLevel)) {
        sink.warning(
          promotionsLine,
          `Wave ${n} promotes ${id} to ${level}, below its currentLevel ${component.currentLevel} in ${matrix.path} (fine for a wave that already ran)`,
        );
      }
    }
    for (const [id, component] of Object.entries(matrix.components)) {
      for (const p of component.promotions.filter((x) => x.wave === n)) {
        if (promoted.get(id) !== p.target)
          err(promotionsLine, `Wave ${n} must declare component promotion ${id}: ${p.target} to match ${matrix.path}`);
      }
    }
  }

  for (const a of wave.agents) {
    const id = a.agentId;
    const closureLike =
      isContQaAgent(a, roles) ||
      isIntegrationSteward(a, roles) ||
      isDocumentationSteward(a, roles) ||
      isContEvalReportOnly(a, roles) ||
      isDocsOnlyDesignAgent(a, roles) ||
      isSecurityReviewer(a, roles);
    // Rule 5.
    if (a.ownedPaths.length === 0)
      err(sectionLine(a, "Prompt"), `Agent ${id} must declare at least one owned path (a "File ownership" list in its prompt)`, id);
    if (active(v.requireContext7DeclarationsFromWave, n) && !a.context7) {
      err(a.line, `Agent ${id} must declare a "### Context7" section (required from wave ${v.requireContext7DeclarationsFromWave})`, id);
    }
    // Rule 6.
    if (closureLike) {
      if (a.components.length > 0)
        err(sectionLine(a, "Components"), `Agent ${id} is a closure or report-only agent and must not declare "### Components"`, id);
    } else {
      if (agentComponentsRule && a.components.length === 0) {
        err(a.line, `Agent ${id} must declare a "### Components" section (required from wave ${v.requireAgentComponentsFromWave})`, id);
      }
      for (const c of a.components) {
        if (matrix && !matrix.components[c]) {
          err(sectionLine(a, "Components"), `Agent ${id} names unknown component "${c}" (not in ${matrix.path})`, id);
          continue;
        }
        if (!promoted.has(c)) {
          err(sectionLine(a, "Components"), `Agent ${id} names component "${c}", which wave ${n} does not promote`, id);
          continue;
        }
        // Stryker disable next-line OptionalChaining: owners has an entry for every promoted component, and c is promoted here
        owners.get(c)?.add(id);
      }
    }
    // Rule 7.
    if (active(v.requireExitContractsFromWave, n) && !closureLike) {
      if (!a.exitContract)
        err(a.line, `Agent ${id} must declare a "### Exit contract" section (required from wave ${v.requireExitContractsFromWave})`, id);
      else {
        const problems = exitContractProblems(a);
        if (problems.length > 0)
          err(sectionLine(a, "Exit contract"), `Agent ${id} has an invalid exit contract (${problems.join(", ")})`, id);
      }
    } else if (a.exitContract && !closureLike) {
      // Not required here, but the implementation gate holds the agent to it: levels must exist.
      const problems = exitContractProblems(a).filter((p) => p.includes("(got "));
      if (problems.length > 0)
        err(sectionLine(a, "Exit contract"), `Agent ${id} has an invalid exit contract (${problems.join(", ")})`, id);
    }
    // Rule 8.
    const proof = agentRequiresProofCentricValidation(a);
    if (proof && !closureLike && a.proofArtifacts.length === 0) {
      err(a.line, `Agent ${id} must declare "### Proof artifacts" because it targets pilot-live or above`, id);
    }
    const modelless = (e: string | undefined) => e !== undefined && findAdapter(e)?.runsNoModel === true;
    if (proof && (modelless(a.executor.id) || modelless(ctx.resolved.get(id)?.id))) {
      err(sectionLine(a, "Executor"), `Agent ${id} carries proof-centric work and must not use the local executor`, id);
    }
    // Rule 9.
    for (const ref of v.requiredPromptReferences) {
      if (!a.prompt.includes(ref)) err(sectionLine(a, "Prompt"), `Agent ${id} must reference ${ref} in its prompt`, id);
    }
  }

  // Rule 10: cont-QA and cont-EVAL.
  if (contQa) {
    if (!contQa.rolePromptPaths.includes(roles.contQaRolePromptPath)) {
      err(sectionLine(contQa, "Role prompts"), `Agent ${contQa.agentId} must import ${roles.contQaRolePromptPath}`, contQa.agentId);
    }
    if (!contQaReportPath(contQa)) {
      err(
        sectionLine(contQa, "File ownership"),
        `Agent ${contQa.agentId} must own a cont-QA report (e.g. docs/plans/waves/reviews/wave-${n}-cont-qa.md)`,
        contQa.agentId,
      );
    }
  }
  const contEval = wave.agents.find((a) => closureStageOf(a, roles) === "cont-eval") ?? null;
  const evalLine = wave.sectionLines?.["Eval targets"] ?? top;
  if (contEval) {
    if (!contEval.rolePromptPaths.includes(roles.contEvalRolePromptPath)) {
      err(sectionLine(contEval, "Role prompts"), `Agent ${contEval.agentId} must import ${roles.contEvalRolePromptPath}`, contEval.agentId);
    }
    if (!contEvalReportPath(contEval))
      err(sectionLine(contEval, "File ownership"), `Agent ${contEval.agentId} must own a cont-EVAL report`, contEval.agentId);
    if (wave.evalTargets.length === 0)
      err(top, `Wave ${n} must declare "## Eval targets" because ${contEval.agentId} (cont-EVAL) is present`);
    else {
      const catalog = loadCatalog(ctx, sink);
      if (catalog) {
        for (const t of wave.evalTargets) {
          if (t.selection === "delegated") {
            if (!catalog.families.has(t.benchmarkFamily ?? ""))
              err(evalLine, `Eval target "${t.id}" names unknown benchmark family "${t.benchmarkFamily}" (not in ${catalog.path})`);
            continue;
          }
          for (const b of t.benchmarks) {
            const family = catalog.benchmarks.get(b);
            if (!family) err(evalLine, `Eval target "${t.id}" names unknown benchmark "${b}" (not in ${catalog.path})`);
            else if (t.benchmarkFamily && t.benchmarkFamily !== family) {
              err(
                evalLine,
                `Eval target "${t.id}" pins benchmark "${b}" from family "${family}", not the declared family "${t.benchmarkFamily}"`,
              );
            }
          }
        }
      }
    }
  } else if (wave.evalTargets.length > 0) {
    err(evalLine, `Wave ${n} declares "## Eval targets" but has no cont-EVAL agent (${roles.contEvalAgentId})`);
  }

  // Rule 11: security reviewers and design agents.
  for (const a of wave.agents.filter((x) => isSecurityReviewer(x, roles))) {
    if (!a.rolePromptPaths.includes(roles.securityRolePromptPath)) {
      err(sectionLine(a, "Role prompts"), `Security reviewer ${a.agentId} must import ${roles.securityRolePromptPath}`, a.agentId);
    }
    if (!securityReportPath(a))
      err(
        sectionLine(a, "File ownership"),
        `Security reviewer ${a.agentId} must own a security review report (a .md path containing "security")`,
        a.agentId,
      );
  }
  for (const a of wave.agents.filter((x) => isDesignAgent(x, roles))) {
    if (!a.rolePromptPaths.includes(roles.designRolePromptPath)) {
      err(sectionLine(a, "Role prompts"), `Design agent ${a.agentId} must import ${roles.designRolePromptPath}`, a.agentId);
    }
    if (!designPacketPath(a))
      err(
        sectionLine(a, "File ownership"),
        `Design agent ${a.agentId} must own a design packet (a .md path containing "design", "handoff" or "decision-lineage")`,
        a.agentId,
      );
    if (!isImplementationOwningDesignAgent(a, roles) && a.components.length > 0) {
      err(sectionLine(a, "Components"), `Design agent ${a.agentId} owns only design documents and must not declare components`, a.agentId);
    }
  }

  // Rules 13 and 14: stewards (recognised by id or by role-prompt import, as at run time).
  if (active(v.requireIntegrationStewardFromWave, n)) {
    const stewards = wave.agents.filter((a) => isIntegrationSteward(a, roles));
    if (stewards.length !== 1) {
      err(
        top,
        `Wave ${n} must include exactly one integration steward (${roles.integrationAgentId}, importing ${roles.integrationRolePromptPath}); found ${stewards.length}`,
      );
    } else if (!stewards[0]!.rolePromptPaths.includes(roles.integrationRolePromptPath)) {
      err(
        sectionLine(stewards[0]!, "Role prompts"),
        `Integration steward ${stewards[0]!.agentId} must import ${roles.integrationRolePromptPath}`,
        stewards[0]!.agentId,
      );
    }
  }
  if (active(v.requireDocumentationStewardFromWave, n)) {
    const stewards = wave.agents.filter((a) => isDocumentationSteward(a, roles));
    if (stewards.length !== 1) {
      err(
        top,
        `Wave ${n} must include exactly one documentation steward (${roles.documentationAgentId}, importing ${roles.documentationRolePromptPath}); found ${stewards.length}`,
      );
    } else {
      const steward = stewards[0]!;
      if (!steward.rolePromptPaths.includes(roles.documentationRolePromptPath)) {
        err(
          sectionLine(steward, "Role prompts"),
          `Documentation steward ${steward.agentId} must import ${roles.documentationRolePromptPath}`,
          steward.agentId,
        );
      }
      const required = [...lane.sharedPlanDocs];
      if (componentRule) required.push(lane.paths.componentCutoverMatrixDocPath, lane.paths.componentCutoverMatrixJsonPath);
      const docs = [...new Set(required.map(normalizeRelPath))];
      const missing = docs.filter((d) => !steward.ownedPaths.some((o) => isCoveredBy(d, o)));
      if (missing.length > 0)
        err(
          sectionLine(steward, "File ownership"),
          `Documentation steward ${steward.agentId} must own ${missing.join(", ")}`,
          steward.agentId,
        );
      const others = wave.agents.filter((a) => a !== steward && a.ownedPaths.some((o) => docs.includes(normalizeRelPath(o))));
      if (others.length > 0) {
        err(
          others[0]!.line,
          `Shared plan docs must be owned only by ${steward.agentId} (also owned by ${others.map((a) => a.agentId).join(", ")})`,
          others[0]!.agentId,
        );
      }
    }
  }

  if (active(v.requireContext7DeclarationsFromWave, n) && !wave.context7Defaults) {
    err(top, `Wave ${n} must declare a "## Context7 defaults" section (required from wave ${v.requireContext7DeclarationsFromWave})`);
  }

  // Rule 15: runtime mix.
  const targets = lane.runtimePolicy.runtimeMixTargets;
  if (Object.keys(targets).length > 0) {
    const counts = new Map<ExecutorId, number>();
    for (const a of wave.agents) {
      const id = ctx.resolved.get(a.agentId)?.id;
      if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    const over = [...counts].filter(([id, count]) => targets[id] !== undefined && count > targets[id]!);
    if (over.length > 0)
      err(
        top,
        `Wave ${n} exceeds the lane's runtime mix targets (${over.map(([id, c]) => `${id}=${c} exceeds target ${targets[id]}`).join("; ")})`,
      );
  }

  // Rule 16: promoted components need an implementation owner.
  for (const [component, set] of owners) {
    if (set.size === 0) {
      const evalOwns = contEval ? isContEvalImplementationOwning(contEval, roles) : false;
      const closureIds = [roles.contQaAgentId, ...(evalOwns ? [] : [roles.contEvalAgentId]), roles.documentationAgentId];
      err(
        promotionsLine,
        `Wave ${n} must assign promoted component "${component}" to at least one agent other than ${closureIds.join("/")} (via "### Components")`,
      );
    }
  }
}

/* ------------------------------------------------------------------ gates that cannot pass */

/**
 * Who holds which role at run time (the engine's WaveRoles): cont-QA and cont-EVAL by the lane's
 * ids, integration and documentation by the steward's role, the report path each role writes.
 */
export function waveRolesFor(wave: WaveDefinition, roles: RoleBindings): WaveRoles {
  const declared = new Set(wave.agents.map((a) => a.agentId));
  const idIf = (id: string) => (declared.has(id) ? id : null);
  const holder = (stage: ClosureStage) => wave.agents.find((a) => (a.closureStage ?? closureStageOf(a, roles)) === stage)?.agentId ?? null;
  return {
    contQaAgentId: idIf(roles.contQaAgentId),
    contEvalAgentId: idIf(roles.contEvalAgentId),
    integrationAgentId: holder("integration") ?? idIf(roles.integrationAgentId),
    documentationAgentId: holder("documentation") ?? idIf(roles.documentationAgentId),
    securityAgentIds: wave.agents.filter((a) => isSecurityReviewer(a, roles)).map((a) => a.agentId),
    designAgentIds: wave.agents.filter((a) => isDesignAgent(a, roles)).map((a) => a.agentId),
    implementationAgentIds: wave.agents.filter((a) => isImplementationOwning(a, roles)).map((a) => a.agentId),
    reportPaths: Object.fromEntries(
      wave.agents.map((a) => {
        const design = !(a.closureStage ?? closureStageOf(a, roles)) && isDesignAgent(a, roles);
        return [a.agentId, design ? designPacketPath(a) : reportPathFor(a, roles)];
      }),
    ),
  };
}

/**
 * What `staticGateFailures` needs for one wave: roles and policy as the engine derives them, and
 * the component matrix as it is now (`matrix`: as loaded for validation, else read here when the
 * file exists).
 */
export function staticGateInputsFor(
  wave: WaveDefinition,
  lane: LaneSettings,
  root: string,
  matrix?: Loaded<ComponentMatrix>,
): StaticGateInputs {
  const rel = lane.paths.componentCutoverMatrixJsonPath;
  let componentMatrix: StaticGateInputs["componentMatrix"] = null;
  let componentMatrixProblem: string | null = null;
  if (wave.componentPromotions.length > 0) {
    const loaded = matrix ?? (lane.hasConfig || fs.existsSync(path.join(root, rel)) ? loadComponentMatrix(root, rel) : null);
    if (loaded?.ok) componentMatrix = { components: loaded.value.components };
    else if (loaded) componentMatrixProblem = loaded.error;
  }
  const target = normalizeRelPath(rel);
  return {
    wave,
    roles: waveRolesFor(wave, lane.roles),
    policy: closurePolicyFor(wave, lane.hasConfig ? lane : null),
    componentMatrix,
    componentMatrixProblem,
    componentMatrixWritable: wave.agents.some((a) => a.ownedPaths.some((o) => isCoveredBy(target, o))),
  };
}

/** Status codes the reference's rules (with a config) already report in their own words. */
const CONFIG_RULE_CODES = new Set([
  "missing-cont-eval-contract",
  "missing-cont-eval-report",
  "missing-cont-qa-report",
  "missing-security-report",
  "missing-design-packet",
  "missing-component-promotions",
  "component-promotion-gap",
  "missing-closure-run",
  "completion-gap",
  "durability-gap",
  "proof-level-gap",
  "doc-impact-gap",
  "unknown-component",
  "invalid-component-matrix",
]);

/** Exit-contract problems are reported by the exit-contract rules in both modes. */
const LENIENT_RULE_CODES = new Set(["completion-gap", "durability-gap", "proof-level-gap", "doc-impact-gap"]);

function gateLine(wave: WaveDefinition, stage: string, agentId: string | null, code: string): number {
  const agent = agentId ? wave.agents.find((a) => a.agentId === agentId) : undefined;
  if (agent) return code.endsWith("-report") || code === "missing-design-packet" ? sectionLine(agent, "File ownership") : agent.line;
  if (stage === "component" || stage === "component-matrix") return wave.sectionLines?.["Component promotions"] ?? waveLine(wave);
  return waveLine(wave);
}

function gateRules(wave: WaveDefinition, ctx: ValidationContext, sink: DiagnosticSink): void {
  // Stryker disable next-line all: the cached matrix only saves a second read of the same file (staticGateInputsFor reads it when none is passed, and ignores it without promotions)
  const matrix = wave.componentPromotions.length > 0 && ctx.cache.matrix ? ctx.cache.matrix : undefined;
  const failures = staticGateFailures(staticGateInputsFor(wave, ctx.lane, ctx.root, matrix));
  const covered = ctx.lane.hasConfig ? CONFIG_RULE_CODES : LENIENT_RULE_CODES;
  for (const g of failures) {
    if (covered.has(g.statusCode)) continue;
    // Stryker disable next-line EqualityOperator,StringLiteral: the second operand is always false (with a config the code is skipped above; without one nothing is reported to the cache)
    if (g.statusCode === "invalid-component-matrix" && ctx.cache.reported.has(g.detail)) continue;
    sink.error(
      gateLine(wave, g.stage, g.agentId, g.statusCode),
      `${g.detail} Every run would fail the ${g.stage} gate with ${g.statusCode}.`,
      g.agentId ? { agentId: g.agentId } : {},
    );
  }
}

/** Validates one parsed wave against the lane settings (lenient rules when there is no config). */
/**
 * The steward ids of the lane (`roles.*AgentId`): the role each id holds, the config key that sets
 * it, and the words a title or prompt of that role uses.
 */
function stewardIds(roles: RoleBindings): { id: string; stage: ClosureStage; key: string; words: RegExp; prompt: string }[] {
  return [
    {
      id: roles.contQaAgentId,
      stage: "cont-qa",
      key: "contQaAgentId",
      words: /qa\b|quality/i,
      prompt: roles.contQaRolePromptPath,
    },
    { id: roles.contEvalAgentId, stage: "cont-eval", key: "contEvalAgentId", words: /eval/i, prompt: roles.contEvalRolePromptPath },
    {
      id: roles.integrationAgentId,
      stage: "integration",
      key: "integrationAgentId",
      words: /integrat/i,
      prompt: roles.integrationRolePromptPath,
    },
    {
      id: roles.documentationAgentId,
      stage: "documentation",
      key: "documentationAgentId",
      words: /document|docs\b(?!\/)/i,
      prompt: roles.documentationRolePromptPath,
    },
  ];
}

/** `[wave-gate], [wave-verdict]`: the markers a closure stage's agent must print (docs/markers.md). */
function stageMarkers(stage: ClosureStage): string {
  const requirement = ROLE_REQUIREMENTS.find((r) => r.gate === stage)!;
  return requirement.required.map((k) => `[${MARKERS[k].tag}]`).join(", ");
}

/**
 * An agent with a steward's id is that steward, whatever its title says: a warning when neither its
 * title nor its prompt (nor a role prompt it imports) says so, naming the role and its markers.
 */
function stewardIdRules(wave: WaveDefinition, roles: RoleBindings, sink: DiagnosticSink): void {
  for (const s of stewardIds(roles)) {
    for (const a of wave.agents) {
      if (a.agentId !== s.id) continue;
      if (s.words.test(a.title) || s.words.test(a.promptOverlay)) continue;
      if (a.rolePromptPaths.some((p) => normalizeRelPath(p) === normalizeRelPath(s.prompt))) continue;
      sink.warning(
        a.line,
        `Agent ${a.agentId} holds the ${STAGE_LABEL[s.stage]} steward id (roles.${s.key}), but neither its title nor its prompt says so: it runs as the ${STAGE_LABEL[s.stage]} steward and must print ${stageMarkers(s.stage)} (docs/markers.md). Give it that role's title and prompt, or another id.`,
        { agentId: a.agentId },
      );
    }
  }
}

export function validateWave(wave: WaveDefinition, ctx: ValidationContext): Diagnostic[] {
  const sink = new DiagnosticSink(wave.file, wave.wave);
  commonRules(wave, ctx, sink);
  stewardIdRules(wave, ctx.lane.roles, sink);
  if (ctx.lane.hasConfig) configRules(wave, ctx, sink);
  else lenientHints(wave, ctx, sink);
  gateRules(wave, ctx, sink);
  return sink.items;
}
