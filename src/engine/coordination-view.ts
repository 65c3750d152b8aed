/**
 * What the run's readers see of the coordination log, read afresh each time: the open blockers the
 * gates weigh, an agent's inbox (`wave coord inbox`, its prompt), and the gates' whole input.
 *
 * The gates' input is read when a gate is about to be evaluated: the component matrix is read from
 * the work tree each time (so the documentation stage's edits count) and the benchmark catalog
 * gives the delegated families of the cont-EVAL gate.
 */
import type { GateInputs, OpenBlocker } from "../closure/types.js";
import { answeredBy, clarificationFollowedUp, renderInbox } from "../coordination/inbox.js";
import { materialize, openBlockingRecords } from "../coordination/state.js";
import { readCoordinationLog } from "../coordination/store.js";
import { benchmarkFamiliesForGates, matrixForGates } from "../wave/catalogs.js";
import type { PreparedAgent } from "./types.js";
import type { WaveRun } from "./wave-run.js";

export async function coordinationState(run: WaveRun) {
  const log = await readCoordinationLog(run.paths.coordination);
  return materialize(log.records);
}

async function openBlockers(run: WaveRun): Promise<OpenBlocker[]> {
  const coord = await coordinationState(run);
  return openBlockingRecords(coord).map((r) => ({
    id: r.id,
    kind: r.kind,
    agentId: r.agentId,
    summary: r.summary,
    severity: r.blockerSeverity,
    targets: r.targets,
    followUpOf: clarificationFollowedUp(r, coord),
    answeredBy: answeredBy(r, coord),
  }));
}

/** Whom an agent's inbox is for: its id, components and capabilities. */
export function agentInboxOwner(pa: PreparedAgent) {
  return { agentId: pa.agent.agentId, components: pa.agent.components, capabilities: pa.agent.capabilities };
}

/** The current inbox of an agent of the wave (`wave coord inbox`). */
export async function currentInbox(run: WaveRun, agentId: string): Promise<string> {
  const pa = run.agentsById.get(agentId);
  const owner = pa ? agentInboxOwner(pa) : { agentId };
  return renderInbox(await coordinationState(run), owner, {
    now: new Date(),
    routing: run.prepared.lane.capabilityRouting.preferredAgents,
  });
}

/** Everything the gate functions take, as it is now, in attempt `attemptNo`. */
function gateInputs(run: WaveRun, attemptNo: number, blockers: OpenBlocker[]): GateInputs {
  const { lane } = run.prepared;
  const { root } = run.options;
  const { matrix, problem } = matrixForGates(root, lane.paths.componentCutoverMatrixJsonPath, lane.hasConfig);
  const inputs: GateInputs = {
    wave: run.prepared.wave,
    roles: run.prepared.roles,
    summaries: run.summaries,
    policy: run.prepared.policy,
    coordination: { openBlockers: blockers, forwardedGaps: [...run.forwardedGaps] },
    componentMatrix: matrix,
    componentMatrixProblem: problem,
    capabilityRouting: lane.capabilityRouting.preferredAgents,
    benchmarkFamilies: benchmarkFamiliesForGates(root, lane.paths.benchmarkCatalogPath),
    attempt: attemptNo,
  };
  run.deps.onGateInputs?.(inputs);
  return inputs;
}

/** The gates' input with the open blockers read now. */
export async function currentGateInputs(run: WaveRun, attemptNo: number): Promise<GateInputs> {
  return gateInputs(run, attemptNo, await openBlockers(run));
}
