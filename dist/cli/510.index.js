export const id = 510;
export const ids = [510];
export const modules = {

/***/ 6461:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   K6: () => (/* binding */ clarificationGate),
/* harmony export */   Y6: () => (/* binding */ infraGate),
/* harmony export */   fS: () => (/* binding */ helperAssignmentGate)
/* harmony export */ });
/* unused harmony exports capabilityTargets, helperAssignee */
/* harmony import */ var _signals_schema_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2390);
/* harmony import */ var _util_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2953);
/**
 * Wave-wide barriers: infra (`[infra-status]` of any agent in a blocking state — enforced, unlike
 * the reference), clarification (open human-feedback or clarification requests, and open requests
 * that follow up a clarification) and helper assignments (open blocking requests addressed to a
 * capability, `--target capability:<name>`).
 *
 * Helper assignments: the assignee of a capability is the first agent of the wave that the lane's
 * `capabilityRouting.preferredAgents` names for it, else the first agent declaring it in
 * `### Capabilities`; the requester never helps itself. An assignment is settled when the request
 * is resolved, or when its assignee answered it (a handoff, evidence or decision record posted with
 * `--depends-on <request id>`). Nobody to assign → `helper-assignment-unresolved`
 * (no agent to run again); an assignee whose request is still open → `helper-assignment-open`
 * naming the assignee, so another attempt runs it with the request in its inbox. In gate mode
 * `bootstrap` an open assignment is advisory (`helper-assignment-open-advisory`, ok).
 * Results use the `clarification` gate stage, the stage of the coordination barriers.
 */


const NON_BLOCKING = new Set(_signals_schema_js__WEBPACK_IMPORTED_MODULE_0__/* .NON_BLOCKING_INFRA_STATES */ .SN);
function infraGate(inputs) {
    for (const agent of inputs.wave.agents) {
        const summary = (0,_util_js__WEBPACK_IMPORTED_MODULE_1__/* .summaryOf */ .YG)(inputs, agent.agentId);
        const infra = summary?.infraStatus;
        if (infra && !NON_BLOCKING.has(infra.state)) {
            return (0,_util_js__WEBPACK_IMPORTED_MODULE_1__/* .gateResult */ .xp)("infra", agent.agentId, false, `infra-${infra.state}`, `${agent.agentId} reported infra ${infra.kind} ${infra.target} as ${infra.state} (line ${infra.line})${infra.detail ? `: ${infra.detail}` : "."}`, summary);
        }
    }
    return (0,_util_js__WEBPACK_IMPORTED_MODULE_1__/* .gateResult */ .xp)("infra", null, true, "pass", "No blocking [infra-status] reported.");
}
function clarificationGate(inputs) {
    const open = (0,_util_js__WEBPACK_IMPORTED_MODULE_1__/* .blockingRecords */ .u_)(inputs);
    const human = open.filter((r) => r.kind === "human-feedback" || r.kind === "human-escalation");
    if (human.length > 0) {
        return (0,_util_js__WEBPACK_IMPORTED_MODULE_1__/* .gateResult */ .xp)("clarification", human[0].agentId, false, "human-feedback-open", `Waiting for a human answer: ${(0,_util_js__WEBPACK_IMPORTED_MODULE_1__/* .listIds */ .Z6)(human)}. Answer through the feedback input of the next run.`);
    }
    const clarifications = open.filter((r) => r.kind === "clarification-request");
    if (clarifications.length > 0) {
        return (0,_util_js__WEBPACK_IMPORTED_MODULE_1__/* .gateResult */ .xp)("clarification", clarifications[0].agentId, false, "clarification-open", `Open clarification request(s): ${(0,_util_js__WEBPACK_IMPORTED_MODULE_1__/* .listIds */ .Z6)(clarifications)}.`);
    }
    // A follow-up is settled when one of its (agent) targets answered it.
    const followUps = open.filter((r) => r.kind === "request" &&
        r.followUpOf &&
        // Stryker disable next-line ArrayDeclaration: default lists are only matched against agent ids (targets, answers), which a placeholder entry (with spaces) never is
        !(r.targets ?? []).map(bareTarget).some((t) => (r.answeredBy ?? []).includes(t)));
    if (followUps.length > 0) {
        const first = followUps[0];
        const target = (first.targets ?? []).map(bareTarget).find((t) => !t.includes(":")) ?? first.agentId;
        return (0,_util_js__WEBPACK_IMPORTED_MODULE_1__/* .gateResult */ .xp)("clarification", target, false, "clarification-follow-up-open", `Open follow-up request(s) of a clarification: ${followUps
            .slice(0, 3)
            .map((r) => `${r.id} (follows up ${r.followUpOf}: ${r.summary})`)
            .join("; ")}${followUps.length > 3 ? ` and ${followUps.length - 3} more` : ""}.`);
    }
    return (0,_util_js__WEBPACK_IMPORTED_MODULE_1__/* .gateResult */ .xp)("clarification", null, true, "pass", "No open human feedback, clarification requests or follow-ups.");
}
function bareTarget(target) {
    return target.startsWith("agent:") ? target.slice("agent:".length) : target;
}
/** Capabilities a record is addressed to (`capability:<name>` targets). */
function capabilityTargets(record) {
    // Stryker disable next-line ArrayDeclaration: a default list is only searched for "capability:" targets, which a placeholder entry is not
    return (record.targets ?? [])
        .filter((t) => t.startsWith("capability:"))
        .map((t) => t.slice("capability:".length))
        .filter((t) => t !== "");
}
/** Who helps with `capability` for `requester` (see the module comment), or null. */
function helperAssignee(capability, requester, inputs) {
    const agents = inputs.wave.agents;
    const inWave = new Set(agents.map((a) => a.agentId));
    // Stryker disable next-line ArrayDeclaration: a default list's entries must be agents of the wave, which a placeholder entry (with spaces) never is
    const preferred = (inputs.capabilityRouting?.[capability] ?? []).find((id) => inWave.has(id) && id !== requester);
    if (preferred)
        return preferred;
    return agents.find((a) => a.agentId !== requester && a.capabilities.includes(capability))?.agentId ?? null;
}
function helperAssignmentGate(inputs) {
    const unresolved = [];
    const open = [];
    for (const record of (0,_util_js__WEBPACK_IMPORTED_MODULE_1__/* .blockingRecords */ .u_)(inputs)) {
        for (const capability of capabilityTargets(record)) {
            const assignee = helperAssignee(capability, record.agentId, inputs);
            // Stryker disable next-line ArrayDeclaration: a default list is only searched for an agent id, which a placeholder entry (with spaces) never is
            if (assignee !== null && (record.answeredBy ?? []).includes(assignee))
                continue;
            if (assignee === null)
                unresolved.push(`${record.id} (capability ${capability}, from ${record.agentId}: ${record.summary})`);
            else
                open.push({ record, assignee, capability });
        }
    }
    if (unresolved.length > 0) {
        return (0,_util_js__WEBPACK_IMPORTED_MODULE_1__/* .gateResult */ .xp)("clarification", null, false, "helper-assignment-unresolved", `No agent of wave ${inputs.wave.wave} has the capability these blocking request(s) are addressed to: ${unresolved.slice(0, 3).join("; ")}${unresolved.length > 3 ? ` and ${unresolved.length - 3} more` : ""}. Declare the capability on an agent (### Capabilities) or route it (capabilityRouting.preferredAgents), or resolve the request.`);
    }
    if (open.length > 0) {
        const first = open[0];
        const detail = `Open helper assignment(s): ${open
            .slice(0, 3)
            .map((o) => `${o.record.id} (capability ${o.capability} → ${o.assignee}: ${o.record.summary})`)
            .join("; ")}${open.length > 3 ? ` and ${open.length - 3} more` : ""}.`;
        if (inputs.policy.gateMode === "bootstrap") {
            return (0,_util_js__WEBPACK_IMPORTED_MODULE_1__/* .gateResult */ .xp)("clarification", first.assignee, true, "helper-assignment-open-advisory", `${detail} Advisory in gate mode bootstrap.`);
        }
        return (0,_util_js__WEBPACK_IMPORTED_MODULE_1__/* .gateResult */ .xp)("clarification", first.assignee, false, "helper-assignment-open", `${detail} The assignee resolves them (wave coord post --id <id> --status resolved).`);
    }
    return (0,_util_js__WEBPACK_IMPORTED_MODULE_1__/* .gateResult */ .xp)("clarification", null, true, "pass", "No open helper assignments.");
}


/***/ }),

/***/ 818:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  K6: () => (/* reexport */ barriers/* clarificationGate */.K6),
  LT: () => (/* reexport */ designGates),
  Df: () => (/* reexport */ gateForStage),
  P5: () => (/* reexport */ implementationStageGates),
  Y6: () => (/* reexport */ barriers/* infraGate */.Y6),
  n_: () => (/* reexport */ isStaticFailure),
  At: () => (/* reexport */ planClosureStages),
  Ip: () => (/* reexport */ stageLaunchDecision),
  nq: () => (/* reexport */ staticGateFailures)
});

// UNUSED EXPORTS: AUTO_CLOSURE_CODES, STAGE_LABELS, componentMatrixGate, componentPromotionGates, contEvalGate, contQaGate, designAgentGate, documentationAutoClosure, documentationGate, evaluateWaveGates, implementationAgentGate, implementationGateAgents, implementationGates, integrationGate, integrationSignals, isAutoClosure, proofArtifactRequired, securityAgentGate, securityGates, sharedPlanDeltas, stageAgentIds

// EXTERNAL MODULE: ./src/closure/barriers.ts
var barriers = __webpack_require__(6461);
// EXTERNAL MODULE: ./src/closure/util.ts
var util = __webpack_require__(2953);
;// CONCATENATED MODULE: ./src/closure/components.ts

function ownersOf(inputs, promotion) {
    const implementation = new Set((0,util/* declaredIds */.fW)(inputs.wave, inputs.roles.implementationAgentIds));
    return inputs.wave.agents
        .filter((a) => implementation.has(a.agentId) && a.components.includes(promotion.componentId))
        .map((a) => a.agentId);
}
function ownerReport(inputs, ownerId, promotion) {
    const summary = (0,util/* summaryOf */.YG)(inputs, ownerId);
    if (!summary)
        return { ok: false, text: `${ownerId}: no summary (did not run)` };
    const marker = summary.components.find((c) => c.componentId === promotion.componentId);
    if (!marker)
        return { ok: false, text: `${ownerId}: no [wave-component] marker` };
    const ok = marker.state === "met" && marker.level === promotion.targetLevel;
    return { ok, text: `${ownerId}: level=${marker.level} state=${marker.state}` };
}
/** One gate per promotion (or one `missing-component-promotions` failure). */
function componentPromotionGates(inputs) {
    const { wave, policy } = inputs;
    if (wave.componentPromotions.length === 0) {
        const implementation = (0,util/* declaredIds */.fW)(wave, inputs.roles.implementationAgentIds);
        if (policy.requireComponentPromotions && implementation.length > 0) {
            return [
                (0,util/* gateResult */.xp)("component", null, false, "missing-component-promotions", `Wave ${wave.wave} has implementation agents (${implementation.join(", ")}) but no "## Component promotions" section; the config requires one from this wave on.`),
            ];
        }
        return [];
    }
    return wave.componentPromotions.map((promotion) => {
        const { componentId, targetLevel } = promotion;
        const owners = ownersOf(inputs, promotion);
        const extra = { componentId };
        if (owners.length === 0) {
            return (0,util/* gateResult */.xp)("component", null, false, "component-promotion-gap", `No implementation agent owns component ${componentId} (promoted to ${targetLevel}); list it under an agent's ### Components.`, null, extra);
        }
        const reports = owners.map((id) => ({ id, ...ownerReport(inputs, id, promotion) }));
        const satisfied = reports.filter((r) => r.ok).map((r) => r.id);
        const waiting = reports.filter((r) => !r.ok);
        if (waiting.length === 0) {
            return (0,util/* gateResult */.xp)("component", null, true, "pass", `Component ${componentId} reached ${targetLevel} (${satisfied.join(", ")}).`, null, extra);
        }
        const agentId = waiting[0].id;
        const summary = (0,util/* summaryOf */.YG)(inputs, agentId);
        const status = waiting.map((r) => r.text).join("; ");
        if (satisfied.length > 0) {
            return (0,util/* gateResult */.xp)("component", agentId, false, "shared-component-sibling-pending", `Component ${componentId} is shared: ${satisfied.join(", ")} reached ${targetLevel}, waiting on ${waiting.map((r) => r.id).join(", ")} (${status}).`, summary, extra);
        }
        return (0,util/* gateResult */.xp)("component", agentId, false, "component-promotion-gap", `Component ${componentId} did not reach ${targetLevel}: ${status}. An owner must print [wave-component] component=${componentId} level=${targetLevel} state=met.`, summary, extra);
    });
}
/** The matrix must list every promoted component with `currentLevel` equal to its new target. */
function componentMatrixGate(inputs) {
    const { wave } = inputs;
    const steward = (0,util/* isDeclared */.vo)(wave, inputs.roles.documentationAgentId) ? inputs.roles.documentationAgentId : null;
    const summary = (0,util/* summaryOf */.YG)(inputs, steward);
    if (wave.componentPromotions.length === 0) {
        return (0,util/* gateResult */.xp)("component-matrix", null, true, "pass", "No component promotions in this wave.");
    }
    const problem = inputs.componentMatrixProblem ?? null;
    if (problem !== null) {
        return (0,util/* gateResult */.xp)("component-matrix", steward, false, "invalid-component-matrix", `The component matrix cannot be checked: ${problem}. It must stay valid JSON with levels and components.`, summary);
    }
    const matrix = inputs.componentMatrix ?? null;
    if (matrix === null) {
        return (0,util/* gateResult */.xp)("component-matrix", null, true, "pass", "No component matrix configured; current levels not checked.");
    }
    for (const { componentId, targetLevel } of wave.componentPromotions) {
        const entry = matrix.components[componentId];
        if (!entry) {
            return (0,util/* gateResult */.xp)("component-matrix", steward, false, "unknown-component", `Component ${componentId} is promoted by wave ${wave.wave} but missing from the component matrix; add it.`, summary, { componentId });
        }
        if ((entry.currentLevel ?? null) !== targetLevel) {
            return (0,util/* gateResult */.xp)("component-matrix", steward, false, "component-current-level-stale", `The component matrix still shows ${componentId} at ${entry.currentLevel ?? "no level"}; wave ${wave.wave} promotes it to ${targetLevel}. The documentation steward must update currentLevel.`, summary, { componentId });
        }
    }
    return (0,util/* gateResult */.xp)("component-matrix", steward, true, "pass", "Component matrix is current for every promotion.", summary);
}

;// CONCATENATED MODULE: ./src/closure/cont-eval.ts

const sortedUnique = (ids) => [...new Set(ids.map((id) => id.toLowerCase()))].sort();
function benchmarkMismatch(marker, targets, families) {
    const actual = new Set(sortedUnique(marker.benchmarkIds));
    const allowed = new Set();
    let anyAllowed = false;
    for (const target of targets) {
        if (target.selection === "pinned") {
            for (const b of target.benchmarks)
                allowed.add(b.toLowerCase());
            continue;
        }
        const family = target.benchmarkFamily ? families[target.benchmarkFamily] : undefined;
        if (family === undefined)
            anyAllowed = true;
        else
            for (const b of family)
                allowed.add(b.toLowerCase());
    }
    if (!anyAllowed) {
        const undeclared = [...actual].filter((b) => !allowed.has(b));
        if (undeclared.length > 0)
            return `benchmark_ids lists undeclared benchmark(s) ${undeclared.join(", ")}`;
    }
    for (const target of targets) {
        if (target.selection === "pinned") {
            const missing = target.benchmarks.map((b) => b.toLowerCase()).filter((b) => !actual.has(b));
            if (missing.length > 0)
                return `target ${target.id} pins benchmark(s) ${missing.join(", ")} that were not run`;
        }
        else if (target.benchmarkFamily && families[target.benchmarkFamily]) {
            const family = new Set(families[target.benchmarkFamily].map((b) => b.toLowerCase()));
            if (![...actual].some((b) => family.has(b))) {
                return `target ${target.id} delegates to family ${target.benchmarkFamily}, but no benchmark of that family was run`;
            }
        }
    }
    return null;
}
function contEvalGate(inputs) {
    const { wave, roles } = inputs;
    const agentId = roles.contEvalAgentId;
    if (!(0,util/* isDeclared */.vo)(wave, agentId))
        return (0,util/* gateResult */.xp)("cont-eval", null, true, "pass", "No cont-EVAL agent in this wave.");
    const summary = (0,util/* summaryOf */.YG)(inputs, agentId);
    const fail = (code, detail) => (0,util/* gateResult */.xp)("cont-eval", agentId, false, code, detail, summary);
    const marker = summary?.eval ?? null;
    if (!marker)
        return fail("missing-wave-eval", (0,util/* markerProblem */.M2)(summary, "eval", agentId).detail);
    const report = (0,util/* reportFact */.Hf)(inputs, agentId, summary);
    if (report.path === null) {
        return fail("missing-cont-eval-report", util/* NO_REPORT_PATH */.T1["cont-eval"](agentId));
    }
    if (marker.state !== "satisfied") {
        return fail(marker.state === "blocked" ? "cont-eval-blocked" : "cont-eval-needs-more-work", `${agentId} reported ${marker.state}${marker.detail ? `: ${marker.detail}` : "."}`);
    }
    if (!report.exists)
        return fail("missing-cont-eval-report", `${agentId} did not write its cont-EVAL report ${report.path}.`);
    const targets = wave.evalTargets;
    if (targets.length === 0) {
        return fail("missing-cont-eval-contract", (0,util/* noEvalContract */.iF)(wave.wave, agentId));
    }
    const expected = sortedUnique(targets.map((t) => t.id));
    const targetIds = sortedUnique(marker.targetIds);
    if (targetIds.length === 0) {
        return fail("missing-cont-eval-target-ids", `${agentId}'s [wave-eval] has no target_ids; list ${expected.join(",")}.`);
    }
    if (marker.targets !== targetIds.length) {
        return fail("cont-eval-target-count-mismatch", `${agentId} reported targets=${marker.targets} but target_ids lists ${targetIds.length} (${targetIds.join(",")}).`);
    }
    if (targetIds.join(",") !== expected.join(",")) {
        return fail("cont-eval-target-mismatch", `${agentId}'s target_ids (${targetIds.join(",")}) must match the wave's eval targets (${expected.join(",")}).`);
    }
    const benchmarkIds = sortedUnique(marker.benchmarkIds);
    if (benchmarkIds.length === 0) {
        return fail("missing-cont-eval-benchmarks", `${agentId}'s [wave-eval] has no benchmark_ids; list the benchmarks it ran.`);
    }
    if (marker.benchmarks !== benchmarkIds.length) {
        return fail("cont-eval-benchmark-count-mismatch", `${agentId} reported benchmarks=${marker.benchmarks} but benchmark_ids lists ${benchmarkIds.length} (${benchmarkIds.join(",")}).`);
    }
    if (marker.regressions > 0) {
        return fail("cont-eval-regressions", `${agentId} found ${marker.regressions} unresolved regression(s)${marker.detail ? `: ${marker.detail}` : "."}`);
    }
    const mismatch = benchmarkMismatch(marker, targets, inputs.benchmarkFamilies ?? {});
    if (mismatch)
        return fail("cont-eval-benchmark-mismatch", `${agentId}: ${mismatch}.`);
    return (0,util/* gateResult */.xp)("cont-eval", agentId, true, "pass", `${agentId} satisfied ${targetIds.length} eval target(s) with ${benchmarkIds.length} benchmark(s).`, summary);
}

// EXTERNAL MODULE: ./src/signals/schema.ts
var schema = __webpack_require__(2390);
;// CONCATENATED MODULE: ./src/closure/cont-qa.ts
/**
 * cont-QA gate (A0): the `[wave-gate]` dimensions, the report, and the verdict (a log
 * `[wave-verdict]` over the report's last `Verdict:` line). A `gap` dimension passes as
 * `conditional-pass`; `concerns`/`blocked` fail as `gate-<dimension>-<value>`.
 */


function contQaGate(inputs) {
    const { wave, roles, policy } = inputs;
    const agentId = roles.contQaAgentId;
    if (!(0,util/* isDeclared */.vo)(wave, agentId)) {
        if (policy.requiredStages.includes("cont-qa")) {
            return (0,util/* gateResult */.xp)("cont-qa", null, false, "missing-cont-qa", `Wave ${wave.wave} requires a cont-QA agent (${agentId ?? "A0"}) but declares none.`);
        }
        return (0,util/* gateResult */.xp)("cont-qa", null, true, "pass", "No cont-QA agent in this wave.");
    }
    const summary = (0,util/* summaryOf */.YG)(inputs, agentId);
    const fail = (code, detail) => (0,util/* gateResult */.xp)("cont-qa", agentId, false, code, detail, summary);
    const gate = summary?.gate ?? null;
    if (!gate) {
        // A verdict can also come from the report's `Verdict:` line; list [wave-verdict] only when neither gave one.
        const wanted = summary?.verdict ? [{ kind: "gate" }] : [{ kind: "gate" }, { kind: "verdict" }];
        return fail("missing-wave-gate", (0,util/* markerProblems */.XE)(summary, agentId, wanted).detail);
    }
    const report = (0,util/* reportFact */.Hf)(inputs, agentId, summary);
    if (report.path === null) {
        return fail("missing-cont-qa-report", util/* NO_REPORT_PATH */.T1["cont-qa"](agentId, wave.wave));
    }
    if (!report.exists)
        return fail("missing-cont-qa-report", `${agentId} did not write its cont-QA report ${report.path}.`);
    // Stryker disable next-line OptionalChaining: summary is non-null here (a null summary has no gate and returned above)
    const verdict = summary?.verdict ?? null;
    if (!verdict) {
        const problem = (0,util/* markerProblem */.M2)(summary, "verdict", agentId);
        const detail = problem.invalid
            ? problem.detail
            : `${agentId} gave no verdict: neither a [wave-verdict] line in its output nor a "Verdict: PASS|CONCERNS|BLOCKED|HOLD|FAIL" line in ${report.path}.${(0,util/* terminationNote */.$L)(summary)}`;
        return fail("missing-cont-qa-verdict", detail);
    }
    const from = verdict.source === "log" ? "[wave-verdict]" : `the Verdict: line of ${report.path}`;
    if (verdict.verdict !== "pass") {
        return fail(`cont-qa-${verdict.verdict}`, `${agentId} gave verdict ${verdict.verdict} (${from})${verdict.detail ? `: ${verdict.detail}` : "."}`);
    }
    for (const dim of schema/* GATE_DIMENSIONS */.og) {
        const value = gate[dim];
        if (value !== "pass" && value !== "gap") {
            return fail(`gate-${dim}-${value}`, `${agentId} rated ${dim} as ${value} (line ${gate.line})${gate.detail ? `: ${gate.detail}` : "."}`);
        }
    }
    const gaps = schema/* GATE_DIMENSIONS */.og.filter((dim) => gate[dim] === "gap");
    if (gaps.length > 0) {
        return (0,util/* gateResult */.xp)("cont-qa", agentId, true, "conditional-pass", `${agentId} passed the wave with known gaps in ${gaps.join(", ")}${gate.detail ? `: ${gate.detail}` : "."}`, summary);
    }
    return (0,util/* gateResult */.xp)("cont-qa", agentId, true, "pass", `${agentId} passed the wave (${from})${verdict.detail ? `: ${verdict.detail}` : "."}`, summary);
}

;// CONCATENATED MODULE: ./src/closure/design.ts

function designAgentGate(inputs, agentId) {
    const summary = (0,util/* summaryOf */.YG)(inputs, agentId);
    const fail = (code, detail) => (0,util/* gateResult */.xp)("design", agentId, false, code, detail, summary);
    const design = summary?.design ?? null;
    if (!design)
        return fail("missing-wave-design", (0,util/* markerProblem */.M2)(summary, "design", agentId).detail);
    const packet = (0,util/* reportFact */.Hf)(inputs, agentId, summary);
    if (packet.path === null) {
        return fail("missing-design-packet", util/* NO_REPORT_PATH */.T1.design(agentId));
    }
    if (!packet.exists)
        return fail("missing-design-packet", `${agentId} did not write its design packet ${packet.path}.`);
    if (design.state === "blocked") {
        return fail("design-blocked", `${agentId} reported the design blocked${design.detail ? `: ${design.detail}` : "."}`);
    }
    if (design.state === "needs-clarification") {
        return fail("design-needs-clarification", `${agentId} needs clarification before implementation (${design.openQuestions} open question(s))${design.detail ? `: ${design.detail}` : "."} Answer them in the wave file or via feedback.`);
    }
    return (0,util/* gateResult */.xp)("design", agentId, true, "pass", `${agentId} is ready for implementation (${design.decisions} decision(s), ${design.assumptions} assumption(s)).`, summary);
}
/** One gate per declared design agent, in wave order. */
function designGates(inputs) {
    return (0,util/* declaredIds */.fW)(inputs.wave, inputs.roles.designAgentIds).map((id) => designAgentGate(inputs, id));
}

;// CONCATENATED MODULE: ./src/closure/integration.ts

/** Open records and reported gaps that make inferring integration unsafe. */
function integrationSignals(inputs) {
    const signals = (0,util/* blockingRecords */.u_)(inputs)
        .filter((r) => !(0,util/* isBarrierRecord */.dQ)(r))
        .map((r) => `open ${r.kind} ${r.id}`);
    for (const agent of inputs.wave.agents) {
        // Stryker disable next-line ArrayDeclaration: a placeholder entry has no gap kind, so it adds no signal
        for (const gap of (0,util/* summaryOf */.YG)(inputs, agent.agentId)?.gaps ?? []) {
            if (gap.kind === "integration" || gap.kind === "architecture")
                signals.push(`${agent.agentId} reported a ${gap.kind} gap`);
        }
    }
    return signals;
}
function integrationGate(inputs) {
    const { wave, roles, policy } = inputs;
    const agentId = roles.integrationAgentId;
    const declared = (0,util/* isDeclared */.vo)(wave, agentId);
    const summary = declared ? (0,util/* summaryOf */.YG)(inputs, agentId) : null;
    if (summary === null) {
        if (policy.autoClosure.allowInferredIntegration && integrationSignals(inputs).length === 0) {
            return (0,util/* gateResult */.xp)("integration", null, true, "integration-inferred", "Integration inferred: no open blockers and no integration or architecture gaps (autoClosure.allowInferredIntegration).");
        }
        if (!declared) {
            if (policy.requiredStages.includes("integration")) {
                return (0,util/* gateResult */.xp)("integration", null, false, "missing-integration", `Wave ${wave.wave} requires an integration steward (${agentId ?? "A8"}) but declares none.`);
            }
            return (0,util/* gateResult */.xp)("integration", null, true, "pass", "No integration steward in this wave.");
        }
    }
    const id = agentId;
    const fail = (code, detail) => (0,util/* gateResult */.xp)("integration", id, false, code, detail, summary);
    const marker = summary?.integration ?? null;
    if (!marker)
        return fail("missing-wave-integration", (0,util/* markerProblem */.M2)(summary, "integration", id).detail);
    if (marker.state !== "ready-for-doc-closure") {
        return fail("integration-needs-more-work", `${id} reported needs-more-work (claims=${marker.claims} conflicts=${marker.conflicts} blockers=${marker.blockers})${marker.detail ? `: ${marker.detail}` : "."}`);
    }
    const forwarded = (0,util/* forwardedIds */.vu)(inputs);
    const open = (0,util/* blockingRecords */.u_)(inputs).filter((r) => !(0,util/* isBarrierRecord */.dQ)(r) && !forwarded.has(r.id));
    if (open.length > 0) {
        return fail("integration-contradiction-open", `${id} reported ready-for-doc-closure, but ${open.length} blocking coordination record(s) are still open: ${(0,util/* listIds */.Z6)(open)}. Resolve them or report needs-more-work.`);
    }
    return (0,util/* gateResult */.xp)("integration", id, true, "pass", `${id} reported ready-for-doc-closure${marker.detail ? `: ${marker.detail}` : "."}`, summary);
}

;// CONCATENATED MODULE: ./src/closure/documentation.ts



/** Agents whose `[wave-doc-delta]` asks for shared-plan documentation changes. */
function sharedPlanDeltas(inputs) {
    return inputs.wave.agents
        .filter((a) => (0,util/* summaryOf */.YG)(inputs, a.agentId)?.docDelta?.state === "shared-plan")
        .map((a) => a.agentId);
}
/** The auto-closure result, when documentation may close without its steward. */
function documentationAutoClosure(inputs) {
    const { autoClosure } = inputs.policy;
    const shared = sharedPlanDeltas(inputs);
    if (shared.length > 0)
        return null;
    const promotions = inputs.wave.componentPromotions.length;
    if (promotions === 0 && autoClosure.allowAutoDocNoChange) {
        return (0,util/* gateResult */.xp)("documentation", null, true, "doc-auto-no-change", "No shared-plan doc deltas and no component promotions: documentation closed as no-change (autoClosure.allowAutoDocNoChange).");
    }
    if (promotions > 0 && autoClosure.allowAutoDocProjection && (inputs.componentMatrix ?? null) !== null && componentMatrixGate(inputs).ok) {
        return (0,util/* gateResult */.xp)("documentation", null, true, "doc-auto-closed", "Only component-matrix updates were due and the matrix is current: documentation auto-closed (autoClosure.allowAutoDocProjection).");
    }
    return null;
}
function documentationGate(inputs) {
    const { wave, roles, policy } = inputs;
    const agentId = roles.documentationAgentId;
    const declared = (0,util/* isDeclared */.vo)(wave, agentId);
    const summary = declared ? (0,util/* summaryOf */.YG)(inputs, agentId) : null;
    if (summary === null) {
        const auto = documentationAutoClosure(inputs);
        if (auto)
            return auto;
        if (!declared) {
            if (policy.requiredStages.includes("documentation")) {
                return (0,util/* gateResult */.xp)("documentation", null, false, "missing-doc-closure", `Wave ${wave.wave} requires a documentation steward (${agentId ?? "A9"}) but declares none.`);
            }
            return (0,util/* gateResult */.xp)("documentation", null, true, "pass", "No documentation steward in this wave.");
        }
    }
    const id = agentId;
    const fail = (code, detail) => (0,util/* gateResult */.xp)("documentation", id, false, code, detail, summary);
    if (summary !== null && summary.stats.bytes === 0) {
        if (integrationGate(inputs).ok) {
            return (0,util/* gateResult */.xp)("documentation", id, true, "fallback-auto-closed", `${id} produced no output; integration is ready for doc closure, so documentation is closed by fallback.`, summary);
        }
        return fail("missing-doc-closure-empty-run", `${id} produced no output and integration is not ready; rerun the documentation steward.`);
    }
    const marker = summary?.docClosure ?? null;
    if (!marker)
        return fail("missing-doc-closure", (0,util/* markerProblem */.M2)(summary, "doc-closure", id).detail);
    if (marker.state === "delta") {
        return fail("doc-closure-open", `${id} still reports an open shared-plan delta${marker.detail ? `: ${marker.detail}` : "."} Land the documentation changes, then print state=closed.`);
    }
    return (0,util/* gateResult */.xp)("documentation", id, true, "pass", marker.state === "closed" ? `${id} closed the shared-plan documentation delta.` : `${id} confirmed no documentation changes were needed.`, summary);
}

// EXTERNAL MODULE: ./src/wave/schema.ts
var wave_schema = __webpack_require__(8486);
;// CONCATENATED MODULE: ./src/closure/implementation.ts


/** Agents the implementation gate checks: everyone but closure agents (an implementation-owning E0 is checked). */
function implementationGateAgents(inputs) {
    const { roles } = inputs;
    const closure = new Set(roles.securityAgentIds);
    for (const id of [roles.contQaAgentId, roles.integrationAgentId, roles.documentationAgentId])
        if (id)
            closure.add(id);
    if (roles.contEvalAgentId && !roles.implementationAgentIds.includes(roles.contEvalAgentId))
        closure.add(roles.contEvalAgentId);
    return inputs.wave.agents.filter((a) => !closure.has(a.agentId));
}
function activeContract(contract) {
    if (!contract)
        return null;
    const { completion, durability, proof, docImpact } = contract;
    return completion || durability || proof || docImpact ? contract : null;
}
/** Proof artifact required for this agent: no `required-for`, no component target, or a target at/above a listed level. */
function proofArtifactRequired(agent, artifact) {
    if (artifact.requiredFor.length === 0)
        return true;
    const targets = Object.values(agent.componentTargets).filter((t) => typeof t === "string");
    if (targets.length === 0)
        return true;
    const highest = Math.max(...targets.map((t) => (0,util/* rank */.Tm)(wave_schema/* MATURITY_LEVELS */.l8, t)));
    return artifact.requiredFor.some((level) => {
        const need = (0,util/* rank */.Tm)(wave_schema/* MATURITY_LEVELS */.l8, level);
        return need !== -1 && highest >= need;
    });
}
function levelGap(agentId, what, actual, required, order) {
    if ((0,util/* meetsOrExceeds */.d7)(actual, required, order))
        return null;
    if ((0,util/* rank */.Tm)(order, required) === -1) {
        return `${agentId}'s exit contract asks for ${what} "${required}", which is not one of ${order.join(", ")}; fix the exit contract.`;
    }
    return `${agentId} reported ${what} ${actual}; its exit contract requires at least ${required} (${order.join(" < ")}). Reach it, or print the level actually proven.`;
}
/** The implementation gate of one agent. */
function implementationAgentGate(agent, summary) {
    const id = agent.agentId;
    const fail = (code, detail, extra = {}) => (0,util/* gateResult */.xp)("implementation", id, false, code, detail, summary, extra);
    if (summary === null) {
        return fail("missing-summary", `No execution summary for ${id}: the agent did not run or its output was not read.`);
    }
    const contract = activeContract(agent.exitContract);
    const proof = summary.proof;
    if (contract) {
        // Every required marker still absent, in gate order: a failure lists them all, so the agent
        // can print them all in its next run instead of discovering one per run.
        const absent = absentMarkers(agent, summary);
        const missing = (code, invalidCode, extra = {}) => {
            const problem = (0,util/* markerProblems */.XE)(summary, id, absent);
            return fail(problem.invalid ? invalidCode : code, problem.detail, extra);
        };
        const failWithRest = (code, detail, extra = {}) => fail(code, `${detail}${(0,util/* alsoMissingNote */.kc)(summary, absent)}`, extra);
        if (!proof)
            return missing("missing-wave-proof", "invalid-wave-proof-format");
        if (proof.state !== "met")
            return failWithRest("wave-proof-gap", proofGapDetail(id, proof.detail));
        const completion = levelGap(id, "completion", proof.completion, contract.completion, wave_schema/* COMPLETION_LEVELS */.Au);
        if (completion)
            return failWithRest("completion-gap", completion);
        const durability = levelGap(id, "durability", proof.durability, contract.durability, wave_schema/* DURABILITY_LEVELS */.iy);
        if (durability)
            return failWithRest("durability-gap", durability);
        const level = levelGap(id, "proof level", proof.proof, contract.proof, wave_schema/* PROOF_LEVELS */.te);
        if (level)
            return failWithRest("proof-level-gap", level);
        if (!summary.docDelta)
            return missing("missing-doc-delta", "invalid-doc-delta-format");
        const docs = levelGap(id, "doc impact", summary.docDelta.state, contract.docImpact, wave_schema/* DOC_IMPACT_LEVELS */.ce);
        if (docs)
            return failWithRest("doc-impact-gap", docs);
        for (const componentId of agent.components) {
            const marker = summary.components.find((c) => c.componentId === componentId);
            if (!marker) {
                const problem = (0,util/* markerProblems */.XE)(summary, id, absent);
                const detail = absent.length === 1 && !problem.invalid
                    ? `${id} owns component ${componentId} but printed no [wave-component] marker for it. Print: ${absent[0].syntax}.`
                    : problem.detail;
                return fail(problem.invalid ? "invalid-wave-component-format" : "missing-wave-component", detail, { componentId });
            }
            const target = agent.componentTargets[componentId] ?? null;
            if (target !== null && marker.level !== target) {
                return failWithRest("component-level-mismatch", `${id} reported component ${componentId} at level ${marker.level} (line ${marker.line}); this wave promotes it to ${target}. Report level=${target} once it is reached.`, { componentId });
            }
            if (marker.state !== "met") {
                return failWithRest("component-gap", `${id} reported a gap for component ${componentId}${marker.detail ? `: ${marker.detail}` : "."} Close it before the wave can pass.`, { componentId });
            }
        }
    }
    else if (proof && proof.state !== "met") {
        return fail("wave-proof-gap", proofGapDetail(id, proof.detail));
    }
    const files = filesGate(agent, summary);
    if (files)
        return files;
    return (0,util/* gateResult */.xp)("implementation", id, true, "pass", contract ? `Exit contract satisfied for ${id}.` : `${id} finished; no exit contract declared.`, summary);
}
/** The markers an agent with an exit contract must print and has not (accepted): proof, doc delta, one per owned component. */
function absentMarkers(agent, summary) {
    const absent = [];
    if (!summary.proof)
        absent.push({ kind: "proof" });
    if (!summary.docDelta)
        absent.push({ kind: "doc-delta" });
    for (const componentId of agent.components) {
        if (summary.components.some((c) => c.componentId === componentId))
            continue;
        const level = agent.componentTargets[componentId] ?? "<level>";
        absent.push({ kind: "component", componentId, syntax: `[wave-component] component=${componentId} level=${level} state=met|gap detail=<text>` });
    }
    return absent;
}
function proofGapDetail(agentId, detail) {
    return `${agentId} reported a proof gap (state=gap)${detail ? `: ${detail}` : "."} Close the gap and print [wave-proof] … state=met.`;
}
/** A named file the summary refused to read (see `readRefusal`): the reason, and what to do. */
function unreadDetail(agentId, what, path, problem) {
    return `${what} ${path} ${problem}, so it was not read. ${agentId} must write it as a file inside the repository.`;
}
function filesGate(agent, summary) {
    const id = agent.agentId;
    for (const path of agent.deliverables) {
        const fact = summary.deliverables.find((d) => d.path === path);
        if (!fact) {
            return (0,util/* gateResult */.xp)("implementation", id, false, "missing-deliverable-summary", `The summary of ${id} has no record of deliverable ${path}; rebuild it.`, summary);
        }
        if (fact.problem) {
            return (0,util/* gateResult */.xp)("implementation", id, false, "unsafe-deliverable", unreadDetail(id, "deliverable", path, fact.problem), summary);
        }
        if (!fact.exists) {
            return (0,util/* gateResult */.xp)("implementation", id, false, "missing-deliverable", `${id} did not create its deliverable ${path} (declared under ### Deliverables).`, summary);
        }
    }
    for (const artifact of agent.proofArtifacts) {
        if (!proofArtifactRequired(agent, artifact))
            continue;
        const fact = summary.proofArtifacts.find((a) => a.path === artifact.path);
        if (!fact) {
            return (0,util/* gateResult */.xp)("implementation", id, false, "missing-proof-artifact-summary", `The summary of ${id} has no record of proof artifact ${artifact.path}; rebuild it.`, summary);
        }
        if (fact.problem) {
            return (0,util/* gateResult */.xp)("implementation", id, false, "unsafe-proof-artifact", unreadDetail(id, "proof artifact", artifact.path, fact.problem), summary);
        }
        if (!fact.exists) {
            return (0,util/* gateResult */.xp)("implementation", id, false, "missing-proof-artifact", `${id} did not write its proof artifact ${artifact.path}${artifact.kind ? ` (${artifact.kind})` : ""} (declared under ### Proof artifacts).`, summary);
        }
    }
    return null;
}
/** The implementation gate of every checked agent, in wave order. */
function implementationGates(inputs) {
    return implementationGateAgents(inputs).map((agent) => implementationAgentGate(agent, (0,util/* summaryOf */.YG)(inputs, agent.agentId)));
}

;// CONCATENATED MODULE: ./src/closure/plan.ts
/**
 * Closure-stage planning: cont-eval → security → integration → documentation → cont-qa, from the
 * wave definition and the policy only. A closure-only retry or a resume plans the same way (the
 * reference planned from the selected runs and failed earlier stages with `missing-closure-run`,
 * §11.9); whether an agent is relaunched or its summary reused is the engine's choice.
 */


const STAGE_LABELS = {
    "cont-eval": "cont-EVAL",
    security: "Security review",
    integration: "Integration",
    documentation: "Documentation closure",
    "cont-qa": "cont-QA",
};
/** Declared agents holding a closure stage, in wave order. */
function stageAgentIds(wave, roles, stage) {
    switch (stage) {
        case "cont-eval":
            return (0,util/* declaredIds */.fW)(wave, [roles.contEvalAgentId]);
        case "security":
            return (0,util/* declaredIds */.fW)(wave, roles.securityAgentIds);
        case "integration":
            return (0,util/* declaredIds */.fW)(wave, [roles.integrationAgentId]);
        case "documentation":
            return (0,util/* declaredIds */.fW)(wave, [roles.documentationAgentId]);
        case "cont-qa":
            return (0,util/* declaredIds */.fW)(wave, [roles.contQaAgentId]);
    }
}
function planClosureStages(wave, roles, policy) {
    const agentsByStage = new Map(wave_schema/* CLOSURE_STAGES */.Et.map((stage) => [stage, stageAgentIds(wave, roles, stage)]));
    // Stryker disable next-line OptionalChaining: the map has an entry for every stage
    const otherStagesHaveAgents = wave_schema/* CLOSURE_STAGES */.Et.some((s) => s !== "cont-qa" && (agentsByStage.get(s)?.length ?? 0) > 0);
    return wave_schema/* CLOSURE_STAGES */.Et.map((stage) => {
        // Stryker disable next-line ArrayDeclaration: the map has an entry for every stage, so the default is never used
        const agentIds = agentsByStage.get(stage) ?? [];
        const required = policy.requiredStages.includes(stage);
        let skipReason = null;
        let missingRun = false;
        if (stage === "cont-qa" &&
            policy.autoClosure.allowSkipContQaInBootstrap &&
            policy.closureMode === "bootstrap" &&
            !otherStagesHaveAgents) {
            skipReason = "cont-qa-bootstrap";
        }
        else if (agentIds.length === 0) {
            if (!required)
                skipReason = "not-declared";
            else if (policy.gateMode === "bootstrap" && stage !== "cont-qa")
                skipReason = "bootstrap";
            else
                missingRun = true;
        }
        return { stage, agentIds, required, skipReason, missingRun };
    });
}

;// CONCATENATED MODULE: ./src/closure/security.ts

function securityAgentGate(inputs, agentId) {
    const summary = (0,util/* summaryOf */.YG)(inputs, agentId);
    const fail = (code, detail) => (0,util/* gateResult */.xp)("security", agentId, false, code, detail, summary);
    const security = summary?.security ?? null;
    if (!security)
        return fail("missing-wave-security", (0,util/* markerProblem */.M2)(summary, "security", agentId).detail);
    const report = (0,util/* reportFact */.Hf)(inputs, agentId, summary);
    if (report.path === null) {
        return fail("missing-security-report", util/* NO_REPORT_PATH */.T1.security(agentId));
    }
    if (!report.exists)
        return fail("missing-security-report", `${agentId} did not write its security report ${report.path}.`);
    if (security.state === "clear" && (security.findings > 0 || security.approvals > 0)) {
        return fail("invalid-security-clear-state", `${agentId} reported state=clear with findings=${security.findings} approvals=${security.approvals}; clear means none remain open — report concerns or blocked instead.`);
    }
    if (security.state === "blocked") {
        return fail("security-blocked", `${agentId} blocked the wave on security grounds${security.detail ? `: ${security.detail}` : "."}`);
    }
    if (security.state === "concerns") {
        return (0,util/* gateResult */.xp)("security", agentId, true, "security-concerns", `${agentId} reported advisory concerns (${security.findings} finding(s))${security.detail ? `: ${security.detail}` : "."}`, summary);
    }
    return (0,util/* gateResult */.xp)("security", agentId, true, "pass", `${agentId} reported clear.`, summary);
}
/** One gate per declared security reviewer. */
function securityGates(inputs) {
    return (0,util/* declaredIds */.fW)(inputs.wave, inputs.roles.securityAgentIds).map((id) => securityAgentGate(inputs, id));
}

;// CONCATENATED MODULE: ./src/closure/stages.ts












/** Status codes of gates satisfied without their agent (the stage need not launch). */
const AUTO_CLOSURE_CODES = ["integration-inferred", "doc-auto-no-change", "doc-auto-closed"];
function isAutoClosure(gate) {
    return gate.ok && gate.agentId === null && AUTO_CLOSURE_CODES.includes(gate.statusCode);
}
/** Gates to check after the implementation agents ran, in order. */
function implementationStageGates(inputs) {
    return [...designGates(inputs), ...implementationGates(inputs), ...componentPromotionGates(inputs)];
}
function planOf(inputs, plan) {
    return plan ?? planClosureStages(inputs.wave, inputs.roles, inputs.policy);
}
function entryOf(plan, stage) {
    const entry = plan.find((p) => p.stage === stage);
    if (!entry)
        throw new Error(`closure plan has no stage ${stage}`);
    return entry;
}
function agentGates(stage, inputs) {
    switch (stage) {
        case "cont-eval":
            return [contEvalGate(inputs)];
        case "security":
            return securityGates(inputs);
        case "integration":
            return [integrationGate(inputs)];
        case "documentation":
            return [documentationGate(inputs)];
        case "cont-qa":
            return [contQaGate(inputs)];
    }
}
/** The stage's own gate when it is an auto-closure (same function, so the final verdict agrees). */
function autoClosureOf(stage, inputs) {
    const gate = stage === "integration" ? integrationGate(inputs) : stage === "documentation" ? documentationGate(inputs) : null;
    return gate && isAutoClosure(gate) ? gate : null;
}
// Stryker disable next-line ArrayDeclaration: a placeholder entry has no agentId, so it matches no gate, like the empty default
function evaluation(stage, gates, forwarded = []) {
    const failure = gates.find((g) => !g.ok && !forwarded.some((f) => f.agentId === g.agentId && g.statusCode === "wave-proof-gap")) ?? null;
    return { stage, gates, ok: failure === null, failure, forwarded };
}
/** Documentation also runs the component-matrix gate once the documentation gate passed. */
function withMatrix(stage, inputs, gates) {
    // Stryker disable next-line MethodExpression: every caller passes the stage's single gate, so every and some agree
    if (stage !== "documentation" || !gates.every((g) => g.ok))
        return gates;
    return [...gates, componentMatrixGate(inputs)];
}
/** Settles a stage that has no agent to run: auto-closure, skip, or `missing-closure-run`. */
function settleWithoutAgents(entry, inputs) {
    const { stage } = entry;
    if (entry.skipReason === "cont-qa-bootstrap") {
        return evaluation(stage, [
            (0,util/* skippedGate */.Gq)(stage, "cont-QA skipped: bootstrap closure mode and no other closure stage has agents (autoClosure.allowSkipContQaInBootstrap)."),
        ]);
    }
    const auto = autoClosureOf(stage, inputs);
    if (auto)
        return evaluation(stage, withMatrix(stage, inputs, [auto]));
    if (entry.skipReason === "bootstrap") {
        return evaluation(stage, withMatrix(stage, inputs, [(0,util/* skippedGate */.Gq)(stage, `${STAGE_LABELS[stage]} skipped: no agent and the wave is in bootstrap gate mode.`)]));
    }
    if (entry.missingRun) {
        return evaluation(stage, [
            (0,util/* gateResult */.xp)(stage, null, false, "missing-closure-run", `${STAGE_LABELS[stage]} is required for wave ${inputs.wave.wave} but no agent of the wave holds that role; declare one.`),
        ]);
    }
    return evaluation(stage, withMatrix(stage, inputs, [(0,util/* skippedGate */.Gq)(stage, `${STAGE_LABELS[stage]}: no agent in this wave and not required.`)]));
}
/** What to do for a stage before launching: the agents to launch, or the settled result. */
function stageLaunchDecision(stage, inputs, plan) {
    const entry = entryOf(planOf(inputs, plan), stage);
    if (entry.agentIds.length === 0 || entry.skipReason !== null) {
        return { stage, launch: [], settled: settleWithoutAgents(entry, inputs) };
    }
    const auto = autoClosureOf(stage, inputs);
    if (auto)
        return { stage, launch: [], settled: evaluation(stage, withMatrix(stage, inputs, [auto])) };
    return { stage, launch: [...entry.agentIds], settled: null };
}
/** Evaluates a closure stage (after its agents ran, or settled without them). */
function gateForStage(stage, inputs, plan) {
    const stages = planOf(inputs, plan);
    const entry = entryOf(stages, stage);
    if (entry.agentIds.length === 0 || entry.skipReason !== null)
        return settleWithoutAgents(entry, inputs);
    const later = stages
        .slice(stages.indexOf(entry) + 1)
        .filter((p) => p.skipReason === null)
        .flatMap((p) => p.agentIds);
    const forwarded = [];
    const gates = withMatrix(stage, inputs, agentGates(stage, inputs)).map((gate) => {
        if (!gate.ok || gate.agentId === null || gate.stage === "component-matrix")
            return gate;
        // Stryker disable next-line OptionalChaining: a gate passes for an agent only after reading that agent's summary, so it is never null here
        const proof = (0,util/* summaryOf */.YG)(inputs, gate.agentId)?.proof;
        if (!proof || proof.state === "met")
            return gate;
        const base = `${gate.agentId} (${STAGE_LABELS[stage]}) reported a proof gap${proof.detail ? `: ${proof.detail}` : ""}`;
        if (later.length === 0)
            return { ...gate, ok: false, statusCode: "wave-proof-gap", detail: `${base}.` };
        const record = {
            id: `wave-${inputs.wave.wave}-closure-gap-${stage}-${gate.agentId}-attempt-${inputs.attempt ?? 1}`,
            kind: "blocker",
            stage,
            agentId: gate.agentId,
            targets: later,
            blocking: true,
            blockerSeverity: "closure-critical",
            priority: "high",
            summary: `${STAGE_LABELS[stage]} proof gap from ${gate.agentId}`,
            detail: proof.detail ?? `${gate.agentId} printed [wave-proof] state=gap.`,
        };
        forwarded.push(record);
        return { ...gate, ok: false, statusCode: "wave-proof-gap", detail: `${base}; forwarded to ${later.join(", ")} as blocker ${record.id}.` };
    });
    return evaluation(stage, gates, forwarded);
}
/**
 * The wave's verdict from the same functions the sweep uses. Closure stages are evaluated only
 * when the implementation-stage gates and the helper assignments pass, up to the first stage that
 * stops the sweep.
 */
function evaluateWaveGates(inputs, plan) {
    const stages = planOf(inputs, plan);
    const gates = implementationStageGates(inputs);
    const forwarded = [];
    // Helper assignments are answered by implementation agents: settled before the closure sweep.
    const helper = gates.every((g) => g.ok) ? helperAssignmentGate(inputs) : null;
    if (helper)
        gates.push(helper);
    if (helper?.ok) {
        for (const stage of CLOSURE_STAGES) {
            const result = gateForStage(stage, inputs, stages);
            gates.push(...result.gates);
            forwarded.push(...result.forwarded);
            if (result.failure)
                break;
        }
    }
    const clarification = clarificationGate(inputs);
    gates.push(infraGate(inputs), clarification);
    const failure = gates.find((g) => !g.ok) ?? null;
    return { gates, ok: failure === null, failure, blocked: !clarification.ok, forwarded };
}

;// CONCATENATED MODULE: ./src/closure/static.ts






function withoutAgents(inputs) {
    return {
        wave: inputs.wave,
        roles: inputs.roles,
        policy: inputs.policy,
        summaries: {},
        // Stryker disable next-line ObjectLiteral: gates read coordination?.openBlockers ?? [], so no records and an empty list agree
        coordination: { openBlockers: [] },
        componentMatrix: inputs.componentMatrix ?? null,
        componentMatrixProblem: inputs.componentMatrixProblem ?? null,
        benchmarkFamilies: null,
        attempt: 1,
    };
}
function reportPathFailures(inputs) {
    const { wave, roles } = inputs;
    const out = [];
    const path = (id) => roles.reportPaths[id] ?? null;
    if ((0,util/* isDeclared */.vo)(wave, roles.contQaAgentId) && path(roles.contQaAgentId) === null) {
        out.push((0,util/* gateResult */.xp)("cont-qa", roles.contQaAgentId, false, "missing-cont-qa-report", util/* NO_REPORT_PATH */.T1["cont-qa"](roles.contQaAgentId, wave.wave)));
    }
    if ((0,util/* isDeclared */.vo)(wave, roles.contEvalAgentId)) {
        const id = roles.contEvalAgentId;
        if (path(id) === null) {
            out.push((0,util/* gateResult */.xp)("cont-eval", id, false, "missing-cont-eval-report", util/* NO_REPORT_PATH */.T1["cont-eval"](id)));
        }
        if (wave.evalTargets.length === 0) {
            out.push((0,util/* gateResult */.xp)("cont-eval", id, false, "missing-cont-eval-contract", (0,util/* noEvalContract */.iF)(wave.wave, id)));
        }
    }
    for (const id of (0,util/* declaredIds */.fW)(wave, roles.securityAgentIds)) {
        if (path(id) === null) {
            out.push((0,util/* gateResult */.xp)("security", id, false, "missing-security-report", util/* NO_REPORT_PATH */.T1.security(id)));
        }
    }
    for (const id of (0,util/* declaredIds */.fW)(wave, roles.designAgentIds)) {
        if (path(id) === null) {
            out.push((0,util/* gateResult */.xp)("design", id, false, "missing-design-packet", util/* NO_REPORT_PATH */.T1.design(id)));
        }
    }
    return out;
}
const CONTRACT_LEVELS = [
    ["completion", "completion-gap", wave_schema/* COMPLETION_LEVELS */.Au],
    ["durability", "durability-gap", wave_schema/* DURABILITY_LEVELS */.iy],
    ["proof", "proof-level-gap", wave_schema/* PROOF_LEVELS */.te],
    ["docImpact", "doc-impact-gap", wave_schema/* DOC_IMPACT_LEVELS */.ce],
];
/** An exit contract level that no marker can meet (not one of the level names). */
function exitContractFailures(inputs) {
    const out = [];
    for (const agent of implementationGateAgents(inputs)) {
        const contract = agent.exitContract;
        if (!contract)
            continue;
        for (const [key, code, order] of CONTRACT_LEVELS) {
            const value = contract[key];
            if (value === null || value === "" || order.includes(value))
                continue;
            out.push((0,util/* gateResult */.xp)("implementation", agent.agentId, false, code, `${agent.agentId}'s exit contract asks for ${key === "docImpact" ? "doc impact" : key} "${value}", which is not one of ${order.join(", ")}.`));
        }
    }
    return out;
}
/** Required closure stages that no agent holds and that cannot close on their own. */
function closureRunFailures(inputs) {
    const plan = planClosureStages(inputs.wave, inputs.roles, inputs.policy);
    const out = [];
    for (const stage of wave_schema/* CLOSURE_STAGES */.Et) {
        const entry = plan.find((p) => p.stage === stage);
        // Stryker disable next-line OptionalChaining: the plan has an entry for every closure stage
        if (!entry?.missingRun)
            continue;
        // Stryker disable next-line OptionalChaining: a stage missing its run has no agent, so the decision is always settled
        const failure = stageLaunchDecision(stage, inputs, plan).settled?.failure;
        if (failure && failure.statusCode === "missing-closure-run")
            out.push(failure);
    }
    return out;
}
/**
 * Every gate failure that happens on every run of this wave, whatever its agents do, in gate
 * order. Empty for a wave that well-behaved agents can pass.
 */
function staticGateFailures(inputs) {
    const base = withoutAgents(inputs);
    const out = [];
    out.push(...reportPathFailures(base).filter((g) => g.stage === "design"));
    out.push(...exitContractFailures(base));
    // Without summaries the promotion gates fail for every promotion; only those naming no agent
    // (no promotions at all, or nobody owns the component) are independent of the agents.
    out.push(...componentPromotionGates(base).filter((g) => !g.ok && g.agentId === null));
    out.push(...reportPathFailures(base).filter((g) => g.stage !== "design"));
    out.push(...closureRunFailures(base));
    if (!inputs.componentMatrixWritable && base.wave.componentPromotions.length > 0) {
        const matrix = componentMatrixGate(base);
        if (!matrix.ok) {
            out.push({
                ...matrix,
                detail: `${matrix.detail} No agent of wave ${base.wave.wave} owns the component matrix, so no run can change it.`,
            });
        }
    }
    return out;
}
/** The same failure (stage, agent, status code) as one of `known`. */
function isStaticFailure(failure, known) {
    return known.some((g) => g.stage === failure.stage && g.agentId === failure.agentId && g.statusCode === failure.statusCode);
}

;// CONCATENATED MODULE: ./src/closure/index.ts
/** Pure gate functions and closure-stage planning. */














/***/ }),

/***/ 2953:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $L: () => (/* binding */ terminationNote),
/* harmony export */   Gq: () => (/* binding */ skippedGate),
/* harmony export */   Hf: () => (/* binding */ reportFact),
/* harmony export */   M2: () => (/* binding */ markerProblem),
/* harmony export */   T1: () => (/* binding */ NO_REPORT_PATH),
/* harmony export */   Tm: () => (/* binding */ rank),
/* harmony export */   XE: () => (/* binding */ markerProblems),
/* harmony export */   YG: () => (/* binding */ summaryOf),
/* harmony export */   Z6: () => (/* binding */ listIds),
/* harmony export */   d7: () => (/* binding */ meetsOrExceeds),
/* harmony export */   dQ: () => (/* binding */ isBarrierRecord),
/* harmony export */   fW: () => (/* binding */ declaredIds),
/* harmony export */   iF: () => (/* binding */ noEvalContract),
/* harmony export */   kc: () => (/* binding */ alsoMissingNote),
/* harmony export */   u_: () => (/* binding */ blockingRecords),
/* harmony export */   vo: () => (/* binding */ isDeclared),
/* harmony export */   vu: () => (/* binding */ forwardedIds),
/* harmony export */   xp: () => (/* binding */ gateResult)
/* harmony export */ });
/* unused harmony export describeDiagnostic */
/* harmony import */ var _signals_grammar_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8404);
/**
 * Small shared pieces of the gate functions: result builders, level ordering, and the detail text
 * that explains missing or rejected markers (all of an agent's at once).
 */

function summaryOf(inputs, agentId) {
    if (agentId === null)
        return null;
    return inputs.summaries[agentId] ?? null;
}
function isDeclared(wave, agentId) {
    return agentId !== null && wave.agents.some((a) => a.agentId === agentId);
}
/** The agents of `ids` the wave declares, in wave order (an absent role, null, names none). */
function declaredIds(wave, ids) {
    return wave.agents.filter((a) => ids.includes(a.agentId)).map((a) => a.agentId);
}
function gateResult(stage, agentId, ok, statusCode, detail, summary, extra = {}) {
    const result = { stage, agentId, ok, statusCode, detail };
    if (summary?.logPath)
        result.logPath = summary.logPath;
    return { ...result, ...extra };
}
function skippedGate(stage, detail) {
    return { stage, agentId: null, ok: true, statusCode: "skipped", detail, skipped: true };
}
/** Position of `value` in an ordered level list (-1 when unknown). */
function rank(order, value) {
    return value == null ? -1 : order.indexOf(value);
}
/** `actual` meets or exceeds `required` in `order`; a null requirement is always met. */
function meetsOrExceeds(actual, required, order) {
    if (required === null || required === "")
        return true;
    const need = rank(order, required);
    return need !== -1 && rank(order, actual) >= need;
}
/** " The agent stopped early: Reached max turns (30)." or "". */
function terminationNote(summary) {
    const hint = summary?.termination.hint;
    return hint ? ` The agent stopped early: ${hint}.` : "";
}
function lastRejected(summary, kind, componentId) {
    const samples = summary.diagnostics.samples.filter((d) => d.kind === kind && d.severity === "error" && (componentId === undefined || d.componentId === componentId));
    return samples.at(-1) ?? null;
}
function describeDiagnostic(d) {
    return `line ${d.line}: ${d.reason}: \`${d.text}\``;
}
const NONCE_NOTE = " (with nonce=<WAVE_MARKER_NONCE> when nonces are on)";
const MARKERS_DOC = "See docs/markers.md for every marker.";
function absence(summary, wanted) {
    const spec = (0,_signals_grammar_js__WEBPACK_IMPORTED_MODULE_0__/* .markerSpec */ .C_)(wanted.kind);
    const tag = `[${spec.tag}]`;
    const count = summary.diagnostics.counts[wanted.kind];
    const forComponent = wanted.componentId === undefined ? null : lastRejected(summary, wanted.kind, wanted.componentId);
    const invalid = forComponent !== null || (count !== undefined && count.rejected > 0 && count.accepted === 0);
    const sample = invalid ? (forComponent ?? lastRejected(summary, wanted.kind)) : null;
    return {
        label: wanted.componentId === undefined ? tag : `${tag} component=${wanted.componentId}`,
        tag,
        syntax: wanted.syntax ?? (0,_signals_grammar_js__WEBPACK_IMPORTED_MODULE_0__/* .markerSyntax */ .Kq)(wanted.kind),
        needsNonce: spec.needsNonce,
        invalid,
        times: count && count.rejected > 1 ? `${count.rejected} times` : "once",
        where: sample ? ` Rejected ${describeDiagnostic(sample)}.` : "",
    };
}
/**
 * Why accepted markers are absent, listing every one in `wanted` (the markers the gate still
 * needs from this agent, in the gate's order) so the agent can fix them all in one run. `invalid`
 * follows the first one: marker lines of that kind were seen but all rejected. A single marker gets
 * the detail of `markerProblem`.
 */
function markerProblems(summary, agentId, wanted) {
    if (wanted.length === 0)
        throw new Error("markerProblems needs at least one marker");
    const tags = wanted.map((w) => `[${(0,_signals_grammar_js__WEBPACK_IMPORTED_MODULE_0__/* .markerSpec */ .C_)(w.kind).tag}]`);
    if (summary === null) {
        const seen = tags.length === 1 ? `no ${tags[0]} marker was seen` : `none of its markers (${tags.join(", ")}) was seen`;
        return {
            invalid: false,
            detail: `No execution summary for ${agentId}: the agent did not run or its output was not read, so ${seen}.`,
        };
    }
    const all = wanted.map((w) => absence(summary, w));
    const first = all[0];
    if (all.length === 1) {
        const nonceNote = first.needsNonce ? NONCE_NOTE : "";
        if (first.invalid) {
            return {
                invalid: true,
                detail: `${agentId} printed ${first.tag} ${first.times} but it was not accepted.${first.where} Print it on a line of its own, outside code blocks that hold other text, as: ${first.syntax}${nonceNote}.${terminationNote(summary)}`,
            };
        }
        return {
            invalid: false,
            detail: `${agentId} did not print a ${first.tag} marker. End its output with a line: ${first.syntax}${nonceNote}.${terminationNote(summary)}`,
        };
    }
    const problems = all.map((a) => (a.invalid ? `${a.label}: printed ${a.times} but not accepted.${a.where}` : `${a.label}: not printed.`));
    const nonceNote = all.some((a) => a.needsNonce) ? ` Gate markers need nonce=<WAVE_MARKER_NONCE> when nonces are on.` : "";
    return {
        invalid: first.invalid,
        detail: `${agentId} is missing ${all.length} required markers. ${problems.join(" ")} Print each on a line of its own, outside code blocks that hold other text: ${all.map((a) => a.syntax).join(" | ")}.${nonceNote} ${MARKERS_DOC}${terminationNote(summary)}`,
    };
}
/**
 * Why an accepted marker of `kind` is absent: `invalid` when marker lines of that kind were seen
 * but all rejected (the detail quotes the last rejected line and the reason).
 */
function markerProblem(summary, kind, agentId, options = {}) {
    return markerProblems(summary, agentId, [{ kind, ...options }]);
}
/**
 * " Also missing: …" for a gate that fails for another reason while required markers are still
 * absent, so the next run can print them too; "" when none is.
 */
function alsoMissingNote(summary, wanted) {
    if (summary === null || wanted.length === 0)
        return "";
    const all = wanted.map((w) => absence(summary, w));
    const labels = all.map((a) => (a.invalid ? `${a.label} (printed but not accepted)` : a.label));
    return ` Also missing: ${labels.join(", ")}; print ${all.map((a) => a.syntax).join(" | ")}.`;
}
const CLARIFICATION_KINDS = new Set(["human-feedback", "human-escalation", "clarification-request"]);
/** Open blockers that block the wave (severity not stale/advisory). */
function blockingRecords(inputs) {
    return (inputs.coordination?.openBlockers ?? []).filter((b) => b.severity !== "stale" && b.severity !== "advisory");
}
/**
 * A record that a barrier of its own settles (barriers.ts): human feedback and clarification
 * requests, requests that follow up a clarification, and requests addressed to a capability
 * (helper assignments). The other gates leave such records to their barrier, so one open question
 * fails one gate, with the status code that says what it is.
 */
function isBarrierRecord(record) {
    if (CLARIFICATION_KINDS.has(record.kind))
        return true;
    if (record.kind === "request" && record.followUpOf)
        return true;
    // Stryker disable next-line ArrayDeclaration: a default list is only searched for "capability:" targets, which a placeholder entry is not
    return (record.targets ?? []).some((t) => t.startsWith("capability:"));
}
function forwardedIds(inputs) {
    return new Set(inputs.coordination?.forwardedGaps ?? []);
}
function listIds(records, max = 3) {
    const shown = records.slice(0, max).map((r) => `${r.id} (${r.summary})`);
    const more = records.length > max ? ` and ${records.length - max} more` : "";
    return shown.join("; ") + more;
}
/** The expected report path of an agent and whether its summary saw it on disk. */
function reportFact(inputs, agentId, summary) {
    const path = inputs.roles.reportPaths[agentId] ?? summary?.reportPath ?? null;
    const exists = path !== null && summary?.report?.path === path && summary.report.exists;
    return { path, exists };
}
/**
 * Why a role agent that owns no report (or packet) path cannot pass, and why a cont-EVAL agent
 * without eval targets cannot: one text for the gate at run time and for validation (static.ts).
 */
const NO_REPORT_PATH = {
    "cont-qa": (id, wave) => `${id} owns no cont-QA report path (an owned file like docs/reviews/wave-${wave}-cont-qa.md).`,
    "cont-eval": (id) => `${id} owns no cont-EVAL report path (an owned .md or .txt file whose name contains "eval").`,
    security: (id) => `${id} owns no security report path (an owned .md or .txt file whose name contains "security").`,
    design: (id) => `${id} owns no design packet path (an owned .md file whose name contains "design", "handoff" or "decision-lineage").`,
};
function noEvalContract(wave, id) {
    return `Wave ${wave} has a cont-EVAL agent (${id}) but no "## Eval targets" section to evaluate against.`;
}


/***/ }),

/***/ 9052:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   QT: () => (/* binding */ parseModelProxyMode),
/* harmony export */   cV: () => (/* binding */ parseSandboxMode),
/* harmony export */   f: () => (/* reexport safe */ _sandbox_decide_js__WEBPACK_IMPORTED_MODULE_1__.f),
/* harmony export */   iB: () => (/* binding */ MODEL_PROXY_MODES),
/* harmony export */   pI: () => (/* binding */ DEFAULT_RUN_OPTIONS)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3916);
/* harmony import */ var _sandbox_decide_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2043);


const MODEL_PROXY_MODES = ["auto", "on", "off"];
/** `auto|on|off` (empty: `fallback`); anything else is an error naming `label`. */
function parseModelProxyMode(value, label, fallback = "off") {
    const v = (value ?? "").trim();
    if (v === "")
        return fallback;
    if (MODEL_PROXY_MODES.includes(v))
        return v;
    throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(`${label} must be one of ${MODEL_PROXY_MODES.join(", ")} (got "${v}")`);
}

function parseSandboxMode(value, label, fallback) {
    const v = (value ?? "").trim();
    if (v === "")
        return fallback;
    if (_sandbox_decide_js__WEBPACK_IMPORTED_MODULE_1__/* .SANDBOX_MODES */ .f.includes(v))
        return v;
    throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(`${label} must be one of ${_sandbox_decide_js__WEBPACK_IMPORTED_MODULE_1__/* .SANDBOX_MODES */ .f.join(", ")} (got "${v}")`);
}
const DEFAULT_RUN_OPTIONS = {
    timeoutMinutes: 60,
    idleTimeoutMinutes: null,
    maxAttempts: 2,
    maxParallelAgents: 0,
    rateLimitRetries: 2,
    rateLimitBaseDelaySeconds: 20,
    rateLimitMaxDelaySeconds: 180,
    dryRun: false,
    resume: "auto",
    forceResume: false,
    feedback: null,
    tmux: false,
    requireMarkerNonce: false,
    allowGithubToken: false,
    redact: [],
    captureChanges: true,
    agentUser: { kind: "auto" },
    maxBudgetUsd: null,
    resumeSessions: true,
    modelProxy: "off",
};


/***/ }),

/***/ 2043:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   K$: () => (/* binding */ missingPackages),
/* harmony export */   MF: () => (/* binding */ decideSandbox),
/* harmony export */   f: () => (/* binding */ SANDBOX_MODES)
/* harmony export */ });
/* unused harmony exports INSTALL_FIX, USERNS_FIX, sandboxProblem */
/**
 * Whether agents run in the sandbox: the `sandbox: auto|on|off` request and the facts of this
 * machine (probe.ts gathers them) decide it. Pure.
 *
 *   off  — never.
 *   on   — always; when the sandbox cannot work here the run fails before any agent starts, with
 *          what is missing and how to fix it.
 *   auto — on where it works; elsewhere off with a loud warning naming the missing piece and the
 *          fix (never silently).
 *
 * On Ubuntu 24.04 (`kernel.apparmor_restrict_unprivileged_userns = 1`) bubblewrap cannot make its
 * namespaces until AppArmor lets it: when this process may change that (it is root, or it has
 * passwordless sudo) the answer is `fix-userns` — the caller sets it up, says what it changed, and
 * asks again with `usernsFixTried`.
 */
const SANDBOX_MODES = ["auto", "on", "off"];
const INSTALL_FIX = "install them: sudo apt-get install -y bubblewrap socat ripgrep";
const USERNS_FIX = "let bubblewrap create user namespaces: install an AppArmor profile for bwrap with the `userns` rule (/etc/apparmor.d/bwrap), or run sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0";
/** The Debian packages of the programs that are missing (what apt-get installs on a runner). */
function missingPackages(facts) {
    return [facts.bwrap ? null : "bubblewrap", facts.socat ? null : "socat", facts.rg ? null : "ripgrep"].filter((p) => p !== null);
}
/** What keeps the sandbox from working here, with the fix; null when nothing does. */
function sandboxProblem(facts) {
    if (facts.platform !== "linux")
        return `the sandbox runs agents with bubblewrap, which needs Linux (this is ${facts.platform})`;
    if (facts.arch !== "x64" && facts.arch !== "arm64")
        return `the sandbox supports x64 and arm64 machines (this is ${facts.arch})`;
    const missing = [
        facts.bwrap ? null : "bubblewrap (bwrap)",
        facts.socat ? null : "socat",
        facts.rg ? null : "ripgrep (rg)",
    ].filter((m) => m !== null);
    if (missing.length > 0)
        return `${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} not installed; ${INSTALL_FIX}`;
    if (facts.probeError) {
        const userns = facts.apparmorRestrictsUserns === true ? `; AppArmor restricts unprivileged user namespaces here: ${USERNS_FIX}` : "";
        return `bubblewrap does not start here (${facts.probeError})${userns}`;
    }
    return null;
}
function decideSandbox(request, facts) {
    if (request === "off")
        return { kind: "off", warning: null };
    const problem = sandboxProblem(facts);
    if (!problem)
        return { kind: "on" };
    if (facts.probeError && facts.apparmorRestrictsUserns === true && facts.canBeRoot && !facts.usernsFixTried)
        return { kind: "fix-userns" };
    if (request === "on")
        return { kind: "error", message: `sandbox is on, but it cannot work here: ${problem}` };
    return { kind: "off", warning: `sandbox: agents run WITHOUT the sandbox (no network allow-list, no file rules): ${problem}` };
}


/***/ }),

/***/ 1186:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $F: () => (/* binding */ allowSettingFor),
/* harmony export */   Qt: () => (/* binding */ allowedEntryProblem),
/* harmony export */   nm: () => (/* binding */ expandAllowed),
/* harmony export */   wh: () => (/* binding */ PROVIDER_HOSTS)
/* harmony export */ });
/* unused harmony exports ECOSYSTEMS, isEcosystem */
/**
 * The one table of `network.allowed` ecosystems (the hosts each name stands for) and of the model
 * API hosts each executor reaches when the model proxy does not carry it. An entry of
 * `network.allowed` that is not an ecosystem name is a domain (`example.com`, `*.example.com`,
 * optionally with `:port`).
 */
const ECOSYSTEMS = {
    /** npm and its registry mirrors' usual hosts. */
    node: ["registry.npmjs.org", "registry.yarnpkg.com", "repo.yarnpkg.com", "nodejs.org"],
    /** PyPI: the index and the file host. */
    python: ["pypi.org", "files.pythonhosted.org", "pypi.python.org"],
    /** GitHub: the site, its API, archives, raw and release files, and its container registry. */
    github: [
        "github.com",
        "api.github.com",
        "codeload.github.com",
        "objects.githubusercontent.com",
        "raw.githubusercontent.com",
        "release-assets.githubusercontent.com",
        "ghcr.io",
        "pkg-containers.githubusercontent.com",
    ],
};
function isEcosystem(name) {
    return Object.hasOwn(ECOSYSTEMS, name);
}
/**
 * The model API hosts of each executor's providers, allowed to an agent the model proxy does not
 * carry (with the proxy on, the agent reaches only the proxy). A base URL in the agent's
 * environment adds its own host.
 */
const PROVIDER_HOSTS = {
    claude: ["api.anthropic.com"],
    codex: ["api.openai.com", "chatgpt.com", "auth.openai.com"],
    opencode: ["api.anthropic.com", "api.openai.com", "openrouter.ai", "generativelanguage.googleapis.com", "models.dev"],
};
/** A domain pattern as the sandbox's allow-list takes it: a host or `*.host`, an optional `:port`. */
const DOMAIN = /^(?:\*\.)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?::\d{1,5})?$/;
/** Why `entry` is not a valid `network.allowed` entry, or null. */
function allowedEntryProblem(entry) {
    const e = entry.trim().toLowerCase();
    if (e === "")
        return "is empty";
    if (isEcosystem(e))
        return null;
    if (e === "*" || e.startsWith("*:"))
        return "would allow every host (list the hosts instead)";
    if (!DOMAIN.test(e))
        return `is neither an ecosystem (${Object.keys(ECOSYSTEMS).join(", ")}) nor a domain name`;
    return null;
}
/** The domain patterns `entries` stand for (ecosystems expanded, duplicates dropped, order kept). */
function expandAllowed(entries) {
    const out = new Set();
    for (const raw of entries) {
        const e = raw.trim().toLowerCase();
        if (e === "")
            continue;
        if (isEcosystem(e))
            for (const h of ECOSYSTEMS[e])
                out.add(h);
        else
            out.add(e);
    }
    return [...out];
}
/** The setting that would allow `host`: its ecosystem when one lists it, else the host itself. */
function allowSettingFor(host) {
    const h = host.toLowerCase();
    for (const [name, hosts] of Object.entries(ECOSYSTEMS)) {
        if (hosts.includes(h))
            return `network.allowed: [${name}]`;
    }
    return `network.allowed: [${h}]`;
}


/***/ }),

/***/ 8404:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   C_: () => (/* binding */ markerSpec),
/* harmony export */   Kq: () => (/* binding */ markerSyntax),
/* harmony export */   dq: () => (/* binding */ SPEC_BY_TAG),
/* harmony export */   e$: () => (/* binding */ parseMarkerBody)
/* harmony export */ });
/* unused harmony exports MARKER_SPECS, extractNonce, splitPairs, formatMarker */
/* harmony import */ var _wave_schema_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8486);
/* harmony import */ var _schema_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2390);
/**
 * The marker grammar: which keys each marker kind takes, how values are validated, how an accepted
 * marker is normalized, and how a normalized marker is printed back (canonical form).
 *
 * Body syntax (after the `[tag]`): `key=value` pairs; a key starts after whitespace and matches
 * `[a-z][a-z0-9_-]*` (case-insensitive); a value runs to the start of the next key, so values may
 * contain spaces; `detail=` swallows the rest of the line. `nonce=<token>` may stand anywhere (even
 * after `detail=`) and is removed before parsing. Text before the first key is positional (the
 * verdict of `[wave-verdict]`, the phase of `[wave-phase]`).
 */


const enumKey = (key, values, aliases, field = key) => ({
    key,
    field,
    type: "enum",
    values,
    aliases,
    required: true,
});
const intKey = (key, field = key) => ({ key, field, type: "int", required: true });
const csvKey = (key, field, lower = false) => ({ key, field, type: "csv", lower });
const tokenKey = (key, pattern, field = key) => ({
    key,
    field,
    type: "token",
    pattern,
    required: true,
});
const DETAIL = { key: "detail", field: "detail", type: "text" };
const LEVEL_TOKEN = /^[a-z0-9][a-z0-9._-]*$/i;
const COMPONENT_TOKEN = /^[a-z0-9][a-z0-9._-]*$/i;
const SPECS = [
    {
        kind: "proof",
        tag: "wave-proof",
        keys: [
            enumKey("completion", _wave_schema_js__WEBPACK_IMPORTED_MODULE_0__/* .COMPLETION_LEVELS */ .Au),
            enumKey("durability", _wave_schema_js__WEBPACK_IMPORTED_MODULE_0__/* .DURABILITY_LEVELS */ .iy),
            enumKey("proof", _wave_schema_js__WEBPACK_IMPORTED_MODULE_0__/* .PROOF_LEVELS */ .te),
            enumKey("state", _schema_js__WEBPACK_IMPORTED_MODULE_1__/* .PROOF_STATES */ .i6, { complete: "met" }),
            DETAIL,
        ],
    },
    { kind: "doc-delta", tag: "wave-doc-delta", keys: [enumKey("state", _wave_schema_js__WEBPACK_IMPORTED_MODULE_0__/* .DOC_IMPACT_LEVELS */ .ce), csvKey("paths", "paths"), DETAIL] },
    {
        kind: "doc-closure",
        tag: "wave-doc-closure",
        keys: [enumKey("state", _schema_js__WEBPACK_IMPORTED_MODULE_1__/* .DOC_CLOSURE_STATES */ .m7), csvKey("paths", "paths"), DETAIL],
    },
    {
        kind: "integration",
        tag: "wave-integration",
        keys: [enumKey("state", _schema_js__WEBPACK_IMPORTED_MODULE_1__/* .INTEGRATION_STATES */ .gZ), intKey("claims"), intKey("conflicts"), intKey("blockers"), DETAIL],
    },
    {
        kind: "eval",
        tag: "wave-eval",
        keys: [
            enumKey("state", _schema_js__WEBPACK_IMPORTED_MODULE_1__/* .EVAL_STATES */ .eB),
            intKey("targets"),
            intKey("benchmarks"),
            intKey("regressions"),
            csvKey("target_ids", "targetIds", true),
            csvKey("benchmark_ids", "benchmarkIds", true),
            DETAIL,
        ],
    },
    {
        kind: "security",
        tag: "wave-security",
        keys: [enumKey("state", _schema_js__WEBPACK_IMPORTED_MODULE_1__/* .SECURITY_STATES */ .uv), intKey("findings"), intKey("approvals"), DETAIL],
    },
    {
        kind: "design",
        tag: "wave-design",
        keys: [
            enumKey("state", _schema_js__WEBPACK_IMPORTED_MODULE_1__/* .DESIGN_STATES */ .Yg),
            intKey("decisions"),
            intKey("assumptions"),
            intKey("open_questions", "openQuestions"),
            DETAIL,
        ],
    },
    {
        kind: "gate",
        tag: "wave-gate",
        keys: [
            enumKey("architecture", _schema_js__WEBPACK_IMPORTED_MODULE_1__/* .GATE_VALUES */ .tU),
            enumKey("integration", _schema_js__WEBPACK_IMPORTED_MODULE_1__/* .GATE_VALUES */ .tU),
            enumKey("durability", _schema_js__WEBPACK_IMPORTED_MODULE_1__/* .GATE_VALUES */ .tU),
            enumKey("live", _schema_js__WEBPACK_IMPORTED_MODULE_1__/* .GATE_VALUES */ .tU),
            enumKey("docs", _schema_js__WEBPACK_IMPORTED_MODULE_1__/* .GATE_VALUES */ .tU),
            DETAIL,
        ],
    },
    { kind: "gap", tag: "wave-gap", keys: [enumKey("kind", _schema_js__WEBPACK_IMPORTED_MODULE_1__/* .GAP_KINDS */ .zG), DETAIL] },
    {
        kind: "component",
        tag: "wave-component",
        keys: [
            tokenKey("component", COMPONENT_TOKEN, "componentId"),
            tokenKey("level", LEVEL_TOKEN),
            enumKey("state", _schema_js__WEBPACK_IMPORTED_MODULE_1__/* .COMPONENT_STATES */ .bo, { complete: "met" }),
            DETAIL,
        ],
    },
    {
        kind: "verdict",
        tag: "wave-verdict",
        positional: "verdict",
        keys: [enumKey("verdict", _schema_js__WEBPACK_IMPORTED_MODULE_1__/* .VERDICTS */ .bk, { fail: "blocked" }), DETAIL],
    },
    { kind: "phase", tag: "wave-phase", positional: "phase", keys: [tokenKey("phase", /^[a-z0-9][a-z0-9_-]*$/i)] },
    {
        kind: "deploy-status",
        tag: "deploy-status",
        keys: [
            tokenKey("service", /^[a-z0-9_.:-]+$/i),
            enumKey("state", _schema_js__WEBPACK_IMPORTED_MODULE_1__/* .DEPLOY_STATES */ .d6, { "rolled-back": "rolledover", rollback: "rolledover" }),
            DETAIL,
        ],
    },
    {
        kind: "infra-status",
        tag: "infra-status",
        keys: [
            tokenKey("kind", /^[a-z0-9][a-z0-9_.-]*$/i),
            tokenKey("target", /^[a-z0-9_.:@/-]+$/i),
            tokenKey("state", /^[a-z0-9][a-z0-9_.-]*$/i),
            DETAIL,
        ],
    },
];
const MARKER_SPECS = new Map(SPECS.map((spec) => [spec.kind, { ...spec, needsNonce: _schema_js__WEBPACK_IMPORTED_MODULE_1__/* .NONCE_REQUIRED_KINDS */ .Oy.includes(spec.kind) }]));
const SPEC_BY_TAG = new Map([...MARKER_SPECS.values()].map((spec) => [spec.tag, spec]));
function markerSpec(kind) {
    const spec = MARKER_SPECS.get(kind);
    if (!spec)
        throw new Error(`no marker spec for ${kind}`);
    return spec;
}
const NONCE_RE = /(^|\s)nonce=(\S*)/gi;
/** Removes every `nonce=<token>` from a marker body; returns the last nonce value seen. */
function extractNonce(body) {
    if (!/nonce=/i.test(body))
        return { body, nonce: null };
    let nonce = null;
    // Stryker disable next-line StringLiteral: group 2 (\S*) always takes part in a match, so the default is never used
    for (const m of body.matchAll(NONCE_RE))
        nonce = m[2] ?? "";
    return { body: body.replace(NONCE_RE, "$1"), nonce };
}
function isKeyStartChar(code) {
    return (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
}
function isKeyChar(code) {
    return isKeyStartChar(code) || (code >= 48 && code <= 57) || code === 95 || code === 45;
}
function isSpace(code) {
    return code === 32 || code === 9;
}
/** Splits `a=1 b=two words detail=rest` into pairs; see the module comment for the rules. */
function splitPairs(body) {
    const starts = [];
    const n = body.length;
    for (let i = 0; i < n; i++) {
        if (i > 0 && !isSpace(body.charCodeAt(i - 1)))
            continue;
        if (!isKeyStartChar(body.charCodeAt(i)))
            continue;
        let j = i + 1;
        while (j < n && isKeyChar(body.charCodeAt(j)))
            j++;
        if (j >= n || body.charCodeAt(j) !== 61 /* = */)
            continue;
        const key = body.slice(i, j).toLowerCase();
        starts.push({ key, keyAt: i, valueAt: j + 1 });
        if (key === "detail")
            break;
        i = j;
    }
    const positional = (starts.length > 0 ? body.slice(0, starts[0].keyAt) : body).trim();
    const pairs = [];
    for (let k = 0; k < starts.length; k++) {
        const s = starts[k];
        const end = k + 1 < starts.length ? starts[k + 1].keyAt : n;
        pairs.push([s.key, unquote(body.slice(s.valueAt, end).trim())]);
    }
    return { positional, pairs };
}
function unquote(value) {
    if (value.length >= 2) {
        const first = value[0];
        if ((first === '"' || first === "'" || first === "`") && value[value.length - 1] === first) {
            return value.slice(1, -1).trim();
        }
    }
    return value;
}
function csvItems(raw, lower) {
    const items = [];
    if (!raw)
        return items;
    for (const part of raw.split(",")) {
        const item = part.trim();
        if (item.length === 0)
            continue;
        const value = lower ? item.toLowerCase() : item;
        if (!items.includes(value))
            items.push(value);
    }
    return items;
}
/** Validates one key's raw value; returns the normalized value or a rejection reason. */
function keyValue(keySpec, raw) {
    if (keySpec.type === "enum") {
        const lowered = raw.toLowerCase();
        const value = keySpec.aliases?.[lowered] ?? lowered;
        if (keySpec.values.includes(value))
            return { value };
        return { reason: `invalid value ${keySpec.key}=${raw.slice(0, 60)} (expected ${keySpec.values.join("|")})` };
    }
    if (keySpec.type === "int") {
        if (/^\d{1,9}$/.test(raw))
            return { value: Number(raw) };
        return { reason: `invalid value ${keySpec.key}=${raw.slice(0, 60)} (expected a whole number)` };
    }
    if (keySpec.pattern.test(raw))
        return { value: raw };
    return { reason: `invalid value ${keySpec.key}=${raw.slice(0, 60)}` };
}
/**
 * Validates a marker body against its spec. `expectedNonce` non-null: kinds that need a nonce must
 * carry exactly that value. Accepted values are keyed by field name.
 */
function parseMarkerBody(spec, rawBody, expectedNonce) {
    const { body, nonce } = extractNonce(rawBody);
    const { positional, pairs } = splitPairs(body);
    const given = new Map(pairs);
    const warnings = [];
    if (positional) {
        if (spec.positional && !given.has(spec.positional))
            given.set(spec.positional, unquote(positional));
        else
            warnings.push(`unexpected text "${positional.slice(0, 40)}"`);
    }
    const componentId = spec.kind === "component" ? given.get("component") || undefined : undefined;
    const values = {};
    let missing = null;
    for (const keySpec of spec.keys) {
        const raw = given.get(keySpec.key);
        given.delete(keySpec.key);
        if (keySpec.type === "text") {
            values[keySpec.field] = raw ? raw : null;
        }
        else if (keySpec.type === "csv") {
            values[keySpec.field] = csvItems(raw, keySpec.lower);
        }
        else if (raw === undefined || raw === "") {
            if (keySpec.required)
                (missing ??= []).push(keySpec.key);
        }
        else {
            const checked = keyValue(keySpec, raw);
            if ("reason" in checked)
                return { ok: false, reason: checked.reason, componentId };
            values[keySpec.field] = checked.value;
        }
    }
    if (missing !== null) {
        return { ok: false, reason: `missing ${missing.length === 1 ? "key" : "keys"} ${missing.join(",")}`, componentId };
    }
    if (spec.needsNonce && expectedNonce !== null) {
        if (nonce === null || nonce === "")
            return { ok: false, reason: "missing nonce", componentId };
        if (nonce !== expectedNonce)
            return { ok: false, reason: "wrong nonce", componentId };
    }
    if (given.size > 0)
        warnings.push(`unknown keys ${[...given.keys()].join(",")}`);
    return { ok: true, values, warnings };
}
/** Canonical one-line form of a normalized marker (keys in grammar order, empty values omitted). */
function formatMarker(kind, marker) {
    const spec = markerSpec(kind);
    const parts = [`[${spec.tag}]`];
    for (const keySpec of spec.keys) {
        const value = marker[keySpec.field];
        if (value === null || value === undefined)
            continue;
        // Stryker disable next-line BlockStatement: String() of a list is its comma join and list keys are never positional, so the lines below print the same; an empty list gives "", skipped there
        if (Array.isArray(value)) {
            if (value.length > 0)
                parts.push(`${keySpec.key}=${value.join(",")}`);
            continue;
        }
        const text = String(value);
        if (text === "")
            continue;
        parts.push(keySpec.key === spec.positional ? text : `${keySpec.key}=${text}`);
    }
    return parts.join(" ");
}
/** A template of a marker line, e.g. for gate details telling the agent what to print. */
function markerSyntax(kind, options = {}) {
    const spec = markerSpec(kind);
    const parts = [`[${spec.tag}]`];
    for (const keySpec of spec.keys) {
        let shape;
        if (keySpec.type === "enum")
            shape = keySpec.values.join("|");
        else if (keySpec.type === "int")
            shape = "<n>";
        else if (keySpec.type === "csv")
            shape = "<a,b>";
        else if (keySpec.type === "text")
            shape = "<text>";
        else
            shape = `<${keySpec.key}>`;
        parts.push(keySpec.key === spec.positional ? shape : `${keySpec.key}=${shape}`);
    }
    // Stryker disable next-line OptionalChaining: every marker spec has keys, so the last key is never undefined
    if (spec.needsNonce && options.nonce)
        parts.splice(parts.length - (spec.keys.at(-1)?.type === "text" ? 1 : 0), 0, `nonce=${options.nonce}`);
    return parts.join(" ");
}


/***/ }),

/***/ 2390:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Oy: () => (/* binding */ NONCE_REQUIRED_KINDS),
/* harmony export */   SN: () => (/* binding */ NON_BLOCKING_INFRA_STATES),
/* harmony export */   Yg: () => (/* binding */ DESIGN_STATES),
/* harmony export */   bk: () => (/* binding */ VERDICTS),
/* harmony export */   bo: () => (/* binding */ COMPONENT_STATES),
/* harmony export */   d6: () => (/* binding */ DEPLOY_STATES),
/* harmony export */   eB: () => (/* binding */ EVAL_STATES),
/* harmony export */   gZ: () => (/* binding */ INTEGRATION_STATES),
/* harmony export */   i6: () => (/* binding */ PROOF_STATES),
/* harmony export */   m7: () => (/* binding */ DOC_CLOSURE_STATES),
/* harmony export */   og: () => (/* binding */ GATE_DIMENSIONS),
/* harmony export */   s3: () => (/* binding */ ExecutionSummarySchema),
/* harmony export */   tU: () => (/* binding */ GATE_VALUES),
/* harmony export */   uv: () => (/* binding */ SECURITY_STATES),
/* harmony export */   zG: () => (/* binding */ GAP_KINDS)
/* harmony export */ });
/* unused harmony exports SIGNAL_KINDS, ProofMarkerSchema, DocDeltaMarkerSchema, DocClosureMarkerSchema, IntegrationMarkerSchema, EvalMarkerSchema, SecurityMarkerSchema, DesignMarkerSchema, GateMarkerSchema, GapMarkerSchema, ComponentMarkerSchema, VerdictMarkerSchema, PhaseMarkerSchema, DeployStatusMarkerSchema, InfraStatusMarkerSchema, SignalDiagnosticSchema, SignalCountSchema, TerminationFactsSchema, SignalMarkersShape, SignalResultSchema, FileFactSchema, SummaryVerdictSchema, TERMINATION_REASONS */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8816);
/* harmony import */ var _wave_schema_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8486);
/**
 * Zod schemas for structured marker lines, the streaming parser's result, and the per-agent
 * execution summary (`summary.json`). These are the single source of truth for those types.
 */


/** Every marker kind the parser recognizes (tag names without brackets, `wave-` prefix dropped). */
const SIGNAL_KINDS = (/* unused pure expression or super */ null && ([
    "proof",
    "doc-delta",
    "doc-closure",
    "integration",
    "eval",
    "security",
    "design",
    "gate",
    "gap",
    "component",
    "verdict",
    "phase",
    "deploy-status",
    "infra-status",
]));
/**
 * Kinds that count only with `nonce=<value>` when a nonce is set: the gate markers of closure and
 * design agents. Implementation markers (proof, doc-delta, component, gap) and status lines do not
 * need it.
 */
const NONCE_REQUIRED_KINDS = [
    "design",
    "eval",
    "security",
    "integration",
    "doc-closure",
    "gate",
    "verdict",
];
const PROOF_STATES = ["met", "gap"];
const COMPONENT_STATES = ["met", "gap"];
const DOC_CLOSURE_STATES = ["closed", "no-change", "delta"];
const INTEGRATION_STATES = ["ready-for-doc-closure", "needs-more-work"];
const EVAL_STATES = ["satisfied", "needs-more-work", "blocked"];
const SECURITY_STATES = ["clear", "concerns", "blocked"];
const DESIGN_STATES = ["ready-for-implementation", "needs-clarification", "blocked"];
const GATE_VALUES = ["pass", "concerns", "blocked", "gap"];
const GATE_DIMENSIONS = ["architecture", "integration", "durability", "live", "docs"];
const GAP_KINDS = ["architecture", "integration", "durability", "ops", "docs"];
/** `fail` is accepted and recorded as `blocked`. */
const VERDICTS = ["pass", "concerns", "blocked", "hold"];
/** `rolled-back` is accepted and recorded as `rolledover`. */
const DEPLOY_STATES = ["deploying", "healthy", "failed", "rolledover"];
/** `[infra-status]` states that do not block a wave; any other state fails the infra gate. */
const NON_BLOCKING_INFRA_STATES = [
    "conformant",
    "setup-required",
    "setup-in-progress",
    "action-required",
    "action-approved",
    "action-complete",
];
const line = zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().positive().describe("1-based line of the agent output where the marker stood");
const detail = zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable();
const ProofMarkerSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    completion: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(_wave_schema_js__WEBPACK_IMPORTED_MODULE_0__/* .COMPLETION_LEVELS */ .Au),
    durability: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(_wave_schema_js__WEBPACK_IMPORTED_MODULE_0__/* .DURABILITY_LEVELS */ .iy),
    proof: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(_wave_schema_js__WEBPACK_IMPORTED_MODULE_0__/* .PROOF_LEVELS */ .te),
    state: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(PROOF_STATES),
    detail,
    line,
});
const DocDeltaMarkerSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    state: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(_wave_schema_js__WEBPACK_IMPORTED_MODULE_0__/* .DOC_IMPACT_LEVELS */ .ce),
    paths: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    detail,
    line,
});
const DocClosureMarkerSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    state: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(DOC_CLOSURE_STATES),
    paths: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    detail,
    line,
});
const IntegrationMarkerSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    state: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(INTEGRATION_STATES),
    claims: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative(),
    conflicts: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative(),
    blockers: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative(),
    detail,
    line,
});
const EvalMarkerSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    state: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(EVAL_STATES),
    targets: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative(),
    benchmarks: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative(),
    regressions: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative(),
    targetIds: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    benchmarkIds: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    detail,
    line,
});
const SecurityMarkerSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    state: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(SECURITY_STATES),
    findings: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative(),
    approvals: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative(),
    detail,
    line,
});
const DesignMarkerSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    state: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(DESIGN_STATES),
    decisions: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative(),
    assumptions: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative(),
    openQuestions: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative(),
    detail,
    line,
});
const gateValue = zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(GATE_VALUES);
const GateMarkerSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    architecture: gateValue,
    integration: gateValue,
    durability: gateValue,
    live: gateValue,
    docs: gateValue,
    detail,
    line,
});
const GapMarkerSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({ kind: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(GAP_KINDS), detail, line });
const ComponentMarkerSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    componentId: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    level: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    state: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(COMPONENT_STATES),
    detail,
    line,
});
const VerdictMarkerSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({ verdict: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(VERDICTS), detail, line });
const PhaseMarkerSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({ phase: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), line });
const DeployStatusMarkerSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    service: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    state: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(DEPLOY_STATES),
    detail,
    line,
});
const InfraStatusMarkerSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    kind: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    target: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    state: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    detail,
    line,
});
/** A marker-looking line that was not accepted (error) or was accepted with a remark (warning). */
const SignalDiagnosticSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    /** Marker kind, `unknown` for an unrecognized `[wave-…]` tag, `log` for log-level problems. */
    kind: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    line: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative(),
    /** The line as seen (trimmed, truncated, nonce value masked). */
    text: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    reason: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    severity: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(["error", "warning"]),
    componentId: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional(),
});
const SignalCountSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    seen: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative(),
    accepted: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative(),
    rejected: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative(),
    warnings: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative(),
});
const TerminationFactsSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    /** The CLI reported that it stopped at its turn limit. */
    turnLimitReached: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
    /** N from `Reached max turns (N)` when printed. */
    observedTurnLimit: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative().nullable(),
    /** Last error message of a JSON transcript (`{"type":"error"}` / `turn.failed`). */
    lastError: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
});
/** The accepted markers: the LAST of each kind, the last per component id, every gap. */
const SignalMarkersShape = {
    proof: ProofMarkerSchema.nullable(),
    docDelta: DocDeltaMarkerSchema.nullable(),
    docClosure: DocClosureMarkerSchema.nullable(),
    integration: IntegrationMarkerSchema.nullable(),
    eval: EvalMarkerSchema.nullable(),
    security: SecurityMarkerSchema.nullable(),
    design: DesignMarkerSchema.nullable(),
    gate: GateMarkerSchema.nullable(),
    components: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(ComponentMarkerSchema),
    gaps: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(GapMarkerSchema),
    /** The `[wave-verdict]` marker of the log (not the report). */
    logVerdict: VerdictMarkerSchema.nullable(),
    phase: PhaseMarkerSchema.nullable(),
    deployStatus: DeployStatusMarkerSchema.nullable(),
    infraStatus: InfraStatusMarkerSchema.nullable(),
};
const SignalResultSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    ...SignalMarkersShape,
    /** Per kind: every marker-looking line seen, accepted, rejected, and accepted-with-warnings. */
    counts: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), SignalCountSchema),
    /** Samples (the last few per kind), in line order. */
    diagnostics: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(SignalDiagnosticSchema),
    termination: TerminationFactsSchema,
    stats: zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
        lines: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative(),
        bytes: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative(),
        oversizedLines: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative(),
    }),
});
/* ------------------------------------------------------------------ execution summary */
const FileFactSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    path: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    exists: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
    /** sha256 hex of the file's bytes; null when missing or not a regular file. */
    sha256: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
    /** Why the file was not read (e.g. a symbolic link that resolves outside the repository); then `exists` is false. */
    problem: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional(),
});
const SummaryVerdictSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    verdict: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(VERDICTS),
    detail: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
    /** `log`: a `[wave-verdict]` marker (wins); `report`: the report's last `Verdict:` line. */
    source: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(["log", "report"]),
});
const TERMINATION_REASONS = ["max-turns", "timeout", "exit-code"];
const ExecutionSummarySchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    schemaVersion: zod__WEBPACK_IMPORTED_MODULE_1__/* .literal */ .euz(1),
    agentId: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    exitCode: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nullable(),
    /** Log and report paths as given to the builder (relative to the run dir / repository root). */
    logPath: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
    reportPath: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
    ...SignalMarkersShape,
    verdict: SummaryVerdictSchema.nullable(),
    deliverables: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(FileFactSchema),
    proofArtifacts: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(FileFactSchema.extend({ kind: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(), requiredFor: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()) })),
    report: FileFactSchema.extend({
        verdict: zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({ verdict: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(VERDICTS), detail: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable() }).nullable(),
    }).nullable(),
    diagnostics: zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
        counts: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), SignalCountSchema),
        samples: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(SignalDiagnosticSchema),
    }),
    termination: zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
        reason: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(TERMINATION_REASONS).nullable(),
        hint: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
        observedTurnLimit: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative().nullable(),
    }),
    stats: zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({ lines: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative(), bytes: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative() }),
});


/***/ }),

/***/ 9929:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   F2: () => (/* binding */ benchmarkFamiliesForGates),
/* harmony export */   NO: () => (/* binding */ loadComponentMatrix),
/* harmony export */   P_: () => (/* binding */ loadBenchmarkCatalog),
/* harmony export */   v3: () => (/* binding */ matrixForGates)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8816);
/* harmony import */ var _paths_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3345);
/**
 * The two JSON files validation consults when a config asks for them: the component cutover
 * matrix (component promotions) and the benchmark catalog (cont-EVAL targets). The engine reads
 * the same files, with the same loaders, for the component-matrix gate (after the documentation
 * stage) and the delegated benchmark families of the cont-EVAL gate.
 */




const MatrixSchema = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({
    version: zod__WEBPACK_IMPORTED_MODULE_3__/* .unknown */ .L5J().optional(),
    levels: zod__WEBPACK_IMPORTED_MODULE_3__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().min(1)).min(1),
    components: zod__WEBPACK_IMPORTED_MODULE_3__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().regex(/^[a-z0-9][a-z0-9._-]*$/), zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({
        title: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().optional(),
        currentLevel: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
        promotions: zod__WEBPACK_IMPORTED_MODULE_3__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({ wave: zod__WEBPACK_IMPORTED_MODULE_3__/* .number */ .aig().int().nonnegative(), target: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP() })).optional(),
        canonicalDocs: zod__WEBPACK_IMPORTED_MODULE_3__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP()).optional(),
        proofSurfaces: zod__WEBPACK_IMPORTED_MODULE_3__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP()).optional(),
    })),
});
const CatalogSchema = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({
    families: zod__WEBPACK_IMPORTED_MODULE_3__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().regex(/^[a-z0-9][a-z0-9._-]*$/), zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({ benchmarks: zod__WEBPACK_IMPORTED_MODULE_3__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().regex(/^[a-z0-9][a-z0-9._-]*$/), zod__WEBPACK_IMPORTED_MODULE_3__/* .unknown */ .L5J()) })),
});
function readJson(root, rel, what) {
    const abs = node_path__WEBPACK_IMPORTED_MODULE_1___default().join(root, rel);
    if (!node_fs__WEBPACK_IMPORTED_MODULE_0___default().existsSync(abs))
        return { ok: false, error: `${what} is missing: ${rel}` };
    if (!(0,_paths_js__WEBPACK_IMPORTED_MODULE_2__/* .realpathInside */ .UG)(root, abs))
        return { ok: false, error: `${what} ${rel} resolves outside the repository` };
    let text;
    try {
        text = node_fs__WEBPACK_IMPORTED_MODULE_0___default().readFileSync(abs, "utf8");
    }
    catch (e) {
        return { ok: false, error: `cannot read ${what} ${rel}: ${e.code ?? String(e)}` };
    }
    try {
        return { ok: true, value: JSON.parse(text) };
    }
    catch (e) {
        return { ok: false, error: `${what} ${rel} is not valid JSON: ${e.message}` };
    }
}
function zodProblem(error) {
    const issue = error.issues[0];
    return `${issue.path.join(".") || "(top level)"}: ${issue.message}`;
}
function loadComponentMatrix(root, rel) {
    const json = readJson(root, rel, "component cutover matrix");
    if (!json.ok)
        return json;
    const parsed = MatrixSchema.safeParse(json.value);
    if (!parsed.success)
        return { ok: false, error: `component cutover matrix ${rel} is invalid: ${zodProblem(parsed.error)}` };
    const levels = parsed.data.levels;
    const components = {};
    for (const [id, c] of Object.entries(parsed.data.components)) {
        if (!levels.includes(c.currentLevel))
            return { ok: false, error: `component cutover matrix ${rel}: component "${id}" has invalid currentLevel "${c.currentLevel}"` };
        for (const p of c.promotions ?? []) {
            if (!levels.includes(p.target))
                return { ok: false, error: `component cutover matrix ${rel}: component "${id}" has invalid promotion target "${p.target}"` };
        }
        components[id] = { currentLevel: c.currentLevel, promotions: c.promotions ?? [] };
    }
    return { ok: true, value: { path: rel, levels, components } };
}
function loadBenchmarkCatalog(root, rel) {
    const json = readJson(root, rel, "benchmark catalog");
    if (!json.ok)
        return json;
    const parsed = CatalogSchema.safeParse(json.value);
    if (!parsed.success)
        return { ok: false, error: `benchmark catalog ${rel} is invalid: ${zodProblem(parsed.error)}` };
    const families = new Set();
    const benchmarks = new Map();
    for (const [family, f] of Object.entries(parsed.data.families)) {
        families.add(family);
        const ids = Object.keys(f.benchmarks);
        if (ids.length === 0)
            return { ok: false, error: `benchmark catalog ${rel}: family "${family}" has no benchmarks` };
        for (const id of ids) {
            if (benchmarks.has(id))
                return { ok: false, error: `benchmark catalog ${rel}: benchmark "${id}" appears in several families` };
            benchmarks.set(id, family);
        }
    }
    return { ok: true, value: { path: rel, families, benchmarks } };
}
/**
 * The component matrix as the component-matrix gate reads it at run time (current levels only),
 * or why it cannot be read. A missing file is "no matrix" unless `required` (a config in play).
 */
function matrixForGates(root, rel, required) {
    if (!required && !node_fs__WEBPACK_IMPORTED_MODULE_0___default().existsSync(node_path__WEBPACK_IMPORTED_MODULE_1___default().join(root, rel)))
        return { matrix: null, problem: null };
    const loaded = loadComponentMatrix(root, rel);
    if (!loaded.ok)
        return { matrix: null, problem: loaded.error };
    return { matrix: { components: loaded.value.components }, problem: null };
}
/** Benchmark ids per family of the benchmark catalog, or null when there is none (or it is invalid). */
function benchmarkFamiliesForGates(root, rel) {
    if (!node_fs__WEBPACK_IMPORTED_MODULE_0___default().existsSync(node_path__WEBPACK_IMPORTED_MODULE_1___default().join(root, rel)))
        return null;
    const loaded = loadBenchmarkCatalog(root, rel);
    if (!loaded.ok)
        return null;
    const families = Object.fromEntries([...loaded.value.families].map((f) => [f, []]));
    for (const [id, family] of loaded.value.benchmarks)
        families[family]?.push(id);
    return families;
}


/***/ }),

/***/ 8279:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   l: () => (/* binding */ closurePolicyFor)
/* harmony export */ });
/* unused harmony export modeForWave */
/* harmony import */ var _roles_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5620);
/* harmony import */ var _schema_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8486);
/**
 * What the closure sweep of one wave requires, from the lane settings.
 */


/** bootstrap / standard / strict for a wave number (thresholds are made monotonic). */
function modeForWave(wave, t) {
    const standard = Math.max(t.bootstrap, t.standard);
    const strict = Math.max(standard, t.strict);
    if (wave >= strict)
        return "strict";
    if (wave >= standard)
        return "standard";
    return "bootstrap";
}
const active = (threshold, wave) => threshold !== null && wave >= threshold;
/**
 * Without a config: nothing is required, gates run strict, no auto-closure. With a config:
 * cont-QA is always required; integration and documentation from their thresholds; cont-EVAL
 * when the wave has a cont-EVAL agent; security when it has security reviewers; modes from
 * `gateModeThresholds` / `closureModeThresholds`.
 */
function closurePolicyFor(wave, lane) {
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
    const present = new Set(wave.agents.map((a) => (0,_roles_js__WEBPACK_IMPORTED_MODULE_0__/* .closureStageOf */ .PD)(a, lane.roles)).filter((s) => s !== null));
    const required = new Set(["cont-qa"]);
    if (active(v.requireIntegrationStewardFromWave, wave.wave))
        required.add("integration");
    if (active(v.requireDocumentationStewardFromWave, wave.wave))
        required.add("documentation");
    if (present.has("cont-eval"))
        required.add("cont-eval");
    if (present.has("security"))
        required.add("security");
    return {
        hasConfig: true,
        requiredStages: _schema_js__WEBPACK_IMPORTED_MODULE_1__/* .CLOSURE_STAGES */ .Et.filter((s) => required.has(s)),
        gateMode: modeForWave(wave.wave, v.gateModeThresholds),
        closureMode: modeForWave(wave.wave, v.closureModeThresholds),
        autoClosure: { ...v.autoClosure },
        requireComponentPromotions: active(v.requireComponentPromotionsFromWave, wave.wave),
    };
}


/***/ }),

/***/ 8349:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  au: () => (/* binding */ CONFIG_FILE_NAME),
  vx: () => (/* binding */ normalizeLaneName),
  RG: () => (/* binding */ readConfigFile),
  gT: () => (/* binding */ resolveLaneSettings)
});

// UNUSED EXPORTS: DEFAULT_LANE, DEFAULT_PROJECT, DEFAULT_REQUIRED_PROMPT_REFERENCES, parseConfigText

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
var external_node_fs_default = /*#__PURE__*/__webpack_require__.n(external_node_fs_);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 17 modules
var schemas = __webpack_require__(8816);
// EXTERNAL MODULE: ./src/usage/schema.ts
var schema = __webpack_require__(7336);
// EXTERNAL MODULE: ./src/wave/paths.ts
var paths = __webpack_require__(3345);
// EXTERNAL MODULE: ./src/sandbox/ecosystems.ts
var ecosystems = __webpack_require__(1186);
// EXTERNAL MODULE: ./src/wave/schema.ts
var wave_schema = __webpack_require__(8486);
;// CONCATENATED MODULE: ./src/wave/config-schema.ts
/**
 * zod schema of wave.config.json as written on disk (every key optional). Normalization into
 * LaneSettings (defaults, merging of project and lane levels) lives in config.ts.
 *
 * Objects are strict: unknown keys are found by the loader and reported as warnings (they are
 * ignored, as the reference ignores them), everything else that does not fit is an error that
 * names the JSON path.
 */





const noNul = (v) => !v.includes("\u0000");
const Str = schemas/* string */.YjP().refine(noNul, { message: "must not contain NUL characters" });
/** A repository-relative path: no leading `/`, no `..`. */
const RepoPathSchema = schemas/* string */.YjP().superRefine((v, ctx) => {
    const problem = (0,paths/* repoPathProblem */.Js)(v);
    if (problem)
        ctx.addIssue({ code: "custom", message: `path "${v.length > 80 ? `${v.slice(0, 79)}…` : v}" ${problem}` });
});
const LaneNameSchema = schemas/* string */.YjP().regex(/^[a-z0-9][a-z0-9_-]*$/, {
    message: "must be lowercase letters, digits, '_' or '-' (starting with a letter or digit)",
});
const AgentIdSchema = schemas/* string */.YjP().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, { message: "is not a valid agent id" });
const ThresholdSchema = schemas/* number */.aig().int().nonnegative().nullable();
const ModeThresholds = schemas/* strictObject */.rej({
    bootstrap: schemas/* number */.aig().int().nonnegative().optional(),
    standard: schemas/* number */.aig().int().nonnegative().optional(),
    strict: schemas/* number */.aig().int().nonnegative().optional(),
});
/** A command as one string (split into words like a shell would, never run by one) or an argv array. */
const CommandSchema = schemas/* union */.KCZ([Str, schemas/* array */.YOg(Str).min(1)]);
const StrOrList = schemas/* union */.KCZ([Str, schemas/* array */.YOg(Str)]);
const JsonObject = schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* unknown */.L5J());
const EnvName = schemas/* string */.YjP().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { message: "is not an environment variable name" });
const RolesConfigSchema = schemas/* strictObject */.rej({
    rolePromptDir: RepoPathSchema.optional(),
    contQaAgentId: AgentIdSchema.optional(),
    contEvalAgentId: AgentIdSchema.optional(),
    integrationAgentId: AgentIdSchema.optional(),
    documentationAgentId: AgentIdSchema.optional(),
    contQaRolePromptPath: RepoPathSchema.optional(),
    contEvalRolePromptPath: RepoPathSchema.optional(),
    integrationRolePromptPath: RepoPathSchema.optional(),
    documentationRolePromptPath: RepoPathSchema.optional(),
    securityRolePromptPath: RepoPathSchema.optional(),
    designRolePromptPath: RepoPathSchema.optional(),
});
const ValidationConfigSchema = schemas/* strictObject */.rej({
    requiredPromptReferences: schemas/* array */.YOg(Str).optional(),
    requireDocumentationStewardFromWave: ThresholdSchema.optional(),
    requireContext7DeclarationsFromWave: ThresholdSchema.optional(),
    requireExitContractsFromWave: ThresholdSchema.optional(),
    requireIntegrationStewardFromWave: ThresholdSchema.optional(),
    requireComponentPromotionsFromWave: ThresholdSchema.optional(),
    requireAgentComponentsFromWave: ThresholdSchema.optional(),
    gateModeThresholds: ModeThresholds.optional(),
    closureModeThresholds: ModeThresholds.optional(),
    autoClosure: schemas/* strictObject */.rej({
        allowInferredIntegration: schemas/* boolean */.zMY().optional(),
        allowAutoDocNoChange: schemas/* boolean */.zMY().optional(),
        allowAutoDocProjection: schemas/* boolean */.zMY().optional(),
        allowSkipContQaInBootstrap: schemas/* boolean */.zMY().optional(),
    })
        .optional(),
    /** Accepted for compatibility; unused (dead in the reference too). */
    bootstrapPassConditions: JsonObject.optional(),
    testCommand: Str.optional(),
    testCommandTimeout: schemas/* number */.aig().optional(),
});
const CodexConfig = schemas/* strictObject */.rej({
    command: CommandSchema.optional(),
    model: Str.optional(),
    profileName: Str.optional(),
    config: StrOrList.optional(),
    search: schemas/* boolean */.zMY().optional(),
    images: StrOrList.optional(),
    addDirs: StrOrList.optional(),
    json: schemas/* boolean */.zMY().optional(),
    ephemeral: schemas/* boolean */.zMY().optional(),
    sandbox: schemas/* enum */.k5n(["read-only", "workspace-write", "danger-full-access"]).optional(),
});
const ClaudeConfig = schemas/* strictObject */.rej({
    command: CommandSchema.optional(),
    model: Str.optional(),
    agent: Str.optional(),
    appendSystemPromptMode: schemas/* enum */.k5n(["append", "replace"]).optional(),
    permissionMode: Str.optional(),
    permissionPromptTool: Str.optional(),
    effort: schemas/* enum */.k5n(["low", "medium", "high", "max"]).optional(),
    maxTurns: schemas/* number */.aig().int().positive().optional(),
    mcpConfig: StrOrList.optional(),
    strictMcpConfig: schemas/* boolean */.zMY().optional(),
    settings: Str.optional(),
    settingsJson: JsonObject.optional(),
    hooksJson: JsonObject.optional(),
    allowedHttpHookUrls: StrOrList.optional(),
    outputFormat: schemas/* enum */.k5n(["text", "json", "stream-json"]).optional(),
    allowedTools: schemas/* array */.YOg(Str).optional(),
    disallowedTools: schemas/* array */.YOg(Str).optional(),
});
const OpenCodeConfig = schemas/* strictObject */.rej({
    command: CommandSchema.optional(),
    model: Str.optional(),
    agent: Str.optional(),
    attach: Str.optional(),
    files: StrOrList.optional(),
    format: schemas/* enum */.k5n(["default", "json"]).optional(),
    steps: schemas/* number */.aig().int().positive().optional(),
    instructions: schemas/* array */.YOg(Str).optional(),
    permission: schemas/* unknown */.L5J().optional(),
    configJson: JsonObject.optional(),
    envKeys: schemas/* array */.YOg(EnvName).optional(),
});
const CommandConfig = schemas/* strictObject */.rej({
    /** argv of the `command` executor (a string is split into words; never run through a shell). */
    argv: CommandSchema.optional(),
});
const ExecutorProfileConfigSchema = schemas/* strictObject */.rej({
    id: wave_schema/* ExecutorIdSchema */.QA.optional(),
    model: Str.optional(),
    fallbacks: schemas/* array */.YOg(wave_schema/* ExecutorIdSchema */.QA).optional(),
    tags: schemas/* array */.YOg(Str).optional(),
    budget: wave_schema/* BudgetInputSchema */.h9.optional(),
    retryPolicy: schemas/* enum */.k5n(["sticky", "fallback-allowed"]).optional(),
    allowFallbackOnRetry: schemas/* boolean */.zMY().optional(),
    env: schemas/* array */.YOg(EnvName).optional(),
    codex: CodexConfig.optional(),
    claude: ClaudeConfig.optional(),
    opencode: OpenCodeConfig.optional(),
    command: CommandConfig.optional(),
});
const ExecutorsConfigSchema = schemas/* strictObject */.rej({
    default: wave_schema/* ExecutorIdSchema */.QA.optional(),
    profiles: schemas/* record */.g1P(schemas/* string */.YjP().min(1), ExecutorProfileConfigSchema).optional(),
    codex: CodexConfig.optional(),
    claude: ClaudeConfig.optional(),
    opencode: OpenCodeConfig.optional(),
    command: CommandConfig.optional(),
});
const SkillMap = schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* array */.YOg(Str));
const SkillsConfigSchema = schemas/* strictObject */.rej({
    dir: RepoPathSchema.optional(),
    base: schemas/* array */.YOg(Str).optional(),
    byRole: SkillMap.optional(),
    byRuntime: SkillMap.optional(),
    byDeployKind: SkillMap.optional(),
});
const RuntimeMixTargets = schemas/* partialRecord */.jgl(wave_schema/* ExecutorIdSchema */.QA, schemas/* number */.aig().int().nonnegative());
/** Role keys are checked by the loader (unknown roles are a warning, `evaluator` an error). */
const DefaultExecutorByRole = schemas/* record */.g1P(schemas/* string */.YjP(), wave_schema/* ExecutorIdSchema */.QA);
const FallbackOrder = schemas/* array */.YOg(wave_schema/* ExecutorIdSchema */.QA);
const RuntimePolicyConfigSchema = schemas/* strictObject */.rej({
    runtimeMixTargets: RuntimeMixTargets.optional(),
    defaultExecutorByRole: DefaultExecutorByRole.optional(),
    fallbackExecutorOrder: FallbackOrder.optional(),
    /** Closure gate markers count only with the run's nonce (same as the `require-marker-nonce` input). */
    requireMarkerNonce: schemas/* boolean */.zMY().optional(),
});
const CapabilityRouting = schemas/* strictObject */.rej({ preferredAgents: schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* array */.YOg(Str)).optional() });
const PathsConfig = schemas/* strictObject */.rej({
    docsDir: RepoPathSchema.optional(),
    stateRoot: RepoPathSchema.optional(),
    orchestratorStateDir: RepoPathSchema.optional(),
    terminalsPath: RepoPathSchema.optional(),
    context7BundleIndexPath: RepoPathSchema.optional(),
    benchmarkCatalogPath: RepoPathSchema.optional(),
    componentCutoverMatrixDocPath: RepoPathSchema.optional(),
    componentCutoverMatrixJsonPath: RepoPathSchema.optional(),
});
/** The sandbox around every agent process (src/sandbox/): `auto|on|off`; the input/flag wins. */
const SandboxSetting = schemas/* enum */.k5n(["auto", "on", "off"]);
/** `network.allowed`: ecosystems (node, python, github) or domains every agent may reach in the sandbox. */
const NetworkConfigSchema = schemas/* strictObject */.rej({
    allowed: schemas/* array */.YOg(Str)
        .superRefine((entries, ctx) => {
        for (const e of entries) {
            const problem = (0,ecosystems/* allowedEntryProblem */.Qt)(e);
            if (problem)
                ctx.addIssue({ code: "custom", message: `network.allowed entry "${e}" ${problem}` });
        }
    })
        .optional(),
});
/** Sections we accept but do not use (planner, remote telemetry, external providers). */
const Ignored = schemas/* unknown */.L5J();
const LaneConfigSchema = schemas/* strictObject */.rej({
    docsDir: RepoPathSchema.optional(),
    plansDir: RepoPathSchema.optional(),
    wavesDir: RepoPathSchema.optional(),
    sharedPlanDocs: schemas/* array */.YOg(RepoPathSchema).optional(),
    roles: RolesConfigSchema.optional(),
    validation: ValidationConfigSchema.optional(),
    executors: ExecutorsConfigSchema.optional(),
    skills: SkillsConfigSchema.optional(),
    capabilityRouting: CapabilityRouting.optional(),
    runtimePolicy: RuntimePolicyConfigSchema.optional(),
    runtimeMixTargets: RuntimeMixTargets.optional(),
    defaultExecutorByRole: DefaultExecutorByRole.optional(),
    fallbackExecutorOrder: FallbackOrder.optional(),
    waveControl: Ignored.optional(),
    externalProviders: Ignored.optional(),
    terminalsPath: RepoPathSchema.optional(),
    stateRoot: RepoPathSchema.optional(),
    orchestratorStateDir: RepoPathSchema.optional(),
    context7BundleIndexPath: RepoPathSchema.optional(),
    benchmarkCatalogPath: RepoPathSchema.optional(),
    componentCutoverMatrixDocPath: RepoPathSchema.optional(),
    componentCutoverMatrixJsonPath: RepoPathSchema.optional(),
    sandbox: SandboxSetting.optional(),
    network: NetworkConfigSchema.optional(),
});
const ProjectConfigSchema = schemas/* strictObject */.rej({
    projectName: Str.optional(),
    rootDir: RepoPathSchema.optional(),
    sharedPlanDocs: schemas/* array */.YOg(RepoPathSchema).optional(),
    paths: PathsConfig.optional(),
    roles: RolesConfigSchema.optional(),
    validation: ValidationConfigSchema.optional(),
    executors: ExecutorsConfigSchema.optional(),
    planner: Ignored.optional(),
    skills: SkillsConfigSchema.optional(),
    capabilityRouting: CapabilityRouting.optional(),
    runtimePolicy: RuntimePolicyConfigSchema.optional(),
    waveControl: Ignored.optional(),
    externalProviders: Ignored.optional(),
    lanes: schemas/* record */.g1P(schemas/* string */.YjP(), LaneConfigSchema).optional(),
    sandbox: SandboxSetting.optional(),
    network: NetworkConfigSchema.optional(),
});
const WaveConfigFileSchema = schemas/* strictObject */.rej({
    $schema: Str.optional(),
    version: schemas/* number */.aig().int().positive().optional(),
    projectName: Str.optional(),
    repoMode: schemas/* enum */.k5n(["single-repo", "multi-lane"]).optional(),
    defaultLane: LaneNameSchema.optional(),
    defaultProject: LaneNameSchema.optional(),
    paths: PathsConfig.optional(),
    sharedPlanDocs: schemas/* array */.YOg(RepoPathSchema).optional(),
    roles: RolesConfigSchema.optional(),
    validation: ValidationConfigSchema.optional(),
    executors: ExecutorsConfigSchema.optional(),
    skills: SkillsConfigSchema.optional(),
    capabilityRouting: CapabilityRouting.optional(),
    runtimePolicy: RuntimePolicyConfigSchema.optional(),
    /** USD per million tokens per model: estimates the cost of CLIs that report tokens only. */
    pricing: schema/* PricingSchema */.SD.optional(),
    /** The sandbox around every agent process: auto|on|off (the `sandbox` input/flag wins). */
    sandbox: SandboxSetting.optional(),
    /** What agents may reach in the sandbox besides their model: `allowed` ecosystems or domains. */
    network: NetworkConfigSchema.optional(),
    planner: Ignored.optional(),
    waveControl: Ignored.optional(),
    externalProviders: Ignored.optional(),
    projects: schemas/* record */.g1P(schemas/* string */.YjP(), ProjectConfigSchema).optional(),
    lanes: schemas/* record */.g1P(schemas/* string */.YjP(), LaneConfigSchema).optional(),
});
const KNOWN_ROLE_KEYS = (/* unused pure expression or super */ null && (AGENT_ROLES));

// EXTERNAL MODULE: ./src/wave/diagnostics.ts
var diagnostics = __webpack_require__(2521);
;// CONCATENATED MODULE: ./src/wave/json-locate.ts
/**
 * Line/column positions for JSON text: where a syntax error is, and where the value at a given
 * path (e.g. `executors.profiles.fast.id`) starts, so config errors can point at a line.
 */
/** 1-based line/column of a character offset. */
function positionOfOffset(text, offset) {
    let line = 1;
    let lineStart = 0;
    const end = Math.min(Math.max(offset, 0), text.length);
    for (let i = 0; i < end; i++) {
        if (text.charCodeAt(i) === 10) {
            line++;
            lineStart = i + 1;
        }
    }
    return { line, column: end - lineStart + 1 };
}
/** Position of a JSON.parse error, from the "position N" in V8's message (end of text otherwise). */
function jsonErrorPosition(text, message) {
    const m = /position (\d+)/.exec(message);
    if (m)
        return positionOfOffset(text, Number(m[1]));
    const lc = /line (\d+) column (\d+)/.exec(message);
    if (lc)
        return { line: Number(lc[1]), column: Number(lc[2]) };
    return positionOfOffset(text, text.length);
}
/** `a.b[2].c` (keys that are not plain identifiers are quoted: `profiles["deep review"]`). */
function formatJsonPath(path) {
    let out = "";
    for (const seg of path) {
        if (typeof seg === "number")
            out += `[${seg}]`;
        else if (/^[A-Za-z_$][\w$-]*$/.test(seg))
            out += out === "" ? seg : `.${seg}`;
        else
            out += `[${JSON.stringify(seg)}]`;
    }
    return out || "(top level)";
}
/**
 * Maps every value path of a (syntactically valid) JSON text to the position where its value
 * starts. Keys are `JSON.stringify(path)`.
 */
function locateJsonValues(text) {
    const offsets = new Map();
    let i = 0;
    const ws = () => {
        while (i < text.length && " \t\r\n".includes(text[i]))
            i++;
    };
    const str = () => {
        const start = i;
        i++;
        while (i < text.length && text[i] !== '"')
            i += text[i] === "\\" ? 2 : 1;
        i++;
        return JSON.parse(text.slice(start, i));
    };
    const value = (path) => {
        ws();
        offsets.set(JSON.stringify(path), i);
        const c = text[i];
        if (c === "{") {
            i++;
            ws();
            if (text[i] === "}") {
                i++;
                return;
            }
            while (i < text.length) {
                ws();
                const key = str();
                ws();
                i++; // colon
                value([...path, key]);
                ws();
                if (text[i] === ",") {
                    i++;
                    continue;
                }
                i++; // closing brace
                return;
            }
        }
        else if (c === "[") {
            i++;
            ws();
            if (text[i] === "]") {
                i++;
                return;
            }
            let index = 0;
            while (i < text.length) {
                value([...path, index++]);
                ws();
                if (text[i] === ",") {
                    i++;
                    continue;
                }
                i++;
                return;
            }
        }
        else if (c === '"') {
            str();
        }
        else {
            while (i < text.length && !",}] \t\r\n".includes(text[i]))
                i++;
        }
    };
    try {
        value([]);
    }
    catch {
        // positions are best effort
    }
    const out = new Map();
    // Convert offsets to positions in one pass.
    const sorted = [...offsets.entries()].sort((a, b) => a[1] - b[1]);
    let line = 1;
    let lineStart = 0;
    let k = 0;
    for (const [key, off] of sorted) {
        for (; k < off; k++) {
            if (text.charCodeAt(k) === 10) {
                line++;
                lineStart = k + 1;
            }
        }
        out.set(key, { line, column: off - lineStart + 1 });
    }
    return out;
}
/** Position of the deepest existing prefix of `path`. */
function positionOfPath(index, path) {
    for (let n = path.length; n >= 0; n--) {
        const p = index.get(JSON.stringify(path.slice(0, n)));
        if (p)
            return p;
    }
    return null;
}

// EXTERNAL MODULE: ./src/wave/roles.ts
var roles = __webpack_require__(5620);
// EXTERNAL MODULE: ./src/wave/text.ts
var wave_text = __webpack_require__(2858);
// EXTERNAL MODULE: ./src/wave/words.ts
var words = __webpack_require__(8628);
;// CONCATENATED MODULE: ./src/wave/config.ts
/**
 * wave.config.json: reading (strict JSON, zod schema, renamed legacy keys) and resolving the
 * settings of one lane: top level → projects.<id> → lanes.<lane> (per-key merge, as the
 * reference does). A malformed config is an error naming the file and the JSON path; it is never
 * silently replaced by defaults.
 */










const CONFIG_FILE_NAME = "wave.config.json";
const DEFAULT_LANE = "main";
const DEFAULT_PROJECT = "default";
const DEFAULT_REQUIRED_PROMPT_REFERENCES = ["docs/reference/repository-guidance.md", "docs/research/agent-context-sources.md"];
const LEGACY_RENAMES = [
    { parent: "roles", key: "evaluatorAgentId", replacement: "contQaAgentId" },
    { parent: "roles", key: "evaluatorRolePromptPath", replacement: "contQaRolePromptPath" },
    { parent: "defaultExecutorByRole", key: "evaluator", replacement: "cont-qa" },
    { parent: "byRole", key: "evaluator", replacement: "cont-qa" },
];
function isPlainObject(v) {
    return v !== null && typeof v === "object" && !Array.isArray(v);
}
function findLegacyKeys(value, at, out) {
    if (Array.isArray(value)) {
        for (const [i, v] of value.entries())
            findLegacyKeys(v, [...at, i], out);
        return;
    }
    if (!isPlainObject(value))
        return;
    const parent = at[at.length - 1];
    for (const [k, v] of Object.entries(value)) {
        const rename = LEGACY_RENAMES.find((r) => r.parent === parent && r.key === k);
        if (rename) {
            out.push({ path: [...at, k], message: `${formatJsonPath([...at, k])} was renamed to ${formatJsonPath([...at, rename.replacement])}` });
        }
        findLegacyKeys(v, [...at, k], out);
    }
}
function findUnknownRoleKeys(value, at, out) {
    if (Array.isArray(value)) {
        for (const [i, v] of value.entries())
            findUnknownRoleKeys(v, [...at, i], out);
        return;
    }
    if (!isPlainObject(value))
        return;
    for (const [k, v] of Object.entries(value)) {
        if ((k === "defaultExecutorByRole" || k === "byRole") && isPlainObject(v)) {
            for (const role of Object.keys(v)) {
                if (!wave_schema/* AGENT_ROLES */.s$.includes(role) && role !== "evaluator") {
                    out.push({ path: [...at, k, role], message: `${formatJsonPath([...at, k, role])}: unknown role "${role}" is ignored (roles: ${wave_schema/* AGENT_ROLES */.s$.join(", ")})` });
                }
            }
        }
        findUnknownRoleKeys(v, [...at, k], out);
    }
}
function deleteAt(root, p, key) {
    let cur = root;
    for (const seg of p) {
        if (cur === null || typeof cur !== "object")
            return;
        cur = cur[seg];
    }
    if (isPlainObject(cur))
        delete cur[key];
}
function issueMessage(issue) {
    const where = formatJsonPath(issue.path);
    if (issue.code === "invalid_union")
        return `${where}: has the wrong type or shape`;
    return `${where}: ${issue.message}`;
}
/** Reads and checks a config file. Throws WaveInputError (exit 2) when it is unusable. */
function readConfigFile(absPath, root) {
    const file = (0,paths/* toRepoRel */.Vf)(root, absPath);
    const sink = new diagnostics/* DiagnosticSink */.b9(file);
    let bytes;
    try {
        bytes = external_node_fs_default().readFileSync(absPath);
    }
    catch (e) {
        sink.error(0, `cannot read ${file}: ${e.code ?? e.message}`);
        throw new diagnostics/* WaveInputError */.Cv(sink.items);
    }
    const decoded = (0,wave_text/* decodeTextFile */.k4)(bytes, file);
    if (!decoded.ok) {
        sink.error(decoded.problem.line, decoded.problem.message, { column: decoded.problem.column });
        throw new diagnostics/* WaveInputError */.Cv(sink.items);
    }
    return parseConfigText(decoded.text, file);
}
/** Checks the text of a config file (`file` names it in diagnostics). Throws WaveInputError. */
function parseConfigText(text, file) {
    const sink = new diagnostics/* DiagnosticSink */.b9(file);
    let raw;
    try {
        raw = JSON.parse(text);
    }
    catch (e) {
        const message = e.message;
        const pos = jsonErrorPosition(text, message);
        sink.error(pos.line, `${file} is not valid JSON: ${message}`, { column: pos.column });
        throw new diagnostics/* WaveInputError */.Cv(sink.items);
    }
    const positions = locateJsonValues(text);
    const at = (p) => positionOfPath(positions, p) ?? { line: 0, column: 0 };
    if (!isPlainObject(raw)) {
        sink.error(1, `${file} must contain a JSON object`);
        throw new diagnostics/* WaveInputError */.Cv(sink.items);
    }
    const legacy = [];
    findLegacyKeys(raw, [], legacy);
    for (const l of legacy)
        sink.error(at(l.path).line, l.message, { column: at(l.path).column });
    const roleWarnings = [];
    findUnknownRoleKeys(raw, [], roleWarnings);
    for (const w of roleWarnings)
        sink.warning(at(w.path).line, w.message, { column: at(w.path).column });
    const first = WaveConfigFileSchema.safeParse(raw);
    let config = first.success ? first.data : null;
    if (!first.success) {
        const clone = structuredClone(raw);
        let realErrors = 0;
        for (const issue of first.error.issues) {
            const p = issue.path;
            if (issue.code === "unrecognized_keys") {
                for (const key of issue.keys) {
                    const pos = at([...p, key]);
                    sink.warning(pos.line, `${formatJsonPath([...p, key])}: unknown key is ignored`, { column: pos.column });
                    deleteAt(clone, p, key);
                }
                continue;
            }
            realErrors++;
            const pos = at(p);
            sink.error(pos.line, issueMessage(issue), { column: pos.column });
        }
        if (realErrors === 0) {
            const second = WaveConfigFileSchema.safeParse(clone);
            if (second.success)
                config = second.data;
            else
                for (const issue of second.error.issues)
                    sink.error(at(issue.path).line, issueMessage(issue));
        }
    }
    if (!config || sink.items.some((d) => d.severity === "error")) {
        throw new diagnostics/* WaveInputError */.Cv(sink.items, `${file} is not a valid wave configuration:`);
    }
    return { config, file, warnings: sink.items };
}
const joinRel = (a, b) => {
    const base = (0,paths/* normalizeRelPath */.Km)(a).replace(/\/+$/, "");
    const child = (0,paths/* normalizeRelPath */.Km)(b).replace(/\/+$/, "");
    if (!base || base === ".")
        return child;
    if (!child)
        return base;
    return `${base}/${child}`;
};
const cleanDir = (p) => (0,paths/* normalizeRelPath */.Km)(p).replace(/\/+$/, "");
/** Checks and normalizes a lane or project name (lowercased). Throws WaveInputError. */
function normalizeLaneName(value, what, file = "(command line)") {
    const v = value.trim().toLowerCase();
    if (!/^[a-z0-9][a-z0-9_-]*$/.test(v)) {
        const sink = new diagnostics/* DiagnosticSink */.b9(file);
        sink.error(0, `invalid ${what} name "${value}": use lowercase letters, digits, "_" or "-"`);
        throw new diagnostics/* WaveInputError */.Cv(sink.items);
    }
    return v;
}
function commandArgv(value, where, errors) {
    if (value === undefined)
        return undefined;
    if (Array.isArray(value))
        return value;
    const split = (0,words/* splitShellWords */.CQ)(value);
    if (!split.ok) {
        errors.push(`${where}: ${split.error}`);
        return undefined;
    }
    if (split.items.length === 0) {
        errors.push(`${where}: is empty`);
        return undefined;
    }
    return split.items;
}
const asList = (v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]);
function defined(o) {
    return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}
function normalizeSections(ex, where, errors) {
    const codex = defined({
        command: commandArgv(ex.codex?.command, `${where}.codex.command`, errors),
        model: ex.codex?.model,
        sandbox: ex.codex?.sandbox,
        profileName: ex.codex?.profileName,
        config: asList(ex.codex?.config),
        search: ex.codex?.search,
        images: asList(ex.codex?.images),
        addDirs: asList(ex.codex?.addDirs),
        json: ex.codex?.json,
        ephemeral: ex.codex?.ephemeral,
    });
    const c = ex.claude;
    const claude = defined({
        command: commandArgv(c?.command, `${where}.claude.command`, errors),
        model: c?.model,
        agent: c?.agent,
        permissionMode: c?.permissionMode,
        permissionPromptTool: c?.permissionPromptTool,
        effort: c?.effort,
        maxTurns: c?.maxTurns,
        mcpConfig: asList(c?.mcpConfig),
        strictMcpConfig: c?.strictMcpConfig,
        settings: c?.settings,
        settingsJson: c?.settingsJson,
        hooksJson: c?.hooksJson,
        allowedHttpHookUrls: asList(c?.allowedHttpHookUrls),
        outputFormat: c?.outputFormat,
        allowedTools: c?.allowedTools,
        disallowedTools: c?.disallowedTools,
        appendSystemPromptMode: c?.appendSystemPromptMode,
    });
    const o = ex.opencode;
    const opencode = defined({
        command: commandArgv(o?.command, `${where}.opencode.command`, errors),
        model: o?.model,
        agent: o?.agent,
        attach: o?.attach,
        files: asList(o?.files),
        format: o?.format,
        steps: o?.steps,
        instructions: o?.instructions,
        permission: o?.permission,
        configJson: o?.configJson,
        envKeys: o?.envKeys,
    });
    const command = defined({ argv: commandArgv(ex.command?.argv, `${where}.command.argv`, errors) });
    return { codex, claude, opencode, command };
}
function normalizeProfile(name, p, errors) {
    const where = `executors.profiles.${name}`;
    const sections = normalizeSections(p, where, errors);
    const { model: _cm, ...codex } = sections.codex;
    const { model: _lm, ...claude } = sections.claude;
    const { model: _om, ...opencode } = sections.opencode;
    return {
        name,
        id: p.id ?? null,
        model: p.model ?? null,
        fallbacks: p.fallbacks ?? [],
        tags: p.tags ?? [],
        budget: (0,wave_schema/* resolveBudget */.ky)(p.budget, undefined),
        retryPolicy: p.retryPolicy ?? null,
        allowFallbackOnRetry: p.allowFallbackOnRetry ?? null,
        env: p.env ?? [],
        codex,
        claude,
        opencode,
        command: sections.command,
    };
}
function mergeExecutors(...layers) {
    const out = {};
    for (const l of layers) {
        if (!l)
            continue;
        if (l.default !== undefined)
            out.default = l.default;
        if (l.profiles)
            out.profiles = { ...out.profiles, ...l.profiles };
        for (const k of ["codex", "claude", "opencode", "command"]) {
            if (l[k])
                out[k] = { ...(out[k] ?? {}), ...l[k] };
        }
    }
    return out;
}
function normalizeExecutors(ex, errors) {
    const profiles = {};
    for (const [name, p] of Object.entries(ex.profiles ?? {})) {
        const key = name.trim().toLowerCase();
        profiles[key] = normalizeProfile(key, p, errors);
    }
    return {
        default: ex.default ?? "codex",
        defaultFromConfig: ex.default !== undefined,
        profiles,
        ...normalizeSections(ex, "executors", errors),
    };
}
function mergeSkills(...layers) {
    const out = { dir: "skills", base: [], byRole: {}, byRuntime: {}, byDeployKind: {} };
    const union = (a, b) => [...new Set([...a, ...b].map((x) => x.trim().toLowerCase()).filter(Boolean))];
    for (const l of layers) {
        if (!l)
            continue;
        if (l.dir)
            out.dir = cleanDir(l.dir);
        out.base = union(out.base, l.base ?? []);
        for (const k of ["byRole", "byRuntime", "byDeployKind"]) {
            for (const [key, list] of Object.entries(l[k] ?? {}))
                out[k][key.toLowerCase()] = union(out[k][key.toLowerCase()] ?? [], list);
        }
    }
    return out;
}
function threshold(v, fallback) {
    return v === undefined ? fallback : v;
}
function normalizeValidation(v) {
    const modes = (m) => ({
        bootstrap: m?.bootstrap ?? 0,
        standard: m?.standard ?? 4,
        strict: m?.strict ?? 10,
    });
    return {
        requiredPromptReferences: v.requiredPromptReferences ?? DEFAULT_REQUIRED_PROMPT_REFERENCES,
        requireDocumentationStewardFromWave: threshold(v.requireDocumentationStewardFromWave, 0),
        requireContext7DeclarationsFromWave: threshold(v.requireContext7DeclarationsFromWave, 6),
        requireExitContractsFromWave: threshold(v.requireExitContractsFromWave, 6),
        requireIntegrationStewardFromWave: threshold(v.requireIntegrationStewardFromWave, null),
        requireComponentPromotionsFromWave: threshold(v.requireComponentPromotionsFromWave, 0),
        requireAgentComponentsFromWave: threshold(v.requireAgentComponentsFromWave, 0),
        gateModeThresholds: modes(v.gateModeThresholds),
        closureModeThresholds: modes(v.closureModeThresholds),
        autoClosure: {
            allowInferredIntegration: v.autoClosure?.allowInferredIntegration ?? false,
            allowAutoDocNoChange: v.autoClosure?.allowAutoDocNoChange ?? false,
            allowAutoDocProjection: v.autoClosure?.allowAutoDocProjection ?? false,
            allowSkipContQaInBootstrap: v.autoClosure?.allowSkipContQaInBootstrap ?? false,
        },
    };
}
function normalizeRoles(r) {
    const d = roles/* DEFAULT_ROLE_BINDINGS */.wg;
    const p = (v, fallback) => (v === undefined ? fallback : cleanDir(v));
    return {
        rolePromptDir: p(r.rolePromptDir, d.rolePromptDir),
        contQaAgentId: r.contQaAgentId ?? d.contQaAgentId,
        contEvalAgentId: r.contEvalAgentId ?? d.contEvalAgentId,
        integrationAgentId: r.integrationAgentId ?? d.integrationAgentId,
        documentationAgentId: r.documentationAgentId ?? d.documentationAgentId,
        contQaRolePromptPath: p(r.contQaRolePromptPath, d.contQaRolePromptPath),
        contEvalRolePromptPath: p(r.contEvalRolePromptPath, d.contEvalRolePromptPath),
        integrationRolePromptPath: p(r.integrationRolePromptPath, d.integrationRolePromptPath),
        documentationRolePromptPath: p(r.documentationRolePromptPath, d.documentationRolePromptPath),
        securityRolePromptPath: p(r.securityRolePromptPath, d.securityRolePromptPath),
        designRolePromptPath: p(r.designRolePromptPath, d.designRolePromptPath),
    };
}
function normalizeRuntimePolicy(layers) {
    const merged = {};
    for (const l of layers)
        if (l)
            Object.assign(merged, defined(l));
    const byRole = {};
    for (const [role, id] of Object.entries(merged.defaultExecutorByRole ?? {})) {
        const r = role.trim().toLowerCase();
        if (wave_schema/* AGENT_ROLES */.s$.includes(r))
            byRole[r] = id;
    }
    return {
        runtimeMixTargets: { ...(merged.runtimeMixTargets ?? {}) },
        defaultExecutorByRole: byRole,
        fallbackExecutorOrder: merged.fallbackExecutorOrder ?? [],
        requireMarkerNonce: merged.requireMarkerNonce ?? false,
    };
}
function laneWavesDir(root, preferred, docsDir) {
    if (!root)
        return preferred;
    const legacy = joinRel(docsDir, "waves");
    if (external_node_fs_default().existsSync(external_node_path_default().join(root, preferred)) || !external_node_fs_default().existsSync(external_node_path_default().join(root, legacy)))
        return preferred;
    return legacy;
}
/**
 * Normalized settings of (project, lane). `config` null means "no wave.config.json": built-in
 * defaults and `hasConfig: false` (lenient validation). Throws WaveInputError for an unknown
 * project or an invalid lane name.
 */
function resolveLaneSettings(config, options = {}) {
    const c = config ?? {};
    const file = options.configFile ?? CONFIG_FILE_NAME;
    const defaultLane = c.defaultLane ?? DEFAULT_LANE;
    const lane = normalizeLaneName(options.lane ?? defaultLane, "lane", file);
    const projectId = normalizeLaneName(options.project ?? c.defaultProject ?? DEFAULT_PROJECT, "project", file);
    let project;
    if (c.projects) {
        const found = Object.entries(c.projects).find(([id]) => id.trim().toLowerCase() === projectId);
        if (!found) {
            const sink = new diagnostics/* DiagnosticSink */.b9(file);
            sink.error(0, `unknown project "${projectId}" (projects in ${file}: ${Object.keys(c.projects).join(", ") || "none"})`);
            throw new diagnostics/* WaveInputError */.Cv(sink.items);
        }
        project = found[1];
    }
    else {
        project = { lanes: c.lanes ?? {} };
    }
    const laneEntry = (lanes) => Object.entries(lanes ?? {}).find(([name]) => name.trim().toLowerCase() === lane)?.[1];
    const laneConfig = laneEntry(project.lanes) ?? laneEntry(c.lanes) ?? {};
    const rootDir = project.rootDir ?? ".";
    const projectDocsDir = cleanDir(project.paths?.docsDir ?? joinRel(rootDir, c.paths?.docsDir ?? "docs"));
    const repoMode = c.repoMode ?? "single-repo";
    const docsDir = cleanDir(laneConfig.docsDir ?? (repoMode === "single-repo" && lane === defaultLane ? projectDocsDir : joinRel(projectDocsDir, lane)));
    const plansDir = cleanDir(laneConfig.plansDir ?? joinRel(docsDir, "plans"));
    const preferredWaves = cleanDir(laneConfig.wavesDir ?? joinRel(plansDir, "waves"));
    const projectPlans = joinRel(projectDocsDir, "plans");
    const pathOf = (key, fallback) => cleanDir(laneConfig[key] ?? project.paths?.[key] ?? c.paths?.[key] ?? fallback);
    const errors = [];
    const executors = normalizeExecutors(mergeExecutors(c.executors, project.executors, laneConfig.executors), errors);
    if (errors.length > 0) {
        const sink = new diagnostics/* DiagnosticSink */.b9(file);
        for (const e of errors)
            sink.error(0, e);
        throw new diagnostics/* WaveInputError */.Cv(sink.items, `${file} is not a valid wave configuration:`);
    }
    const runtimePolicy = normalizeRuntimePolicy([
        c.runtimePolicy,
        project.runtimePolicy,
        laneConfig.runtimePolicy,
        defined({
            runtimeMixTargets: laneConfig.runtimeMixTargets,
            defaultExecutorByRole: laneConfig.defaultExecutorByRole,
            fallbackExecutorOrder: laneConfig.fallbackExecutorOrder,
        }),
    ]);
    return {
        lane,
        project: projectId,
        hasConfig: config !== null,
        configFile: config !== null ? file : null,
        docsDir,
        plansDir,
        wavesDir: laneWavesDir(options.root, preferredWaves, docsDir),
        sharedPlanDocs: (laneConfig.sharedPlanDocs ?? project.sharedPlanDocs ?? c.sharedPlanDocs ?? ["current-state.md", "master-plan.md", "migration.md"].map((f) => `${plansDir}/${f}`)).map(cleanDir),
        roles: normalizeRoles({ ...c.roles, ...project.roles, ...laneConfig.roles }),
        validation: normalizeValidation({ ...c.validation, ...project.validation, ...laneConfig.validation }),
        executors,
        runtimePolicy,
        skills: mergeSkills(c.skills, project.skills, laneConfig.skills),
        pricing: { ...c.pricing },
        sandbox: laneConfig.sandbox ?? project.sandbox ?? c.sandbox ?? null,
        networkAllowed: [...new Set([...(c.network?.allowed ?? []), ...(project.network?.allowed ?? []), ...(laneConfig.network?.allowed ?? [])])],
        capabilityRouting: {
            preferredAgents: {
                ...c.capabilityRouting?.preferredAgents,
                ...project.capabilityRouting?.preferredAgents,
                ...laneConfig.capabilityRouting?.preferredAgents,
            },
        },
        paths: {
            stateRoot: pathOf("stateRoot", ".tmp"),
            context7BundleIndexPath: pathOf("context7BundleIndexPath", "docs/context7/bundles.json"),
            benchmarkCatalogPath: pathOf("benchmarkCatalogPath", "docs/evals/benchmark-catalog.json"),
            componentCutoverMatrixDocPath: pathOf("componentCutoverMatrixDocPath", `${projectPlans}/component-cutover-matrix.md`),
            componentCutoverMatrixJsonPath: pathOf("componentCutoverMatrixJsonPath", `${projectPlans}/component-cutover-matrix.json`),
        },
    };
}


/***/ }),

/***/ 2521:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Cv: () => (/* binding */ WaveInputError),
/* harmony export */   Ds: () => (/* binding */ sortDiagnostics),
/* harmony export */   GN: () => (/* binding */ isWaveInputError),
/* harmony export */   Kv: () => (/* binding */ formatDiagnosticText),
/* harmony export */   b9: () => (/* binding */ DiagnosticSink),
/* harmony export */   bJ: () => (/* binding */ isError),
/* harmony export */   le: () => (/* binding */ diagnosticPlace),
/* harmony export */   uF: () => (/* binding */ formatDiagnosticGithub)
/* harmony export */ });
/* unused harmony exports MAX_MESSAGE, hasErrors, escapeGithubData, escapeGithubProperty */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3916);
/**
 * Diagnostics: how every problem found in wave files and wave.config.json is reported.
 */

/** Longest message kept (input quoted in messages is cut well before this). */
const MAX_MESSAGE = 1000;
/** A collector that fills in the file (and optionally wave/agent) for each diagnostic. */
class DiagnosticSink {
    file;
    wave;
    items = [];
    constructor(file, wave) {
        this.file = file;
        this.wave = wave;
    }
    error(line, message, extra = {}) {
        this.push("error", line, message, extra);
    }
    warning(line, message, extra = {}) {
        this.push("warning", line, message, extra);
    }
    push(severity, line, message, extra) {
        const text = message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE - 1)}…` : message;
        const d = { file: this.file, line: Math.max(0, line), message: text, severity };
        if (extra.column !== undefined && extra.column > 0)
            d.column = extra.column;
        if (this.wave !== undefined)
            d.wave = this.wave;
        if (extra.agentId !== undefined)
            d.agentId = extra.agentId;
        this.items.push(d);
    }
}
function isError(d) {
    return d.severity !== "warning";
}
function hasErrors(diagnostics) {
    return diagnostics.some(isError);
}
/** Sorts by file, line, column (stable for equal positions). */
function sortDiagnostics(diagnostics) {
    return diagnostics
        .map((d, i) => ({ d, i }))
        .sort((a, b) => (a.d.file < b.d.file ? -1 : a.d.file > b.d.file ? 1 : 0) ||
        a.d.line - b.d.line ||
        (a.d.column ?? 0) - (b.d.column ?? 0) ||
        a.i - b.i)
        .map((x) => x.d);
}
/**
 * A configuration or environment problem that stops loading (exit code 2): malformed
 * wave.config.json, missing waves directory, unknown lane. Carries the diagnostics so that
 * formatters can still show file and line.
 */
class WaveInputError extends _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo {
    diagnostics;
    constructor(diagnostics, summary) {
        const lines = diagnostics.filter(isError).map((d) => formatDiagnosticText(d));
        super(summary ? [summary, ...lines].join("\n") : lines.join("\n") || "invalid input", 2);
        this.name = "WaveInputError";
        this.diagnostics = diagnostics;
    }
}
function isWaveInputError(e) {
    return e instanceof WaveInputError;
}
/** `path:line: error: message` (the line is left out when unknown). */
function formatDiagnosticText(d, displayPath = d.file) {
    return `${diagnosticPlace(d, displayPath)}: ${d.severity === "warning" ? "warning" : "error"}: ${d.message}`;
}
/** `file:line` (or just the file) of a diagnostic. */
function diagnosticPlace(d, displayPath = d.file) {
    return d.line > 0 ? `${displayPath}:${d.line}` : displayPath;
}
/** Escapes the message part of a GitHub workflow command. */
function escapeGithubData(value) {
    return value.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A");
}
/** Escapes a property value of a GitHub workflow command (also `:` and `,`). */
function escapeGithubProperty(value) {
    return escapeGithubData(value).replaceAll(":", "%3A").replaceAll(",", "%2C");
}
/** `::error file=…,line=…,col=…,title=…::message` */
function formatDiagnosticGithub(d, displayPath, title) {
    const props = [`file=${escapeGithubProperty(displayPath)}`];
    if (d.line > 0)
        props.push(`line=${d.line}`);
    if (d.line > 0 && d.column !== undefined)
        props.push(`col=${d.column}`);
    props.push(`title=${escapeGithubProperty(title)}`);
    return `::${d.severity === "warning" ? "warning" : "error"} ${props.join(",")}::${escapeGithubData(d.message)}`;
}


/***/ }),

/***/ 218:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   y: () => (/* binding */ discoverWaveFiles)
/* harmony export */ });
/* unused harmony export WAVE_FILE_PATTERN */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _diagnostics_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2521);
/**
 * Finding the wave files of a lane: `wave-<n>.md` in the lane's waves directory, numeric order.
 */



const WAVE_FILE_PATTERN = /^wave-(\d+)\.md$/;
/**
 * Lists the wave files in `wavesDir` (repository-relative). Throws WaveInputError (exit 2) when
 * the directory is missing or holds no wave file at all. Misnamed files (`wave-1a.md`,
 * `Wave-2.md`), duplicate numbers (`wave-1.md` + `wave-01.md`) and non-files are errors; other
 * `wave-*.md` names are ignored with a warning; gaps in the numbering are warnings.
 */
function discoverWaveFiles(root, wavesDir) {
    const dirAbs = node_path__WEBPACK_IMPORTED_MODULE_1___default().join(root, wavesDir);
    const sink = new _diagnostics_js__WEBPACK_IMPORTED_MODULE_2__/* .DiagnosticSink */ .b9(wavesDir);
    let entries;
    try {
        entries = node_fs__WEBPACK_IMPORTED_MODULE_0___default().readdirSync(dirAbs, { withFileTypes: true });
    }
    catch (e) {
        const code = e.code;
        sink.error(0, code === "ENOENT" ? `waves directory not found: ${wavesDir}` : code === "ENOTDIR" ? `${wavesDir} is not a directory` : `cannot read waves directory ${wavesDir}: ${code}`);
        throw new _diagnostics_js__WEBPACK_IMPORTED_MODULE_2__/* .WaveInputError */ .Cv(sink.items);
    }
    const files = [];
    const byNumber = new Map();
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
        const name = entry.name;
        const rel = `${wavesDir}/${name}`;
        const fileSink = new _diagnostics_js__WEBPACK_IMPORTED_MODULE_2__/* .DiagnosticSink */ .b9(rel);
        const m = WAVE_FILE_PATTERN.exec(name);
        if (!m) {
            if (/^wave-\d.*\.md$/i.test(name)) {
                fileSink.error(0, `invalid wave file name "${name}": wave files are named wave-<number>.md (e.g. wave-3.md)`);
            }
            else if (/^wave-.*\.md$/i.test(name)) {
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
        const abs = node_path__WEBPACK_IMPORTED_MODULE_1___default().join(dirAbs, name);
        let isFile = false;
        try {
            isFile = node_fs__WEBPACK_IMPORTED_MODULE_0___default().statSync(abs).isFile();
        }
        catch {
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
        throw new _diagnostics_js__WEBPACK_IMPORTED_MODULE_2__/* .WaveInputError */ .Cv(sink.items);
    }
    for (let i = 1; i < files.length; i++) {
        const prev = files[i - 1].wave;
        const cur = files[i].wave;
        if (cur > prev + 1) {
            const missing = cur - prev === 2 ? `${prev + 1}` : `${prev + 1}-${cur - 1}`;
            sink.warning(0, `wave numbers skip ${missing} (between ${files[i - 1].file} and ${files[i].file})`);
        }
    }
    return { files, diagnostics: sink.items };
}


/***/ }),

/***/ 3992:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BM: () => (/* binding */ overrideSections),
/* harmony export */   iA: () => (/* binding */ parseExecutorSettings)
/* harmony export */ });
/* unused harmony export EXECUTOR_KEYS */
/* harmony import */ var _sandbox_ecosystems_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1186);
/* harmony import */ var _preview_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2945);
/* harmony import */ var _schema_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8486);
/* harmony import */ var _words_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8628);




const S = (noDash = true) => ({ t: "string", noDash });
const L = (noDash = true) => ({ t: "list", noDash });
const EXECUTOR_KEYS = {
    id: { kind: { t: "executor" }, target: "id" },
    profile: { kind: { t: "string", lower: true }, target: "profile" },
    model: { kind: S(), target: "model" },
    fallbacks: { kind: { t: "executors" }, target: "fallbacks" },
    tags: { kind: L(false), target: "tags" },
    "retry-policy": { kind: { t: "enum", values: ["sticky", "fallback-allowed"] }, target: "retryPolicy" },
    "allow-fallback-on-retry": { kind: { t: "bool" }, target: "allowFallbackOnRetry" },
    "budget.turns": { kind: { t: "posInt" }, target: "budget.turns" },
    "budget.minutes": { kind: { t: "posNumber" }, target: "budget.minutes" },
    "budget.usd": { kind: { t: "posNumber" }, target: "budget.usd" },
    "budget.tokens": { kind: { t: "posInt" }, target: "budget.tokens" },
    env: { kind: { t: "envNames" }, target: "env" },
    "network.allowed": { kind: { t: "hosts" }, target: "networkAllowed" },
    command: { kind: { t: "argv" }, target: ["command", "argv"] },
    "command.argv": { kind: { t: "argv" }, target: ["command", "argv"] },
    "codex.command": { kind: { t: "argv" }, target: ["codex", "command"] },
    "codex.sandbox": { kind: { t: "enum", values: ["read-only", "workspace-write", "danger-full-access"] }, target: ["codex", "sandbox"] },
    "codex.profile_name": { kind: S(), target: ["codex", "profileName"] },
    "codex.config": { kind: L(), target: ["codex", "config"] },
    "codex.search": { kind: { t: "bool" }, target: ["codex", "search"] },
    "codex.images": { kind: L(), target: ["codex", "images"] },
    "codex.add_dirs": { kind: L(), target: ["codex", "addDirs"] },
    "codex.json": { kind: { t: "bool" }, target: ["codex", "json"] },
    "codex.ephemeral": { kind: { t: "bool" }, target: ["codex", "ephemeral"] },
    "claude.command": { kind: { t: "argv" }, target: ["claude", "command"] },
    "claude.agent": { kind: S(), target: ["claude", "agent"] },
    "claude.permission_mode": { kind: S(), target: ["claude", "permissionMode"] },
    "claude.permission_prompt_tool": { kind: S(), target: ["claude", "permissionPromptTool"] },
    "claude.effort": { kind: { t: "enum", values: ["low", "medium", "high", "max"] }, target: ["claude", "effort"] },
    "claude.max_turns": { kind: { t: "posInt" }, target: ["claude", "maxTurns"] },
    "claude.mcp_config": { kind: L(), target: ["claude", "mcpConfig"] },
    "claude.settings": { kind: S(), target: ["claude", "settings"] },
    "claude.settings_json": { kind: { t: "json", object: true }, target: ["claude", "settingsJson"] },
    "claude.hooks_json": { kind: { t: "json", object: true }, target: ["claude", "hooksJson"] },
    "claude.allowed_http_hook_urls": { kind: L(false), target: ["claude", "allowedHttpHookUrls"] },
    "claude.output_format": { kind: { t: "enum", values: ["text", "json", "stream-json"] }, target: ["claude", "outputFormat"] },
    "claude.allowed_tools": { kind: L(), target: ["claude", "allowedTools"] },
    "claude.disallowed_tools": { kind: L(), target: ["claude", "disallowedTools"] },
    "opencode.command": { kind: { t: "argv" }, target: ["opencode", "command"] },
    "opencode.agent": { kind: S(), target: ["opencode", "agent"] },
    "opencode.attach": { kind: S(), target: ["opencode", "attach"] },
    "opencode.files": { kind: L(), target: ["opencode", "files"] },
    "opencode.format": { kind: { t: "enum", values: ["default", "json"] }, target: ["opencode", "format"] },
    "opencode.steps": { kind: { t: "posInt" }, target: ["opencode", "steps"] },
    "opencode.instructions": { kind: L(false), target: ["opencode", "instructions"] },
    "opencode.permission": { kind: { t: "json", object: false }, target: ["opencode", "permission"] },
    "opencode.config_json": { kind: { t: "json", object: true }, target: ["opencode", "configJson"] },
    "opencode.env_keys": { kind: { t: "envNames" }, target: ["opencode", "envKeys"] },
};
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
function isExecutorId(v) {
    return _schema_js__WEBPACK_IMPORTED_MODULE_1__/* .EXECUTOR_IDS */ .rz.includes(v);
}
const BOOL_TRUE = new Set(["true", "1", "yes", "on"]);
const BOOL_FALSE = new Set(["false", "0", "no", "off"]);
function dashProblem(key, v) {
    return v.startsWith("-")
        ? `Executor setting "${key}" must not start with "-" (got "${(0,_preview_js__WEBPACK_IMPORTED_MODULE_3__/* .preview */ .V)(v, 60)}"): it would be read as a command-line option`
        : null;
}
function parseValue(key, raw, kind) {
    if (raw.includes("\u0000"))
        return { ok: false, error: `Executor setting "${key}" contains a NUL byte` };
    switch (kind.t) {
        case "argv": {
            const split = (0,_words_js__WEBPACK_IMPORTED_MODULE_2__/* .splitShellWords */ .CQ)((0,_words_js__WEBPACK_IMPORTED_MODULE_2__/* .stripBackticks */ .gJ)(raw));
            if (!split.ok)
                return { ok: false, error: `Executor setting "${key}": ${split.error}` };
            if (split.items.length === 0)
                return { ok: false, error: `Executor setting "${key}" is empty` };
            const first = split.items[0];
            if (first.startsWith("-"))
                return { ok: false, error: `Executor setting "${key}": the program name must not start with "-" (got "${(0,_preview_js__WEBPACK_IMPORTED_MODULE_3__/* .preview */ .V)(first, 60)}")` };
            return { ok: true, value: split.items };
        }
        case "list":
        case "executors":
        case "envNames":
        case "hosts": {
            const split = (0,_words_js__WEBPACK_IMPORTED_MODULE_2__/* .splitCommaList */ .mv)((0,_words_js__WEBPACK_IMPORTED_MODULE_2__/* .stripBackticks */ .gJ)(raw));
            if (!split.ok)
                return { ok: false, error: `Executor setting "${key}": ${split.error}` };
            const items = split.items;
            if (items.length === 0)
                return { ok: false, error: `Empty Executor setting "${key}"` };
            for (const item of items) {
                if (kind.t === "executors") {
                    const id = item.toLowerCase();
                    if (!isExecutorId(id))
                        return { ok: false, error: `Executor setting "${key}": "${(0,_preview_js__WEBPACK_IMPORTED_MODULE_3__/* .preview */ .V)(item, 60)}" is not an executor (one of: ${_schema_js__WEBPACK_IMPORTED_MODULE_1__/* .EXECUTOR_IDS */ .rz.join(", ")})` };
                }
                else if (kind.t === "envNames") {
                    if (!ENV_NAME.test(item))
                        return { ok: false, error: `Executor setting "${key}": "${(0,_preview_js__WEBPACK_IMPORTED_MODULE_3__/* .preview */ .V)(item, 60)}" is not an environment variable name` };
                }
                else if (kind.t === "hosts") {
                    const problem = (0,_sandbox_ecosystems_js__WEBPACK_IMPORTED_MODULE_0__/* .allowedEntryProblem */ .Qt)(item);
                    if (problem)
                        return { ok: false, error: `Executor setting "${key}": "${(0,_preview_js__WEBPACK_IMPORTED_MODULE_3__/* .preview */ .V)(item, 60)}" ${problem}` };
                }
                else if (kind.noDash) {
                    const p = dashProblem(key, item);
                    if (p)
                        return { ok: false, error: p };
                }
            }
            return { ok: true, value: kind.t === "executors" || kind.t === "hosts" ? items.map((i) => i.toLowerCase()) : items };
        }
        default:
            break;
    }
    const v = (0,_words_js__WEBPACK_IMPORTED_MODULE_2__/* .stripOuterQuoteChars */ .PF)(raw);
    if (v === "")
        return { ok: false, error: `Empty Executor setting "${key}"` };
    switch (kind.t) {
        case "executor": {
            const id = v.toLowerCase();
            return isExecutorId(id) ? { ok: true, value: id } : { ok: false, error: `Executor "${(0,_preview_js__WEBPACK_IMPORTED_MODULE_3__/* .preview */ .V)(v, 60)}" is not one of: ${_schema_js__WEBPACK_IMPORTED_MODULE_1__/* .EXECUTOR_IDS */ .rz.join(", ")}` };
        }
        case "string": {
            const p = kind.noDash ? dashProblem(key, v) : null;
            if (p)
                return { ok: false, error: p };
            return { ok: true, value: kind.lower ? v.toLowerCase() : v };
        }
        case "enum": {
            const e = v.toLowerCase();
            return kind.values.includes(e) ? { ok: true, value: e } : { ok: false, error: `Executor setting "${key}" must be one of: ${kind.values.join(", ")} (got "${(0,_preview_js__WEBPACK_IMPORTED_MODULE_3__/* .preview */ .V)(v, 60)}")` };
        }
        case "bool": {
            const b = v.toLowerCase();
            if (BOOL_TRUE.has(b))
                return { ok: true, value: true };
            if (BOOL_FALSE.has(b))
                return { ok: true, value: false };
            return { ok: false, error: `Executor setting "${key}" must be true or false (got "${(0,_preview_js__WEBPACK_IMPORTED_MODULE_3__/* .preview */ .V)(v, 60)}")` };
        }
        case "posInt":
        case "posNumber": {
            const num = Number(v);
            const good = /^\d+(\.\d+)?$/.test(v) && Number.isFinite(num) && num > 0 && (kind.t === "posNumber" || Number.isInteger(num));
            return good ? { ok: true, value: num } : { ok: false, error: `Executor setting "${key}" must be a positive ${kind.t === "posInt" ? "integer" : "number"} (got "${(0,_preview_js__WEBPACK_IMPORTED_MODULE_3__/* .preview */ .V)(v, 60)}")` };
        }
        case "json": {
            // JSON values keep their own quotes: only surrounding backticks are removed.
            const text = (0,_words_js__WEBPACK_IMPORTED_MODULE_2__/* .stripBackticks */ .gJ)(raw);
            let parsed;
            try {
                parsed = JSON.parse(text);
            }
            catch (e) {
                return { ok: false, error: `Executor setting "${key}" is not valid JSON: ${e.message}` };
            }
            if (kind.object && (parsed === null || typeof parsed !== "object" || Array.isArray(parsed))) {
                return { ok: false, error: `Executor setting "${key}" must be a JSON object` };
            }
            return { ok: true, value: parsed };
        }
        default:
            return { ok: false, error: `Executor setting "${key}" cannot be parsed` };
    }
}
/** Parses the executor lines of one agent. Problems go to `sink`; good values are kept. */
function parseExecutorSettings(lines, agentId, sink) {
    const out = {};
    const sections = { codex: {}, claude: {}, opencode: {}, command: {} };
    const seen = new Map();
    for (const l of lines) {
        const spec = EXECUTOR_KEYS[l.key];
        if (!spec) {
            const hint = EXECUTOR_KEYS[l.key.toLowerCase()] ? ` (did you mean "${l.key.toLowerCase()}"?)` : "";
            sink.error(l.line, `Agent ${agentId}: unsupported Executor setting "${(0,_preview_js__WEBPACK_IMPORTED_MODULE_3__/* .preview */ .V)(l.key, 60)}"${hint}`, { agentId, column: 3 });
            continue;
        }
        const targetName = typeof spec.target === "string" ? spec.target : spec.target.join(".");
        const previous = seen.get(targetName);
        if (previous !== undefined) {
            sink.warning(l.line, `Agent ${agentId}: Executor setting "${l.key}" repeats line ${previous}; the last value is used`, { agentId });
        }
        seen.set(targetName, l.line);
        const parsed = parseValue(l.key, l.value, spec.kind);
        if (!parsed.ok) {
            sink.error(l.line, `Agent ${agentId}: ${parsed.error}`, { agentId, column: l.column });
            continue;
        }
        if (typeof spec.target === "string") {
            if (spec.target.startsWith("budget.")) {
                const budget = out.budget ?? {};
                budget[spec.target.slice("budget.".length)] = parsed.value;
                out.budget = budget;
            }
            else {
                out[spec.target] = parsed.value;
            }
        }
        else {
            sections[spec.target[0]][spec.target[1]] = parsed.value;
        }
    }
    for (const name of Object.keys(sections)) {
        if (Object.keys(sections[name]).length > 0)
            out[name] = sections[name];
    }
    return out;
}
/** Which vendor sections an executor config sets (for the id/override consistency rule). */
function overrideSections(config) {
    return ["codex", "claude", "opencode", "command"].filter((s) => config[s] !== undefined);
}


/***/ }),

/***/ 4961:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   gi: () => (/* reexport safe */ _project_js__WEBPACK_IMPORTED_MODULE_5__.gi)
/* harmony export */ });
/* harmony import */ var _closure_policy_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8279);
/* harmony import */ var _config_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8349);
/* harmony import */ var _diagnostics_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2521);
/* harmony import */ var _discover_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(218);
/* harmony import */ var _parse_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5286);
/* harmony import */ var _project_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(496);
/* harmony import */ var _resolve_executor_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8659);
/* harmony import */ var _roles_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(5620);
/* harmony import */ var _words_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(8628);
/**
 * The wave model's public surface: load a project, look at roles and closure policy.
 */











/***/ }),

/***/ 5286:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Dc: () => (/* binding */ parseWaveFile)
});

// UNUSED EXPORTS: AGENT_SECTIONS, WAVE_SECTIONS, slugify

// EXTERNAL MODULE: ./src/wave/preview.ts
var preview = __webpack_require__(2945);
;// CONCATENATED MODULE: ./src/wave/bullets.ts

function extra(ctx, column) {
    return { ...(ctx.agentId !== undefined ? { agentId: ctx.agentId } : {}), ...(column !== undefined ? { column } : {}) };
}
/** `- value` lines of a section; any other non-blank line is reported as malformed. */
function bulletsOf(section, ctx, what) {
    const out = [];
    for (const line of section.body) {
        const t = line.text;
        const trimmed = t.trim();
        if (trimmed === "")
            continue;
        const lead = t.length - t.trimStart().length;
        const ok = trimmed.startsWith("-") && (trimmed[1] === " " || trimmed[1] === "\t");
        const value = ok ? trimmed.slice(1).trim() : "";
        if (!ok || value === "") {
            ctx.sink.error(line.n, `${ctx.who}: malformed ${what} "${(0,preview/* preview */.V)(trimmed)}" in "${"#".repeat(section.level)} ${section.name}" (expected "- …"; no prose in list sections)`, extra(ctx, lead + 1));
            continue;
        }
        const column = t.indexOf(value, lead + 1) + 1;
        out.push({ n: line.n, value, column: column > 0 ? column : lead + 3 });
    }
    return out;
}
const KEY = /^[A-Za-z0-9._-]+$/;
/** `- key: value` lines. Malformed lines are reported; `allowDots` permits `a.b` keys. */
function keyValuesOf(section, ctx, what, allowDots = true) {
    const out = [];
    for (const b of bulletsOf(section, ctx, what)) {
        const colon = b.value.indexOf(":");
        const key = colon > 0 ? b.value.slice(0, colon).trim() : "";
        if (!key || !KEY.test(key) || (!allowDots && key.includes("."))) {
            ctx.sink.error(b.n, `${ctx.who}: malformed ${what} "${(0,preview/* preview */.V)(b.value)}" (expected "- <key>: <value>")`, extra(ctx, b.column));
            continue;
        }
        const rawValue = b.value.slice(colon + 1);
        const value = rawValue.trim();
        if (value === "") {
            ctx.sink.error(b.n, `${ctx.who}: empty ${what} "${key}"`, extra(ctx, b.column));
            continue;
        }
        const valueColumn = b.column + colon + 1 + (rawValue.length - rawValue.trimStart().length);
        out.push({ n: b.n, column: b.column, key, value, valueColumn });
    }
    return out;
}
function errorAt(ctx, line, message, column) {
    ctx.sink.error(line, `${ctx.who}: ${message}`, extra(ctx, column));
}
function warnAt(ctx, line, message, column) {
    ctx.sink.warning(line, `${ctx.who}: ${message}`, extra(ctx, column));
}

;// CONCATENATED MODULE: ./src/wave/markdown.ts
/**
 * A line-based markdown scanner: just enough markdown to find the structure of a wave file.
 *
 * - Headings are ATX headings at the start of a line (`#`..`######`, then a space or the end of the
 *   line); trailing spaces are ignored; `####` is level 4, never level 3.
 * - Fenced blocks open with three or more backticks or tildes (up to three spaces of indentation)
 *   and close with a line of the same character at least as long. Everything inside a fence is
 *   plain content, so a `## Agent` or `### ` line in a prompt is prompt text, not structure.
 * - Everything is linear in the size of the input (no backtracking regular expressions), so a
 *   10 MB file or a single huge line is fine.
 */
/** Splits text into lines on LF or CRLF (a lone CR stays inside its line). */
function splitLines(text) {
    const lines = text.split("\n");
    for (let i = 0; i < lines.length; i++) {
        const l = lines[i];
        if (l.endsWith("\r"))
            lines[i] = l.slice(0, -1);
    }
    return lines;
}
function leadingSpaces(text) {
    let i = 0;
    while (i < text.length && text[i] === " ")
        i++;
    return i;
}
/** Parses a fence opener: returns char, run length and info string, or null. */
function fenceOpener(text) {
    const indent = leadingSpaces(text);
    if (indent > 3)
        return null;
    const c = text[indent];
    if (c !== "`" && c !== "~")
        return null;
    let j = indent;
    while (j < text.length && text[j] === c)
        j++;
    const length = j - indent;
    if (length < 3)
        return null;
    const info = text.slice(j).trim();
    if (c === "`" && info.includes("`"))
        return null;
    return { char: c, length, info };
}
function isFenceCloser(text, fence) {
    const indent = leadingSpaces(text);
    if (indent > 3)
        return false;
    let j = indent;
    while (j < text.length && text[j] === fence.char)
        j++;
    if (j - indent < fence.length)
        return false;
    return text.slice(j).trim() === "";
}
/** An ATX heading at column 0: level and trimmed text, or null. */
function parseHeading(text) {
    if (text[0] !== "#")
        return null;
    let level = 0;
    while (level < text.length && text[level] === "#")
        level++;
    if (level > 6)
        return null;
    if (level < text.length && text[level] !== " " && text[level] !== "\t")
        return null;
    return { level, text: text.slice(level).trim() };
}
/** Scans text into lines, marking fences and headings. */
function scanMarkdown(text) {
    const raw = splitLines(text);
    const lines = new Array(raw.length);
    const fences = [];
    let open = null;
    for (let i = 0; i < raw.length; i++) {
        const n = i + 1;
        const t = raw[i];
        if (open) {
            if (isFenceCloser(t, open)) {
                open.close = n;
                open.last = n - 1;
                lines[i] = { n, text: t, fenced: true, fenceIndex: fences.length - 1 };
                open = null;
            }
            else {
                lines[i] = { n, text: t, fenced: true };
            }
            continue;
        }
        const opener = fenceOpener(t);
        if (opener) {
            open = { open: n, close: null, char: opener.char, length: opener.length, info: opener.info, first: n + 1, last: raw.length };
            fences.push(open);
            lines[i] = { n, text: t, fenced: true, fenceIndex: fences.length - 1 };
            continue;
        }
        const heading = parseHeading(t);
        lines[i] = heading ? { n, text: t, fenced: false, heading } : { n, text: t, fenced: false };
    }
    return { lines, fences };
}
/** The content of a fence as text (lines joined by LF). */
function fenceContent(scanned, fence) {
    if (fence.last < fence.first)
        return "";
    const out = [];
    for (let n = fence.first; n <= fence.last; n++)
        out.push(scanned.lines[n - 1].text);
    return out.join("\n");
}

// EXTERNAL MODULE: ./src/wave/paths.ts
var wave_paths = __webpack_require__(3345);
// EXTERNAL MODULE: ./src/wave/schema.ts
var schema = __webpack_require__(8486);
// EXTERNAL MODULE: ./src/wave/words.ts
var words = __webpack_require__(8628);
;// CONCATENATED MODULE: ./src/wave/wave-sections.ts
/**
 * Wave-level sections: `## Component promotions`, `## Context7 defaults`, `## Eval targets`,
 * `## Deploy environments`.
 */



/** Component ids, capability ids, skill ids, eval target ids. */
const ID_PATTERN = /^[a-z0-9][a-z0-9._-]*$/;
const LOOSE_ID = /^[a-z0-9._-]+$/i;
function parseComponentPromotions(section, ctx) {
    const out = [];
    const seen = new Set();
    for (const b of bulletsOf(section, ctx, "component promotion")) {
        const colon = b.value.indexOf(":");
        const id = colon > 0 ? b.value.slice(0, colon).trim() : "";
        const level = colon > 0 ? b.value.slice(colon + 1).trim() : "";
        if (!LOOSE_ID.test(id) || !LOOSE_ID.test(level)) {
            errorAt(ctx, b.n, `malformed component promotion "${(0,preview/* preview */.V)(b.value)}" (expected "- <component-id>: <level>")`, b.column);
            continue;
        }
        if (!ID_PATTERN.test(id)) {
            errorAt(ctx, b.n, `invalid component id "${id}" (lowercase letters, digits, ".", "_", "-")`, b.column);
            continue;
        }
        if (seen.has(id)) {
            errorAt(ctx, b.n, `duplicate component promotion "${id}"`, b.column);
            continue;
        }
        seen.add(id);
        out.push({ componentId: id, targetLevel: level });
    }
    return out;
}
/** `- bundle: <id>` / `- query: "<text>"`; null when neither is set. */
function parseContext7(section, ctx) {
    let bundle = null;
    let query = null;
    for (const kv of keyValuesOf(section, ctx, "Context7 setting", false)) {
        const key = kv.key.toLowerCase();
        const value = (0,words/* stripMatchingQuotes */.H)(kv.value);
        if (key === "bundle")
            bundle = value.trim() || null;
        else if (key === "query")
            query = (0,words/* compactSingleLine */.gH)(value, 280) || null;
        else
            warnAt(ctx, kv.n, `unknown Context7 setting "${kv.key}" is ignored (known: bundle, query)`, kv.column);
    }
    return bundle === null && query === null ? null : { bundle, query };
}
function parseEvalTargets(section, ctx) {
    const out = [];
    const seen = new Set();
    for (const b of bulletsOf(section, ctx, "eval target")) {
        const index = out.length;
        const fields = {};
        let bad = false;
        for (const part of b.value.split("|")) {
            const pair = part.trim();
            if (!pair)
                continue;
            const colon = pair.indexOf(":");
            const key = colon > 0 ? pair.slice(0, colon).trim().toLowerCase() : "";
            const value = colon > 0 ? (0,words/* stripMatchingQuotes */.H)(pair.slice(colon + 1)) : "";
            if (!key || !value) {
                errorAt(ctx, b.n, `malformed eval target field "${(0,preview/* preview */.V)(pair)}" (expected "key: value")`, b.column);
                bad = true;
                break;
            }
            fields[key] = value;
        }
        if (bad)
            continue;
        const problems = [];
        const id = (fields.id ?? "").trim().toLowerCase();
        if (!ID_PATTERN.test(id))
            problems.push(`id must match ${ID_PATTERN} (got "${(0,preview/* preview */.V)(fields.id ?? "", 40)}")`);
        const selection = (fields.selection ?? "").trim().toLowerCase();
        if (selection !== "pinned" && selection !== "delegated")
            problems.push("selection must be one of: pinned, delegated");
        const familyRaw = (fields["benchmark-family"] ?? "").trim().toLowerCase();
        if (familyRaw && !ID_PATTERN.test(familyRaw))
            problems.push(`benchmark-family must match ${ID_PATTERN}`);
        const benchmarks = (fields.benchmarks ?? "")
            .split(",")
            .map((x) => x.trim().toLowerCase())
            .filter(Boolean);
        for (const bm of benchmarks)
            if (!ID_PATTERN.test(bm))
                problems.push(`benchmark "${(0,preview/* preview */.V)(bm, 40)}" must match ${ID_PATTERN}`);
        const objective = (fields.objective ?? "").trim();
        const threshold = (fields.threshold ?? "").trim();
        if (!objective)
            problems.push("objective is required");
        if (!threshold)
            problems.push("threshold is required");
        if (selection === "delegated" && !familyRaw)
            problems.push("must declare benchmark-family when selection=delegated");
        if (selection === "pinned" && benchmarks.length === 0)
            problems.push("must declare benchmarks when selection=pinned");
        if (problems.length > 0) {
            errorAt(ctx, b.n, `eval target ${index + 1}: ${problems.join("; ")}`, b.column);
            continue;
        }
        if (seen.has(id)) {
            errorAt(ctx, b.n, `duplicate eval target "${id}"`, b.column);
            continue;
        }
        seen.add(id);
        out.push({
            id,
            selection: selection,
            benchmarkFamily: familyRaw || null,
            benchmarks,
            objective,
            threshold,
        });
    }
    return out;
}
const DEPLOY_LINE = /^`?([a-z0-9][a-z0-9._-]*)`?\s*:\s*`?([a-z0-9][a-z0-9._-]*)`?\s*(default)?(?:\s+\((.*)\))?$/i;
function parseDeployEnvironments(section, ctx) {
    const out = [];
    const seen = new Set();
    for (const b of bulletsOf(section, ctx, "deploy environment")) {
        const m = b.value.length <= 2000 ? DEPLOY_LINE.exec(b.value) : null;
        if (!m) {
            errorAt(ctx, b.n, `malformed deploy environment "${(0,preview/* preview */.V)(b.value)}" (expected "- <id>: <kind> [default] [(notes)]")`, b.column);
            continue;
        }
        const id = m[1].toLowerCase();
        if (seen.has(id)) {
            errorAt(ctx, b.n, `duplicate deploy environment "${id}"`, b.column);
            continue;
        }
        seen.add(id);
        out.push({ id, kind: m[2].toLowerCase(), isDefault: m[3] !== undefined, notes: m[4]?.trim() || null });
    }
    if (out.length > 0 && !out.some((e) => e.isDefault))
        out[0].isDefault = true;
    return out;
}

;// CONCATENATED MODULE: ./src/wave/agent-sections.ts
/**
 * Agent sub-sections (`### Role prompts`, `### Capabilities`, `### Components`, `### Exit contract`,
 * `### Deliverables`, `### Proof artifacts`, `### Skills`, `### Prompt`) and the `File ownership`
 * list inside the prompt.
 */







const stripAllQuotes = (v) => v.replace(/[`"']/g, "").trim();
/** `- <path>` lists (deliverables): repository-relative file paths, unique. */
function parsePathList(section, ctx, what) {
    const out = [];
    const seen = new Set();
    for (const b of bulletsOf(section, ctx, what)) {
        const p = (0,wave_paths/* normalizeRelPath */.Km)(stripAllQuotes(b.value));
        const problem = (0,wave_paths/* repoPathProblem */.Js)(p);
        if (problem) {
            errorAt(ctx, b.n, `${what} "${(0,preview/* preview */.V)(b.value)}" ${problem}`, b.column);
            continue;
        }
        if (seen.has(p)) {
            errorAt(ctx, b.n, `duplicate ${what} "${(0,preview/* preview */.V)(p)}"`, b.column);
            continue;
        }
        seen.add(p);
        out.push({ path: p, line: b.n, column: b.column });
    }
    return out;
}
/** `- <path>` role prompt list: `.md` files inside the repository (and inside `requiredDir` when given). */
function parseRolePrompts(section, ctx, requiredDir) {
    const out = [];
    const seen = new Set();
    const bullets = bulletsOf(section, ctx, "role prompt entry");
    if (bullets.length === 0 && !section.body.some((l) => l.text.trim() !== "")) {
        errorAt(ctx, section.line, `"### Role prompts" lists no role prompt paths`);
    }
    for (const b of bullets) {
        const p = (0,wave_paths/* normalizeRelPath */.Km)(stripAllQuotes(b.value));
        const problem = (0,wave_paths/* repoPathProblem */.Js)(p);
        if (problem) {
            errorAt(ctx, b.n, `role prompt path "${(0,preview/* preview */.V)(b.value)}" ${problem}`, b.column);
            continue;
        }
        if (!/\.md$/i.test(p)) {
            errorAt(ctx, b.n, `role prompt path "${(0,preview/* preview */.V)(p)}" must be a .md file`, b.column);
            continue;
        }
        const dir = requiredDir === null ? null : (0,wave_paths/* normalizeRelPath */.Km)(requiredDir).replace(/\/+$/, "");
        if (dir !== null && !p.startsWith(`${dir}/`)) {
            errorAt(ctx, b.n, `role prompt path "${(0,preview/* preview */.V)(p)}" must stay within ${dir}/*.md`, b.column);
            continue;
        }
        if (seen.has(p))
            continue;
        seen.add(p);
        out.push({ path: p, line: b.n, column: b.column });
    }
    return out;
}
/** `- <id>` lists (capabilities, components): lowercase ids, unique. */
function parseIdList(section, ctx, what) {
    const out = [];
    for (const b of bulletsOf(section, ctx, what)) {
        const id = b.value.trim();
        if (!ID_PATTERN.test(id)) {
            errorAt(ctx, b.n, `invalid ${what} "${(0,preview/* preview */.V)(id, 60)}" (lowercase letters, digits, ".", "_", "-")`, b.column);
            continue;
        }
        if (out.includes(id)) {
            errorAt(ctx, b.n, `duplicate ${what} "${id}"`, b.column);
            continue;
        }
        out.push(id);
    }
    return out;
}
/** `- <skill-id>` (quotes removed, lowercased), unique. */
function parseSkills(section, ctx) {
    const out = [];
    for (const b of bulletsOf(section, ctx, "skill entry")) {
        const id = stripAllQuotes(b.value).toLowerCase();
        if (!ID_PATTERN.test(id)) {
            errorAt(ctx, b.n, `invalid skill id "${(0,preview/* preview */.V)(b.value, 60)}" (must match ${ID_PATTERN})`, b.column);
            continue;
        }
        if (out.includes(id)) {
            errorAt(ctx, b.n, `duplicate skill "${id}"`, b.column);
            continue;
        }
        out.push(id);
    }
    return out;
}
const EXIT_KEYS = {
    completion: "completion",
    durability: "durability",
    proof: "proof",
    "doc-impact": "docImpact",
    docimpact: "docImpact",
};
/** `- completion: …`, `- durability: …`, `- proof: …`, `- doc-impact: …`; null when all empty. */
function parseExitContract(section, ctx) {
    const c = { completion: null, durability: null, proof: null, docImpact: null };
    for (const kv of keyValuesOf(section, ctx, "Exit contract setting", false)) {
        const field = EXIT_KEYS[kv.key.toLowerCase()];
        if (!field) {
            warnAt(ctx, kv.n, `unknown Exit contract setting "${kv.key}" is ignored (known: completion, durability, proof, doc-impact)`, kv.column);
            continue;
        }
        c[field] = (0,words/* stripMatchingQuotes */.H)(kv.value);
    }
    return c.completion || c.durability || c.proof || c.docImpact ? c : null;
}
const MATURITY = new Set(schema/* MATURITY_LEVELS */.l8);
/** `- <path>` or `- path: <p> | kind: <k> | required-for: <level>[,<level>]`. */
function parseProofArtifacts(section, ctx) {
    const out = [];
    const seen = new Set();
    for (const b of bulletsOf(section, ctx, "proof artifact entry")) {
        let artifact;
        if (!b.value.includes("|") && !/^(?:path|kind|required-for)\s*:/i.test(b.value)) {
            artifact = { path: (0,wave_paths/* normalizeRelPath */.Km)(stripAllQuotes(b.value)), kind: null, requiredFor: [] };
        }
        else {
            const fields = {};
            let bad = false;
            for (const part of b.value.split("|")) {
                const pair = part.trim();
                if (!pair)
                    continue;
                const colon = pair.indexOf(":");
                const key = colon > 0 ? pair.slice(0, colon).trim().toLowerCase() : "";
                const value = colon > 0 ? pair.slice(colon + 1).trim().replace(/^["'`]|["'`]$/g, "") : "";
                if (!key || !value) {
                    errorAt(ctx, b.n, `malformed proof artifact field "${(0,preview/* preview */.V)(pair)}"`, b.column);
                    bad = true;
                    break;
                }
                fields[key] = value;
            }
            if (bad)
                continue;
            if (!fields.path) {
                errorAt(ctx, b.n, `proof artifact entry must include path`, b.column);
                continue;
            }
            const levels = (fields["required-for"] ?? "")
                .split(",")
                .map((x) => x.trim())
                .filter(Boolean);
            const unknown = levels.filter((l) => !MATURITY.has(l));
            if (unknown.length > 0) {
                errorAt(ctx, b.n, `invalid maturity level "${(0,preview/* preview */.V)(unknown[0], 40)}" (one of: ${schema/* MATURITY_LEVELS */.l8.join(", ")})`, b.column);
                continue;
            }
            artifact = { path: (0,wave_paths/* normalizeRelPath */.Km)(fields.path), kind: fields.kind?.trim() || null, requiredFor: levels };
        }
        const problem = (0,wave_paths/* repoPathProblem */.Js)(artifact.path);
        if (problem) {
            errorAt(ctx, b.n, `proof artifact "${(0,preview/* preview */.V)(artifact.path)}" ${problem}`, b.column);
            continue;
        }
        if (artifact.path.endsWith("/")) {
            errorAt(ctx, b.n, `proof artifact "${(0,preview/* preview */.V)(artifact.path)}" must be a file path, not a directory path`, b.column);
            continue;
        }
        if (seen.has(artifact.path)) {
            errorAt(ctx, b.n, `duplicate proof artifact "${(0,preview/* preview */.V)(artifact.path)}"`, b.column);
            continue;
        }
        seen.add(artifact.path);
        out.push({ ...artifact, line: b.n, column: b.column });
    }
    return out;
}
/** The first fenced block inside `### Prompt`, or null (reported). */
function parsePrompt(section, ctx, scanned) {
    const first = section.body[0]?.n ?? section.line + 1;
    const last = section.body[section.body.length - 1]?.n ?? section.line;
    const fence = scanned.fences.find((f) => f.open >= first && f.open <= last);
    if (!fence) {
        errorAt(ctx, section.line, `"### Prompt" has no fenced prompt block (put the prompt between \`\`\` lines)`);
        return null;
    }
    const lines = [];
    for (let n = fence.first; n <= fence.last; n++)
        lines.push({ n, text: scanned.lines[n - 1].text });
    return { text: fenceContent(scanned, fence).trim(), line: fence.first, lines };
}
const OWNERSHIP_START = /^\s*File ownership\b/i;
const LABEL_LINE = /^\s*[A-Za-z][A-Za-z0-9 _/-]*:\s*$/;
/**
 * The `File ownership` list in the prompt: starts at a line beginning `File ownership`, collects
 * `- <path>` bullets (quotes/backticks removed, deduplicated) and ends at the next `Label:` line.
 * Paths that escape the repository are reported.
 */
function extractOwnedPaths(prompt, ctx) {
    const paths = [];
    const seen = new Set();
    let inList = false;
    let labelLine = 0;
    for (const l of prompt.lines) {
        if (OWNERSHIP_START.test(l.text)) {
            inList = true;
            if (!labelLine)
                labelLine = l.n;
            continue;
        }
        if (inList && l.text.length < 200 && LABEL_LINE.test(l.text))
            inList = false;
        if (!inList)
            continue;
        const t = l.text.trimStart();
        if (!(t.startsWith("-") && (t[1] === " " || t[1] === "\t")))
            continue;
        const cleaned = stripAllQuotes(t.slice(1));
        if (!cleaned)
            continue;
        const p = (0,wave_paths/* normalizeRelPath */.Km)(cleaned);
        const column = l.text.length - t.length + 3;
        const problem = (0,wave_paths/* repoPathProblem */.Js)(p);
        if (problem) {
            errorAt(ctx, l.n, `owned path "${(0,preview/* preview */.V)(cleaned)}" ${problem}`, column);
            continue;
        }
        if (seen.has(p))
            continue;
        seen.add(p);
        paths.push({ path: p, line: l.n, column });
    }
    return { paths, labelLine };
}

// EXTERNAL MODULE: ./src/wave/diagnostics.ts
var diagnostics = __webpack_require__(2521);
// EXTERNAL MODULE: ./src/wave/executor-settings.ts
var executor_settings = __webpack_require__(3992);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
var external_node_fs_default = /*#__PURE__*/__webpack_require__.n(external_node_fs_);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/wave/text.ts
var wave_text = __webpack_require__(2858);
;// CONCATENATED MODULE: ./src/wave/role-prompts.ts
/**
 * Role prompt files (`docs/agents/wave-*-role.md`): the fenced block after `## Standing prompt`.
 */






/** Extracts the standing prompt from a role prompt document's text. */
function extractStandingPrompt(text, relPath) {
    const scanned = scanMarkdown(text);
    const heading = scanned.lines.find((l) => l.heading?.level === 2 && l.heading.text === "Standing prompt");
    if (!heading)
        return { ok: false, error: `role prompt ${relPath} has no "## Standing prompt" section` };
    const fence = scanned.fences.find((f) => f.open > heading.n);
    if (!fence)
        return { ok: false, error: `role prompt ${relPath} has no fenced block after "## Standing prompt"` };
    if (fence.close === null)
        return { ok: false, error: `role prompt ${relPath}: the fenced block opened at line ${fence.open} is never closed` };
    return { ok: true, text: fenceContent(scanned, fence).trim() };
}
/** Loads (and caches) the standing prompt of `relPath` under `root`. */
function loadStandingPrompt(root, relPath, cache) {
    const cached = cache.get(relPath);
    if (cached)
        return cached;
    const result = readStandingPrompt(root, relPath);
    cache.set(relPath, result);
    return result;
}
function readStandingPrompt(root, relPath) {
    const abs = external_node_path_default().join(root, relPath);
    let stat;
    try {
        stat = external_node_fs_default().statSync(abs);
    }
    catch {
        return { ok: false, error: `role prompt ${(0,preview/* preview */.V)(relPath)} does not exist` };
    }
    if (!stat.isFile())
        return { ok: false, error: `role prompt ${relPath} is not a file` };
    if (!(0,wave_paths/* realpathInside */.UG)(root, abs))
        return { ok: false, error: `role prompt ${relPath} resolves outside the repository` };
    const decoded = (0,wave_text/* decodeTextFile */.k4)(external_node_fs_default().readFileSync(abs), `role prompt ${relPath}`);
    if (!decoded.ok)
        return { ok: false, error: decoded.problem.message };
    return extractStandingPrompt(decoded.text, relPath);
}

// EXTERNAL MODULE: ./src/wave/roles.ts
var wave_roles = __webpack_require__(5620);
;// CONCATENATED MODULE: ./src/wave/structure.ts


const AGENT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const COMMIT_LABEL = "**Commit message**:";
function commitMessageOf(line) {
    const at = line.text.indexOf(COMMIT_LABEL);
    if (at < 0)
        return null;
    const rest = line.text.slice(at + COMMIT_LABEL.length).trimStart();
    if (!rest.startsWith("`"))
        return null;
    const end = rest.indexOf("`", 1);
    if (end <= 1)
        return null;
    return rest.slice(1, end);
}
/** Builds the outline. Structural problems (bad agent headings, unclosed fences) go to `sink`. */
function outlineWaveFile(text, sink) {
    const scanned = scanMarkdown(text);
    const outline = { scanned, title: null, sections: [], agents: [], commitMessage: null };
    let currentTop = null;
    let currentAgent = null;
    let currentSub = null;
    for (const line of scanned.lines) {
        const h = line.fenced ? undefined : line.heading;
        if (h && h.level === 1) {
            if (!outline.title)
                outline.title = { text: h.text, line: line.n };
            currentTop = null;
            currentAgent = null;
            currentSub = null;
            continue;
        }
        if (h && h.level === 2) {
            currentTop = null;
            currentAgent = null;
            currentSub = null;
            if (/^Agent(?:\s|:|$)/.test(h.text)) {
                const rest = h.text.slice("Agent".length);
                const colon = rest.indexOf(":");
                const agentId = colon >= 0 ? rest.slice(0, colon).trim() : "";
                const title = colon >= 0 ? rest.slice(colon + 1).trim() : "";
                if (!agentId || !title) {
                    sink.error(line.n, `Malformed agent heading "${(0,preview/* preview */.V)(line.text)}": expected "## Agent <id>: <title>"`);
                    continue;
                }
                if (!AGENT_ID_PATTERN.test(agentId)) {
                    sink.error(line.n, `Agent id "${(0,preview/* preview */.V)(agentId, 40)}" may only contain letters, digits, ".", "_" and "-" (and must start with a letter or digit)`, { agentId });
                    continue;
                }
                currentAgent = { agentId, title, line: line.n, sections: [] };
                outline.agents.push(currentAgent);
            }
            else {
                currentTop = { name: h.text, level: 2, line: line.n, body: [] };
                outline.sections.push(currentTop);
            }
            continue;
        }
        if (!outline.commitMessage && !line.fenced) {
            const msg = commitMessageOf(line);
            if (msg !== null)
                outline.commitMessage = { text: msg, line: line.n };
        }
        if (currentAgent) {
            if (h && h.level === 3) {
                currentSub = { name: h.text, level: 3, line: line.n, body: [] };
                currentAgent.sections.push(currentSub);
                continue;
            }
            currentSub?.body.push({ n: line.n, text: line.text, fenced: line.fenced });
            continue;
        }
        currentTop?.body.push({ n: line.n, text: line.text, fenced: line.fenced });
    }
    let fenceOpen = 0;
    for (const line of scanned.lines) {
        if (line.fenceIndex !== undefined && scanned.fences[line.fenceIndex].open === line.n)
            fenceOpen = line.n;
        if (line.fenced && line.fenceIndex === undefined && /^## Agent\s+[^:]+:\s*\S/.test(line.text)) {
            sink.warning(line.n, `"${(0,preview/* preview */.V)(line.text)}" looks like an agent heading but is inside the fenced block opened at line ${fenceOpen}; if it should start a new agent, close that fence first`);
        }
    }
    for (const fence of scanned.fences) {
        if (fence.close === null) {
            sink.error(fence.open, `Fenced block opened here is never closed (everything after it is treated as its content)`);
        }
    }
    return outline;
}

;// CONCATENATED MODULE: ./src/wave/parse.ts
/**
 * parseWaveFile: one wave file (text or bytes) → WaveDefinition + every problem found in it.
 * Never throws for bad input and never stops at the first problem.
 */











const WAVE_SECTIONS = ["Component promotions", "Context7 defaults", "Eval targets", "Deploy environments"];
const AGENT_SECTIONS = [
    "Role prompts",
    "Executor",
    "Context7",
    "Capabilities",
    "Components",
    "Exit contract",
    "Deliverables",
    "Proof artifacts",
    "Skills",
    "Prompt",
];
/** `slugify(`${wave}-${agentId}`)`: lowercase, runs of other characters → `-`, at most 48 chars. */
function slugify(value) {
    return value
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-+|-+$/g, "")
        .slice(0, 48);
}
const LOWER_KNOWN = new WeakMap();
/** Picks known sections by exact name; warns about repeats and near-misses (wrong case). */
function indexSections(sections, known, level, warn) {
    const map = new Map();
    let lowerKnown = LOWER_KNOWN.get(known);
    if (!lowerKnown) {
        lowerKnown = new Map(known.map((k) => [k.toLowerCase(), k]));
        LOWER_KNOWN.set(known, lowerKnown);
    }
    for (const s of sections) {
        if (lowerKnown.get(s.name.toLowerCase()) === s.name) {
            const first = map.get(s.name);
            if (first)
                warn(s.line, `"${level} ${s.name}" repeats the section at line ${first.line}; only the first one is used`);
            else
                map.set(s.name, s);
            continue;
        }
        const near = lowerKnown.get(s.name.toLowerCase());
        if (near)
            warn(s.line, `"${level} ${s.name}" is not recognised (section names are case-sensitive: did you mean "${level} ${near}"?)`);
    }
    return map;
}
function parseTitle(outline, waveNumber, sink) {
    if (!outline.title)
        return null;
    const m = /^Wave\s+(\d+)\b\s*(?:[-–—:]\s*)?(.*)$/i.exec(outline.title.text);
    if (!m)
        return outline.title.text || null;
    if (Number(m[1]) !== waveNumber) {
        sink.warning(outline.title.line, `Title says wave ${m[1]} but the file name says wave ${waveNumber}; the file name wins`);
    }
    return m[2].trim() || null;
}
function parseAgent(block, waveNumber, outline, sink, options) {
    const roles = options.roles ?? wave_roles/* DEFAULT_ROLE_BINDINGS */.wg;
    const ctx = { sink, who: `Agent ${block.agentId}`, agentId: block.agentId };
    const sections = indexSections(block.sections, AGENT_SECTIONS, "###", (line, message) => sink.warning(line, `Agent ${block.agentId}: ${message}`, { agentId: block.agentId }));
    const sectionLines = {};
    for (const [name, s] of sections)
        sectionLines[name] = s.line;
    const get = (name) => sections.get(name);
    const rolePromptItems = get("Role prompts")
        ? parseRolePrompts(get("Role prompts"), ctx, options.enforceRolePromptDir ? roles.rolePromptDir : null)
        : [];
    const rolePromptPaths = rolePromptItems.map((r) => r.path);
    let executor = {};
    const execSection = get("Executor");
    if (execSection) {
        const lines = keyValuesOf(execSection, ctx, "Executor setting").map((kv) => ({
            line: kv.n,
            key: kv.key,
            value: kv.value,
            column: kv.valueColumn,
        }));
        executor = (0,executor_settings/* parseExecutorSettings */.iA)(lines, block.agentId, sink);
    }
    const context7Section = get("Context7");
    const context7 = context7Section ? parseContext7(context7Section, ctx) : null;
    const capabilities = get("Capabilities") ? parseIdList(get("Capabilities"), ctx, "capability") : [];
    if (rolePromptPaths.some((p) => (0,wave_roles/* isDesignRolePromptPath */.qH)(p, roles)) && !capabilities.includes("design"))
        capabilities.push("design");
    if (rolePromptPaths.some((p) => (0,wave_roles/* isSecurityRolePromptPath */.CX)(p, roles)) && !capabilities.includes("security-review")) {
        capabilities.push("security-review");
    }
    const components = get("Components") ? parseIdList(get("Components"), ctx, "component") : [];
    const exitContract = get("Exit contract") ? parseExitContract(get("Exit contract"), ctx) : null;
    const deliverableItems = get("Deliverables") ? parsePathList(get("Deliverables"), ctx, "deliverable") : [];
    const proofItems = get("Proof artifacts") ? parseProofArtifacts(get("Proof artifacts"), ctx) : [];
    const skills = get("Skills") ? parseSkills(get("Skills"), ctx) : [];
    const promptSection = get("Prompt");
    const prompt = promptSection ? parsePrompt(promptSection, ctx, outline.scanned) : null;
    if (!promptSection) {
        sink.error(block.line, `Agent ${block.agentId}: missing "### Prompt" section`, { agentId: block.agentId });
    }
    const owned = prompt ? extractOwnedPaths(prompt, ctx) : { paths: [], labelLine: 0 };
    if (owned.labelLine)
        sectionLines["File ownership"] = owned.labelLine;
    const ownedPaths = owned.paths.map((p) => p.path);
    const ownedDirs = options.root ? (0,wave_paths/* existingOwnedDirectories */.ET)(options.root, ownedPaths) : new Set();
    const covered = (p) => ownedPaths.some((o) => (0,wave_paths/* isCoveredBy */.ID)(p, o, ownedDirs));
    for (const d of deliverableItems) {
        if (d.path.endsWith("/")) {
            sink.error(d.line, `Agent ${block.agentId}: deliverable "${(0,preview/* preview */.V)(d.path)}" must be a file path, not a directory path`, {
                agentId: block.agentId,
                column: d.column,
            });
        }
        else if (!covered(d.path)) {
            sink.error(d.line, `Agent ${block.agentId}: deliverable "${(0,preview/* preview */.V)(d.path)}" is not covered by the agent's File ownership list`, {
                agentId: block.agentId,
                column: d.column,
            });
        }
    }
    for (const a of proofItems) {
        if (!covered(a.path)) {
            sink.error(a.line, `Agent ${block.agentId}: proof artifact "${(0,preview/* preview */.V)(a.path)}" is not covered by the agent's File ownership list`, {
                agentId: block.agentId,
                column: a.column,
            });
        }
    }
    const overlay = prompt?.text ?? "";
    const parts = [];
    if (options.root && rolePromptItems.length > 0) {
        const cache = options.rolePromptCache ?? new Map();
        for (const item of rolePromptItems) {
            const standing = loadStandingPrompt(options.root, item.path, cache);
            if (standing.ok)
                parts.push(standing.text);
            else
                sink.error(item.line, `Agent ${block.agentId}: ${standing.error}`, { agentId: block.agentId, column: item.column });
        }
    }
    parts.push(overlay);
    const agent = {
        agentId: block.agentId,
        title: block.title,
        slug: slugify(`${waveNumber}-${block.agentId}`),
        line: block.line,
        promptLine: prompt?.line ?? 0,
        promptOverlay: overlay,
        prompt: parts.filter((p) => p !== "").join("\n\n"),
        rolePromptPaths,
        context7,
        exitContract,
        executor,
        components,
        componentTargets: {},
        capabilities,
        skills,
        deliverables: deliverableItems.map((d) => d.path),
        proofArtifacts: proofItems.map(({ path, kind, requiredFor }) => ({ path, kind, requiredFor })),
        ownedPaths,
        sectionLines,
    };
    return agent;
}
/**
 * Parses one wave file. `fileRel` is the repository-relative path used in diagnostics;
 * `waveNumber` comes from the file name. `input` may be the file's bytes (checked for UTF-8 and
 * NUL bytes, hashed as-is) or already-decoded text.
 */
function parseWaveFile(input, fileRel, waveNumber, options = {}) {
    const sink = new diagnostics/* DiagnosticSink */.b9(fileRel, waveNumber);
    const fingerprint = (0,wave_text/* sha256 */.sc)(input);
    let text;
    if (typeof input === "string") {
        const nulLine = (0,wave_text/* findNulLine */.HU)(input);
        if (nulLine > 0) {
            sink.error(nulLine, `wave file contains a NUL byte at line ${nulLine} (binary data is not a wave file)`);
            return { wave: null, diagnostics: sink.items };
        }
        text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
    }
    else {
        const decoded = (0,wave_text/* decodeTextFile */.k4)(input, "wave file");
        if (!decoded.ok) {
            sink.error(decoded.problem.line, decoded.problem.message, { column: decoded.problem.column });
            return { wave: null, diagnostics: sink.items };
        }
        text = decoded.text;
    }
    if (text.trim() === "") {
        sink.error(1, "wave file is empty");
        return { wave: null, diagnostics: sink.items };
    }
    const outline = outlineWaveFile(text, sink);
    const title = parseTitle(outline, waveNumber, sink);
    const top = indexSections(outline.sections, WAVE_SECTIONS, "##", (line, message) => sink.warning(line, message));
    const ctx = { sink, who: `Wave ${waveNumber}` };
    const promotions = top.get("Component promotions") ? parseComponentPromotions(top.get("Component promotions"), ctx) : [];
    const context7Defaults = top.get("Context7 defaults") ? parseContext7(top.get("Context7 defaults"), ctx) : null;
    const evalTargets = top.get("Eval targets") ? parseEvalTargets(top.get("Eval targets"), ctx) : [];
    const deployEnvironments = top.get("Deploy environments") ? parseDeployEnvironments(top.get("Deploy environments"), ctx) : [];
    const sectionLines = {};
    for (const [name, s] of top)
        sectionLines[name] = s.line;
    if (outline.title)
        sectionLines.Title = outline.title.line;
    if (outline.commitMessage)
        sectionLines["Commit message"] = outline.commitMessage.line;
    const targets = new Map(promotions.map((p) => [p.componentId, p.targetLevel]));
    const agents = outline.agents.map((block) => {
        const agent = parseAgent(block, waveNumber, outline, sink, options);
        agent.componentTargets = Object.fromEntries(agent.components.map((c) => [c, targets.get(c) ?? null]));
        return agent;
    });
    const wave = {
        wave: waveNumber,
        file: fileRel,
        title,
        commitMessage: outline.commitMessage?.text ?? null,
        deployEnvironments,
        evalTargets,
        context7Defaults,
        componentPromotions: promotions,
        agents,
        fingerprint,
        sectionLines,
    };
    return { wave, diagnostics: sink.items };
}


/***/ }),

/***/ 3345:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ET: () => (/* binding */ existingOwnedDirectories),
/* harmony export */   ID: () => (/* binding */ isCoveredBy),
/* harmony export */   Js: () => (/* binding */ repoPathProblem),
/* harmony export */   Km: () => (/* binding */ normalizeRelPath),
/* harmony export */   UG: () => (/* binding */ realpathInside),
/* harmony export */   Vf: () => (/* binding */ toRepoRel)
/* harmony export */ });
/* unused harmony export isDirectoryPath */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/**
 * Repository-relative paths as written in wave files and wave.config.json.
 */


/** Backslashes to `/`, leading `./` removed, repeated slashes collapsed. Keeps a trailing `/`. */
function normalizeRelPath(value) {
    if (!value.includes("\\") && !value.startsWith("./") && !value.includes("//") && value.trim() === value)
        return value;
    let p = value.trim().replaceAll("\\", "/");
    while (p.startsWith("./"))
        p = p.slice(2);
    return p.replace(/\/{2,}/g, "/");
}
/**
 * Why a path is not a safe repository-relative path, or null when it is fine.
 * Rejected: empty, NUL, absolute (`/x`, `C:/x`, `//server`), any `..` segment.
 */
function repoPathProblem(value) {
    if (value.includes("\u0000"))
        return "contains a NUL byte";
    const p = normalizeRelPath(value);
    if (p === "" || p === ".")
        return "is empty";
    if (p.startsWith("/") || /^[A-Za-z]:/.test(p))
        return "is absolute (paths must be relative to the repository root)";
    if (p.split("/").includes(".."))
        return 'contains ".." (paths must stay inside the repository)';
    return null;
}
/** True when `p` names a directory prefix (ends with `/`). */
function isDirectoryPath(p) {
    return normalizeRelPath(p).endsWith("/");
}
/**
 * True when `file` is covered by `owned`: the same path, or inside `owned` when `owned` ends with
 * `/` or is listed in `ownedDirs` (owned paths that exist as directories in the repository).
 */
function isCoveredBy(file, owned, ownedDirs) {
    const f = normalizeRelPath(file);
    const o = normalizeRelPath(owned);
    if (!f || !o)
        return false;
    if (o.endsWith("/"))
        return f.startsWith(o);
    if (f === o)
        return true;
    return ownedDirs?.has(o) === true && f.startsWith(`${o}/`);
}
/** Owned paths (without trailing `/`) that exist as directories under `root`. */
function existingOwnedDirectories(root, owned) {
    const out = new Set();
    for (const o of owned) {
        const p = normalizeRelPath(o);
        if (!p || p.endsWith("/") || repoPathProblem(p))
            continue;
        // Missing (not created yet) means an exact file path.
        if (node_fs__WEBPACK_IMPORTED_MODULE_0___default().statSync(node_path__WEBPACK_IMPORTED_MODULE_1___default().join(root, p), { throwIfNoEntry: false })?.isDirectory())
            out.add(p);
    }
    return out;
}
/** Path of `abs` relative to `root` with forward slashes (or the absolute path when outside). */
function toRepoRel(root, abs) {
    const rel = node_path__WEBPACK_IMPORTED_MODULE_1___default().relative(root, abs);
    if (rel === "")
        return ".";
    if (rel.startsWith("..") || node_path__WEBPACK_IMPORTED_MODULE_1___default().isAbsolute(rel))
        return abs.split((node_path__WEBPACK_IMPORTED_MODULE_1___default().sep)).join("/");
    return rel.split((node_path__WEBPACK_IMPORTED_MODULE_1___default().sep)).join("/");
}
/** True when the real location of `abs` is inside the real location of `root`. */
function realpathInside(root, abs) {
    try {
        const r = node_fs__WEBPACK_IMPORTED_MODULE_0___default().realpathSync(root);
        const a = node_fs__WEBPACK_IMPORTED_MODULE_0___default().realpathSync(abs);
        const rel = node_path__WEBPACK_IMPORTED_MODULE_1___default().relative(r, a);
        return rel === "" || (!rel.startsWith("..") && !node_path__WEBPACK_IMPORTED_MODULE_1___default().isAbsolute(rel));
    }
    catch {
        return false;
    }
}


/***/ }),

/***/ 2945:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   V: () => (/* binding */ preview)
/* harmony export */ });
/** Cuts long user input for messages: diagnostics quote input, they never repeat megabytes of it. */
function preview(text, max = 80) {
    const t = text.length > max * 4 ? text.slice(0, max * 4).trim() : text.trim();
    return t.length <= max ? t : `${t.slice(0, max - 1)}…`;
}


/***/ }),

/***/ 496:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   gi: () => (/* binding */ loadProject)
/* harmony export */ });
/* unused harmony exports MAX_WAVE_FILE_BYTES, diagnosticsForWave, waveIsValid */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _config_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8349);
/* harmony import */ var _diagnostics_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2521);
/* harmony import */ var _discover_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(218);
/* harmony import */ var _parse_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(5286);
/* harmony import */ var _paths_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(3345);
/* harmony import */ var _resolve_executor_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(8659);
/* harmony import */ var _roles_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(5620);
/* harmony import */ var _schema_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(8486);
/* harmony import */ var _validate_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(3355);
/**
 * loadProject: the one entry point that reads wave.config.json (if any), resolves the lane, finds
 * every wave file of the lane, parses and validates all of them, resolves each agent's role and
 * executor, and returns the waves with every diagnostic.
 *
 * Throws WaveInputError (a UserError, exit code 2) for configuration and environment problems:
 * malformed config, bad lane/project, missing waves directory, no wave files, bad --executor.
 * Problems inside wave files are returned as diagnostics (exit code 1 for `wave validate`).
 */











/** Files larger than this are refused without being read whole into the parser. */
const MAX_WAVE_FILE_BYTES = 16 * 1024 * 1024;
function checkCliExecutor(value) {
    if (value === undefined || value === "")
        return undefined;
    const v = value.trim().toLowerCase();
    if (!_schema_js__WEBPACK_IMPORTED_MODULE_9__/* .EXECUTOR_IDS */ .rz.includes(v)) {
        const sink = new _diagnostics_js__WEBPACK_IMPORTED_MODULE_3__/* .DiagnosticSink */ .b9("(command line)");
        sink.error(0, `--executor must be one of: ${_schema_js__WEBPACK_IMPORTED_MODULE_9__/* .EXECUTOR_IDS */ .rz.join(", ")} (got "${value}")`);
        throw new _diagnostics_js__WEBPACK_IMPORTED_MODULE_3__/* .WaveInputError */ .Cv(sink.items);
    }
    return v;
}
function readConfig(root, configPath) {
    const explicit = configPath !== undefined && configPath !== "";
    const abs = explicit ? node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(root, configPath) : node_path__WEBPACK_IMPORTED_MODULE_1___default().join(root, _config_js__WEBPACK_IMPORTED_MODULE_2__/* .CONFIG_FILE_NAME */ .au);
    if (!node_fs__WEBPACK_IMPORTED_MODULE_0___default().existsSync(abs)) {
        if (!explicit)
            return null;
        const sink = new _diagnostics_js__WEBPACK_IMPORTED_MODULE_3__/* .DiagnosticSink */ .b9((0,_paths_js__WEBPACK_IMPORTED_MODULE_6__/* .toRepoRel */ .Vf)(root, abs));
        sink.error(0, `config file not found: ${configPath}`);
        throw new _diagnostics_js__WEBPACK_IMPORTED_MODULE_3__/* .WaveInputError */ .Cv(sink.items);
    }
    return (0,_config_js__WEBPACK_IMPORTED_MODULE_2__/* .readConfigFile */ .RG)(abs, root);
}
/** Errors that belong to wave `n` (or to no wave at all: discovery, config, catalogs). */
function diagnosticsForWave(diagnostics, n) {
    return diagnostics.filter((d) => d.wave === undefined || d.wave === n);
}
/** True when wave `n` may run: no error belongs to it or to the project as a whole. */
function waveIsValid(project, n) {
    return !diagnosticsForWave(project.diagnostics, n).some(isError);
}
function loadProject(options) {
    const root = node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(options.root);
    if (!node_fs__WEBPACK_IMPORTED_MODULE_0___default().existsSync(root) || !node_fs__WEBPACK_IMPORTED_MODULE_0___default().statSync(root).isDirectory()) {
        const sink = new _diagnostics_js__WEBPACK_IMPORTED_MODULE_3__/* .DiagnosticSink */ .b9(options.root);
        sink.error(0, `repository root not found: ${options.root}`);
        throw new _diagnostics_js__WEBPACK_IMPORTED_MODULE_3__/* .WaveInputError */ .Cv(sink.items);
    }
    const cliExecutor = checkCliExecutor(options.cliExecutor);
    const loaded = readConfig(root, options.configPath);
    const lane = (0,_config_js__WEBPACK_IMPORTED_MODULE_2__/* .resolveLaneSettings */ .gT)(loaded?.config ?? null, {
        lane: options.lane,
        project: options.project,
        root,
        ...(loaded ? { configFile: loaded.file } : {}),
    });
    const diagnostics = [...(loaded?.warnings ?? [])];
    const discovery = (0,_discover_js__WEBPACK_IMPORTED_MODULE_4__/* .discoverWaveFiles */ .y)(root, lane.wavesDir);
    diagnostics.push(...discovery.diagnostics);
    const rolePromptCache = new Map();
    const catalogs = (0,_validate_js__WEBPACK_IMPORTED_MODULE_10__/* .newCatalogCache */ .QS)();
    const waves = [];
    for (const ref of discovery.files) {
        const sink = new _diagnostics_js__WEBPACK_IMPORTED_MODULE_3__/* .DiagnosticSink */ .b9(ref.file, ref.wave);
        if (!(0,_paths_js__WEBPACK_IMPORTED_MODULE_6__/* .realpathInside */ .UG)(root, ref.abs)) {
            sink.error(0, `${ref.file} resolves outside the repository`);
            diagnostics.push(...sink.items);
            continue;
        }
        const size = node_fs__WEBPACK_IMPORTED_MODULE_0___default().statSync(ref.abs).size;
        if (size > MAX_WAVE_FILE_BYTES) {
            sink.error(0, `${ref.file} is ${Math.round(size / 1024 / 1024)} MB; wave files larger than ${MAX_WAVE_FILE_BYTES / 1024 / 1024} MB are refused`);
            diagnostics.push(...sink.items);
            continue;
        }
        const parsed = (0,_parse_js__WEBPACK_IMPORTED_MODULE_5__/* .parseWaveFile */ .Dc)(node_fs__WEBPACK_IMPORTED_MODULE_0___default().readFileSync(ref.abs), ref.file, ref.wave, {
            root,
            roles: lane.roles,
            enforceRolePromptDir: lane.hasConfig,
            rolePromptCache,
        });
        diagnostics.push(...parsed.diagnostics);
        const wave = parsed.wave;
        if (!wave)
            continue;
        const resolved = new Map();
        for (const agent of wave.agents) {
            const role = (0,_roles_js__WEBPACK_IMPORTED_MODULE_8__/* .inferAgentRole */ .iY)(agent, lane.roles);
            agent.role = role;
            agent.closureStage = (0,_roles_js__WEBPACK_IMPORTED_MODULE_8__/* .closureStageOf */ .PD)(agent, lane.roles);
            const r = (0,_resolve_executor_js__WEBPACK_IMPORTED_MODULE_7__/* .resolveExecutor */ .CL)({ agent, wave, lane, role, cliExecutor });
            if (r.ok) {
                agent.resolvedExecutor = r.executor;
                resolved.set(agent.agentId, r.executor);
            }
            else {
                sink.error(agent.sectionLines.Executor ?? agent.line, r.error, { agentId: agent.agentId });
            }
        }
        diagnostics.push(...sink.items);
        diagnostics.push(...(0,_validate_js__WEBPACK_IMPORTED_MODULE_10__/* .validateWave */ .YI)(wave, { lane, root, resolved, cache: catalogs }));
        waves.push(wave);
    }
    return { laneName: lane.lane, lane, hasConfig: lane.hasConfig, waves, diagnostics: (0,_diagnostics_js__WEBPACK_IMPORTED_MODULE_3__/* .sortDiagnostics */ .Ds)(diagnostics) };
}


/***/ }),

/***/ 8659:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CL: () => (/* binding */ resolveExecutor),
/* harmony export */   xP: () => (/* binding */ agentRequiresProofCentricValidation)
/* harmony export */ });
/* unused harmony export waveRequiresProofCentricValidation */
/* harmony import */ var _schema_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8486);
/**
 * Executor resolution: the agent's `### Executor` section + its profile + the lane's settings +
 * the CLI's `--executor` → ResolvedExecutor.
 *
 * Which executor runs an agent, first match wins:
 *   1. the agent's own `id`                    (selectedBy "agent-id")
 *   2. the `id` of the agent's profile         ("agent-profile")
 *   3. `--executor` given on the command line  ("cli")
 *   4. the lane's `defaultExecutorByRole[role]`("lane-role-default")
 *   5. `executors.default` in the config       ("config-default")
 *   6. `codex`                                 ("builtin-default")
 * Unlike the reference, an explicit `--executor` beats lane role defaults, profile-level
 * `retryPolicy`/`allowFallbackOnRetry` are honoured, and a wave whose promotions are proof-centric
 * makes its agents sticky by default.
 */

const levelIndex = (level) => (level ? _schema_js__WEBPACK_IMPORTED_MODULE_0__/* .MATURITY_LEVELS */ .l8.indexOf(level) : -1);
const proofCentric = (level) => levelIndex(level) >= levelIndex(_schema_js__WEBPACK_IMPORTED_MODULE_0__/* .PROOF_CENTRIC_LEVEL */ .rI);
/** An agent is proof-centric when it targets pilot-live or above, or carries proof artifacts that require it. */
function agentRequiresProofCentricValidation(agent) {
    if (agent.components.some((c) => proofCentric(agent.componentTargets[c])))
        return true;
    return agent.proofArtifacts.some((a) => a.requiredFor.length === 0 || a.requiredFor.some(proofCentric));
}
/** A wave is proof-centric when one of its component promotions targets pilot-live or above. */
function waveRequiresProofCentricValidation(wave) {
    return wave.componentPromotions.some((p) => proofCentric(p.targetLevel));
}
function unique(...lists) {
    return [...new Set(lists.flatMap((l) => l ?? []))];
}
/** Later layers win for scalar keys; the listed array keys are merged (unique, in order). */
function mergeLayers(arrayKeys, ...layers) {
    const out = {};
    for (const layer of layers) {
        if (!layer)
            continue;
        for (const [k, v] of Object.entries(layer)) {
            if (v === undefined || v === null)
                continue;
            if (arrayKeys.includes(k))
                out[k] = unique(out[k], v);
            else
                out[k] = v;
        }
    }
    return out;
}
function pickId(input, profile) {
    const { agent, lane, role, cliExecutor } = input;
    if (agent.executor.id)
        return { id: agent.executor.id, selectedBy: "agent-id" };
    if (profile?.id)
        return { id: profile.id, selectedBy: "agent-profile" };
    if (cliExecutor)
        return { id: cliExecutor, selectedBy: "cli" };
    const byRole = lane.runtimePolicy.defaultExecutorByRole[role];
    if (byRole)
        return { id: byRole, selectedBy: "lane-role-default" };
    if (lane.executors.defaultFromConfig)
        return { id: lane.executors.default, selectedBy: "config-default" };
    return { id: "codex", selectedBy: "builtin-default" };
}
function laneModel(ex, id) {
    if (id === "codex")
        return ex.codex.model ?? null;
    if (id === "claude")
        return ex.claude.model ?? null;
    if (id === "opencode")
        return ex.opencode.model ?? null;
    return null;
}
/** Resolves the executor of one agent. Fails for an unknown profile or a `command` executor without argv. */
function resolveExecutor(input) {
    const { agent, lane, wave, role } = input;
    const cfg = agent.executor;
    const ex = lane.executors;
    let profile = null;
    if (cfg.profile) {
        profile = ex.profiles[cfg.profile.toLowerCase()] ?? null;
        if (!profile) {
            const known = Object.keys(ex.profiles);
            return {
                ok: false,
                error: `Agent ${agent.agentId} references unknown executor profile "${cfg.profile}" (${known.length ? `profiles: ${known.join(", ")}` : "no profiles are configured"})`,
            };
        }
    }
    const { id, selectedBy } = pickId(input, profile);
    const model = cfg.model ?? profile?.model ?? laneModel(ex, id);
    const proof = agentRequiresProofCentricValidation(agent) || waveRequiresProofCentricValidation(wave);
    const explicitAllow = cfg.allowFallbackOnRetry ?? profile?.allowFallbackOnRetry ?? null;
    const explicitPolicy = cfg.retryPolicy ?? profile?.retryPolicy ?? null;
    const allowFallbackOnRetry = explicitAllow !== null ? explicitAllow : explicitPolicy !== null ? explicitPolicy !== "sticky" : !proof;
    const retryPolicy = explicitPolicy ?? (allowFallbackOnRetry ? "fallback-allowed" : "sticky");
    const declared = unique(profile?.fallbacks, cfg.fallbacks).filter((f) => f !== id);
    const fallbacks = !allowFallbackOnRetry
        ? []
        : declared.length > 0
            ? declared
            : lane.runtimePolicy.fallbackExecutorOrder.filter((f) => f !== id);
    const codex = mergeLayers(["config", "images", "addDirs"], ex.codex, profile?.codex, cfg.codex);
    const claude = mergeLayers(["mcpConfig", "allowedTools", "disallowedTools", "allowedHttpHookUrls"], ex.claude, profile?.claude, cfg.claude);
    const opencode = mergeLayers(["instructions", "files", "envKeys"], ex.opencode, profile?.opencode, cfg.opencode);
    const commandArgv = cfg.command?.argv ?? profile?.command.argv ?? ex.command.argv;
    if (id === "command" && !commandArgv) {
        return {
            ok: false,
            error: `Agent ${agent.agentId} uses the command executor but no argv is given (set "- command: <program> [args…]" in its ### Executor section or executors.command.argv in wave.config.json)`,
        };
    }
    delete codex.model;
    delete claude.model;
    delete opencode.model;
    const executor = {
        id,
        selectedBy,
        role,
        profile: profile?.name ?? null,
        model,
        fallbacks,
        retryPolicy,
        allowFallbackOnRetry,
        budget: (0,_schema_js__WEBPACK_IMPORTED_MODULE_0__/* .resolveBudget */ .ky)(cfg.budget, profile?.budget),
        tags: unique(profile?.tags, cfg.tags),
        env: unique(profile?.env, cfg.env),
        networkAllowed: unique(undefined, cfg.networkAllowed),
        codex: { ...codex, command: codex.command ?? ["codex"], sandbox: codex.sandbox ?? "danger-full-access" },
        claude: {
            ...claude,
            command: claude.command ?? ["claude"],
            outputFormat: claude.outputFormat ?? "stream-json",
            permissionMode: claude.permissionMode ?? "bypassPermissions",
            appendSystemPromptMode: claude.appendSystemPromptMode ?? "append",
        },
        opencode: { ...opencode, command: opencode.command ?? ["opencode"], format: opencode.format ?? "default" },
        command: commandArgv ? { argv: commandArgv } : {},
    };
    return { ok: true, executor };
}


/***/ }),

/***/ 5620:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CX: () => (/* binding */ isSecurityRolePromptPath),
/* harmony export */   Cl: () => (/* binding */ contQaReportPath),
/* harmony export */   ES: () => (/* binding */ isContEvalReportPath),
/* harmony export */   Lb: () => (/* binding */ isContEvalImplementationOwning),
/* harmony export */   PD: () => (/* binding */ closureStageOf),
/* harmony export */   Ut: () => (/* binding */ closureStagesOf),
/* harmony export */   WY: () => (/* binding */ isContQaAgent),
/* harmony export */   XA: () => (/* binding */ isDocsOnlyDesignAgent),
/* harmony export */   XU: () => (/* binding */ isDocumentationSteward),
/* harmony export */   Yg: () => (/* binding */ contEvalReportPath),
/* harmony export */   aB: () => (/* binding */ isImplementationOwningDesignAgent),
/* harmony export */   cR: () => (/* binding */ isDesignPacketPath),
/* harmony export */   g3: () => (/* binding */ isSecurityReviewer),
/* harmony export */   hL: () => (/* binding */ isImplementationOwning),
/* harmony export */   iY: () => (/* binding */ inferAgentRole),
/* harmony export */   l5: () => (/* binding */ isIntegrationSteward),
/* harmony export */   ob: () => (/* binding */ designPacketPath),
/* harmony export */   qH: () => (/* binding */ isDesignRolePromptPath),
/* harmony export */   v_: () => (/* binding */ isContEvalReportOnly),
/* harmony export */   wg: () => (/* binding */ DEFAULT_ROLE_BINDINGS),
/* harmony export */   xJ: () => (/* binding */ reportPathFor),
/* harmony export */   yM: () => (/* binding */ isDesignAgent),
/* harmony export */   yh: () => (/* binding */ securityReportPath)
/* harmony export */ });
/* unused harmony exports DEFAULT_ROLE_PROMPT_DIR, isContQaReportPath, isSecurityReportPath, isContEvalAgent */
/* harmony import */ var _paths_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3345);
/* harmony import */ var _schema_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8486);
/**
 * Role recognition: which agent holds which closure role, its runtime role, and its report paths.
 *
 * One rule for validation and run time (the reference validated stewards by role-prompt import but
 * ran them by agent id): an agent holds a named closure role (cont-QA, cont-EVAL, integration,
 * documentation) when its id is the lane's id for that role OR it imports that role's prompt.
 * A security reviewer imports the security role prompt or declares the `security-review`
 * capability. Report paths come only from owned paths that look like reports; there is no
 * "first owned path" fallback.
 */


const DEFAULT_ROLE_PROMPT_DIR = "docs/agents";
const DEFAULT_ROLE_BINDINGS = {
    rolePromptDir: DEFAULT_ROLE_PROMPT_DIR,
    contQaAgentId: "A0",
    contEvalAgentId: "E0",
    integrationAgentId: "A8",
    documentationAgentId: "A9",
    contQaRolePromptPath: "docs/agents/wave-cont-qa-role.md",
    contEvalRolePromptPath: "docs/agents/wave-cont-eval-role.md",
    integrationRolePromptPath: "docs/agents/wave-integration-role.md",
    documentationRolePromptPath: "docs/agents/wave-documentation-role.md",
    securityRolePromptPath: "docs/agents/wave-security-role.md",
    designRolePromptPath: "docs/agents/wave-design-role.md",
};
const norm = (p) => (0,_paths_js__WEBPACK_IMPORTED_MODULE_0__/* .normalizeRelPath */ .Km)(p);
function imports(agent, rolePromptPath) {
    const wanted = norm(rolePromptPath);
    return agent.rolePromptPaths.some((p) => norm(p) === wanted);
}
function hasCapability(agent, capability) {
    return agent.capabilities.some((c) => c.trim().toLowerCase() === capability);
}
function isSecurityRolePromptPath(p, roles) {
    const n = norm(p);
    return (n === norm(roles.securityRolePromptPath) ||
        n === DEFAULT_ROLE_BINDINGS.securityRolePromptPath ||
        n.endsWith("/wave-security-role.md"));
}
function isDesignRolePromptPath(p, roles) {
    const n = norm(p);
    return (n === norm(roles.designRolePromptPath) ||
        n === DEFAULT_ROLE_BINDINGS.designRolePromptPath ||
        n.endsWith("/wave-design-role.md"));
}
/* ------------------------------------------------------------------ report path patterns */
function isContQaReportPath(p) {
    return /(?:^|\/)(?:reviews?|.*cont[-_]?qa).*\.(?:md|txt)$/i.test(norm(p));
}
function isContEvalReportPath(p) {
    return /(?:^|\/)(?:reviews?|.*cont[-_]?eval|.*eval).*\.(?:md|txt)$/i.test(norm(p));
}
function isSecurityReportPath(p) {
    return /security.*\.(?:md|txt)$/i.test(norm(p));
}
function isDesignPacketPath(p) {
    return /(?:design|handoff|decision-lineage).*\.(?:md|txt)$/i.test(norm(p));
}
const firstMatching = (agent, test) => agent.ownedPaths.map(norm).find((p) => !p.endsWith("/") && test(p)) ?? null;
/** First owned path that looks like a cont-QA report, or null (no fallback). */
function contQaReportPath(agent) {
    return firstMatching(agent, isContQaReportPath);
}
/** First owned path that looks like a cont-EVAL report, or null (no fallback). */
function contEvalReportPath(agent) {
    return firstMatching(agent, isContEvalReportPath);
}
/** First owned path that looks like a security review report, or null. */
function securityReportPath(agent) {
    return firstMatching(agent, isSecurityReportPath);
}
/** First owned path that looks like a design packet, or null. */
function designPacketPath(agent) {
    return firstMatching(agent, isDesignPacketPath);
}
/* ------------------------------------------------------------------ role predicates */
function isSecurityReviewer(agent, roles) {
    return agent.rolePromptPaths.some((p) => isSecurityRolePromptPath(p, roles)) || hasCapability(agent, "security-review");
}
function isDesignAgent(agent, roles) {
    return agent.rolePromptPaths.some((p) => isDesignRolePromptPath(p, roles)) || hasCapability(agent, "design");
}
/** A design agent that also owns files other than its design packet(s). */
function isImplementationOwningDesignAgent(agent, roles) {
    return isDesignAgent(agent, roles) && agent.ownedPaths.some((p) => !isDesignPacketPath(p));
}
function isDocsOnlyDesignAgent(agent, roles) {
    return isDesignAgent(agent, roles) && !isImplementationOwningDesignAgent(agent, roles);
}
function isContQaAgent(agent, roles) {
    return agent.agentId === roles.contQaAgentId || imports(agent, roles.contQaRolePromptPath);
}
function isContEvalAgent(agent, roles) {
    return agent.agentId === roles.contEvalAgentId || imports(agent, roles.contEvalRolePromptPath);
}
function isIntegrationSteward(agent, roles) {
    return agent.agentId === roles.integrationAgentId || imports(agent, roles.integrationRolePromptPath);
}
function isDocumentationSteward(agent, roles) {
    return agent.agentId === roles.documentationAgentId || imports(agent, roles.documentationRolePromptPath);
}
/** A cont-EVAL agent that owns something other than eval reports (it also tunes code). */
function isContEvalImplementationOwning(agent, roles) {
    return isContEvalAgent(agent, roles) && agent.ownedPaths.some((p) => !isContEvalReportPath(p));
}
function isContEvalReportOnly(agent, roles) {
    return isContEvalAgent(agent, roles) && !isContEvalImplementationOwning(agent, roles);
}
/** Every closure stage this agent matches, in sweep order (more than one is a validation error). */
function closureStagesOf(agent, roles) {
    const out = [];
    for (const stage of _schema_js__WEBPACK_IMPORTED_MODULE_1__/* .CLOSURE_STAGES */ .Et) {
        const match = stage === "cont-eval"
            ? isContEvalAgent(agent, roles)
            : stage === "security"
                ? isSecurityReviewer(agent, roles)
                : stage === "integration"
                    ? isIntegrationSteward(agent, roles)
                    : stage === "documentation"
                        ? isDocumentationSteward(agent, roles)
                        : isContQaAgent(agent, roles);
        if (match)
            out.push(stage);
    }
    return out;
}
/**
 * The closure stage this agent runs in, or null for agents that run with the implementation
 * agents. When an agent matches several (a validation error), a match by agent id wins, then
 * the sweep order.
 */
function closureStageOf(agent, roles) {
    const stages = closureStagesOf(agent, roles);
    if (stages.length <= 1)
        return stages[0] ?? null;
    const byId = {
        "cont-qa": roles.contQaAgentId,
        "cont-eval": roles.contEvalAgentId,
        integration: roles.integrationAgentId,
        documentation: roles.documentationAgentId,
    };
    return stages.find((s) => byId[s] === agent.agentId) ?? stages[0];
}
function titleHasWord(title, word) {
    return new RegExp(`\\b${word}\\b`, "i").test(title);
}
/**
 * The runtime role (used for executor defaults by role, skills, `WAVE_ROLE`): the closure role
 * (cont-QA, cont-EVAL, integration, documentation), then design, security, then infra / deploy /
 * research by capability prefix or a word in the title, else implementation.
 */
function inferAgentRole(agent, roles) {
    const stage = closureStageOf(agent, roles);
    if (stage && stage !== "security")
        return stage;
    if (isDesignAgent(agent, roles))
        return "design";
    if (stage === "security")
        return "security";
    const caps = agent.capabilities.map((c) => c.trim().toLowerCase());
    for (const role of ["infra", "deploy", "research"]) {
        if (caps.some((c) => c.startsWith(role)) || titleHasWord(agent.title, role))
            return role;
    }
    return "implementation";
}
/**
 * True for agents whose work is implementation (they must carry exit contracts, may own
 * components): not cont-QA, integration or documentation, not a report-only cont-EVAL, not a
 * docs-only design agent, not a security reviewer.
 */
function isImplementationOwning(agent, roles) {
    if (isContQaAgent(agent, roles) || isIntegrationSteward(agent, roles) || isDocumentationSteward(agent, roles))
        return false;
    if (isContEvalReportOnly(agent, roles))
        return false;
    if (isDocsOnlyDesignAgent(agent, roles))
        return false;
    if (isSecurityReviewer(agent, roles))
        return false;
    return true;
}
/** The report an agent of this closure stage writes (cont-QA, cont-EVAL, security), or null. */
function reportPathFor(agent, roles) {
    switch (closureStageOf(agent, roles)) {
        case "cont-qa":
            return contQaReportPath(agent);
        case "cont-eval":
            return contEvalReportPath(agent);
        case "security":
            return securityReportPath(agent);
        default:
            return isDesignAgent(agent, roles) ? designPacketPath(agent) : null;
    }
}


/***/ }),

/***/ 2858:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   HU: () => (/* binding */ findNulLine),
/* harmony export */   k4: () => (/* binding */ decodeTextFile),
/* harmony export */   sc: () => (/* binding */ sha256)
/* harmony export */ });
/* unused harmony exports positionOfByte, firstInvalidUtf8 */
/* harmony import */ var node_buffer__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4573);
/* harmony import */ var node_buffer__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_buffer__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_1__);
/**
 * Turning file bytes into text we are willing to parse: strict UTF-8, no NUL bytes, line numbers
 * for whatever is wrong.
 */


/** sha256 hex of the bytes (strings are hashed as their UTF-8 encoding). */
function sha256(data) {
    return (0,node_crypto__WEBPACK_IMPORTED_MODULE_1__.createHash)("sha256").update(data).digest("hex");
}
/** 1-based line and column of a byte offset (columns count bytes). */
function positionOfByte(bytes, offset) {
    let line = 1;
    let lineStart = 0;
    const end = Math.min(offset, bytes.length);
    for (let i = 0; i < end; i++) {
        if (bytes[i] === 0x0a) {
            line++;
            lineStart = i + 1;
        }
    }
    return { line, column: offset - lineStart + 1 };
}
/** Byte offset of the first byte that is not part of a well-formed UTF-8 sequence, or -1. */
function firstInvalidUtf8(bytes) {
    let i = 0;
    const n = bytes.length;
    while (i < n) {
        const b = bytes[i];
        if (b < 0x80) {
            i++;
            continue;
        }
        let need;
        let min;
        if (b >= 0xc2 && b <= 0xdf) {
            need = 1;
            min = 0x80;
        }
        else if (b >= 0xe0 && b <= 0xef) {
            need = 2;
            min = 0x800;
        }
        else if (b >= 0xf0 && b <= 0xf4) {
            need = 3;
            min = 0x10000;
        }
        else {
            return i;
        }
        let cp = b & (0x3f >> need);
        for (let k = 1; k <= need; k++) {
            const c = bytes[i + k];
            if (c === undefined || (c & 0xc0) !== 0x80)
                return i;
            cp = (cp << 6) | (c & 0x3f);
        }
        if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
            return i;
        i += need + 1;
    }
    return -1;
}
/**
 * Decodes a text file: rejects bytes that are not UTF-8 and NUL bytes (binary data), strips a BOM.
 * `what` names the file kind in messages ("wave file", "role prompt").
 */
function decodeTextFile(bytes, what) {
    if (!(0,node_buffer__WEBPACK_IMPORTED_MODULE_0__.isUtf8)(bytes)) {
        const offset = firstInvalidUtf8(bytes);
        const at = positionOfByte(bytes, Math.max(offset, 0));
        const value = offset >= 0 ? bytes[offset].toString(16).padStart(2, "0") : "??";
        return {
            ok: false,
            problem: { ...at, message: `${what} is not valid UTF-8 (byte 0x${value} at line ${at.line}, byte ${at.column})` },
        };
    }
    const nul = bytes.indexOf(0);
    if (nul >= 0) {
        const at = positionOfByte(bytes, nul);
        return {
            ok: false,
            problem: { ...at, message: `${what} contains a NUL byte at line ${at.line} (binary data is not a wave file)` },
        };
    }
    let text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
    if (text.charCodeAt(0) === 0xfeff)
        text = text.slice(1);
    return { ok: true, text };
}
/** Checks text that did not come from bytes (already a JS string) for NUL characters. */
function findNulLine(text) {
    const i = text.indexOf("\u0000");
    if (i < 0)
        return 0;
    let line = 1;
    for (let k = 0; k < i; k++)
        if (text.charCodeAt(k) === 10)
            line++;
    return line;
}


/***/ }),

/***/ 3355:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Kw: () => (/* binding */ waveRolesFor),
/* harmony export */   QS: () => (/* binding */ newCatalogCache),
/* harmony export */   YI: () => (/* binding */ validateWave),
/* harmony export */   qM: () => (/* binding */ staticGateInputsFor)
/* harmony export */ });
/* harmony import */ var _closure_index_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(818);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _catalogs_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9929);
/* harmony import */ var _diagnostics_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2521);
/* harmony import */ var _executor_settings_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3992);
/* harmony import */ var _closure_policy_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8279);
/* harmony import */ var _paths_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(3345);
/* harmony import */ var _resolve_executor_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(8659);
/* harmony import */ var _roles_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(5620);
/* harmony import */ var _schema_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(8486);











function newCatalogCache() {
    return { reported: new Set() };
}
const STAGE_LABEL = {
    "cont-eval": "cont-EVAL",
    security: "security review",
    integration: "integration",
    documentation: "documentation",
    "cont-qa": "cont-QA",
};
const waveLine = (wave) => wave.sectionLines?.Title ?? 1;
const sectionLine = (agent, name) => agent.sectionLines[name] ?? agent.line;
/* ------------------------------------------------------------------ rules for every wave */
function commonRules(wave, ctx, sink) {
    const roles = ctx.lane.roles;
    if (wave.agents.length === 0) {
        sink.error(waveLine(wave), `Wave ${wave.wave} declares no agents (add a "## Agent <id>: <title>" section)`);
    }
    const seen = new Map();
    for (const a of wave.agents) {
        const first = seen.get(a.agentId);
        if (first !== undefined)
            sink.error(a.line, `Agent id ${a.agentId} is used twice (first at line ${first})`, { agentId: a.agentId });
        else
            seen.set(a.agentId, a.line);
    }
    for (const a of wave.agents) {
        const id = a.executor.id;
        if (id) {
            const others = (0,_executor_settings_js__WEBPACK_IMPORTED_MODULE_5__/* .overrideSections */ .BM)(a.executor).filter((s) => s !== id);
            if (others.length > 0) {
                sink.error(sectionLine(a, "Executor"), `Agent ${a.agentId} declares executor=${id} but also sets ${others.map((s) => `${s}.*`).join(", ")} settings`, { agentId: a.agentId });
            }
        }
        const stages = (0,_roles_js__WEBPACK_IMPORTED_MODULE_9__/* .closureStagesOf */ .Ut)(a, roles);
        if (stages.length > 1) {
            sink.error(a.line, `Agent ${a.agentId} must not hold more than one closure role (${stages.map((s) => STAGE_LABEL[s]).join(", ")})`, {
                agentId: a.agentId,
            });
        }
    }
    const holders = new Map();
    for (const a of wave.agents) {
        const stage = (0,_roles_js__WEBPACK_IMPORTED_MODULE_9__/* .closureStageOf */ .PD)(a, roles);
        if (stage && stage !== "security")
            holders.set(stage, [...(holders.get(stage) ?? []), a]);
    }
    for (const [stage, agents] of holders) {
        if (agents.length > 1) {
            sink.error(agents[1].line, `Wave ${wave.wave} has more than one ${STAGE_LABEL[stage]} agent (${agents.map((a) => a.agentId).join(", ")}); a closure role is held by one agent`, { agentId: agents[1].agentId });
        }
    }
}
/* ------------------------------------------------------------------ lenient-mode hints */
function lenientHints(wave, ctx, sink) {
    const roles = ctx.lane.roles;
    for (const a of wave.agents) {
        // The lane's cont-QA and cont-EVAL agents are checked as the gates will (gateRules).
        if ((0,_roles_js__WEBPACK_IMPORTED_MODULE_9__/* .isContQaAgent */ .WY)(a, roles) && !(0,_roles_js__WEBPACK_IMPORTED_MODULE_9__/* .contQaReportPath */ .Cl)(a) && (0,_roles_js__WEBPACK_IMPORTED_MODULE_9__/* .closureStageOf */ .PD)(a, roles) === "cont-qa" && a.agentId !== roles.contQaAgentId) {
            sink.warning(a.line, `Agent ${a.agentId} (cont-QA) owns no report file (an owned path like docs/plans/waves/reviews/wave-${wave.wave}-cont-qa.md)`, {
                agentId: a.agentId,
            });
        }
        // The gates run cont-QA and cont-EVAL under the lane's ids only: another holder would never run.
        for (const [stage, laneId] of [
            ["cont-qa", roles.contQaAgentId],
            ["cont-eval", roles.contEvalAgentId],
        ]) {
            if ((0,_roles_js__WEBPACK_IMPORTED_MODULE_9__/* .closureStageOf */ .PD)(a, roles) === stage && a.agentId !== laneId && !wave.agents.some((x) => x.agentId === laneId)) {
                sink.error(a.line, `Agent ${a.agentId} imports the ${STAGE_LABEL[stage]} role prompt, but the lane's ${STAGE_LABEL[stage]} agent is ${laneId}; as it is, ${a.agentId} would never run (rename it, or set roles.${stage === "cont-qa" ? "contQaAgentId" : "contEvalAgentId"} in wave.config.json)`, { agentId: a.agentId });
            }
        }
        if (a.exitContract) {
            for (const problem of exitContractProblems(a))
                sink.error(sectionLine(a, "Exit contract"), `Agent ${a.agentId} has an invalid exit contract: ${problem}`, { agentId: a.agentId });
        }
    }
}
function exitContractProblems(agent) {
    const c = agent.exitContract;
    // Stryker disable next-line ArrayDeclaration: unreachable, every caller passes an agent with an exit contract
    if (!c)
        return [];
    const out = [];
    const check = (name, value, allowed) => {
        if (value === null || !allowed.includes(value))
            out.push(`${name} must be one of ${allowed.join(", ")}${value ? ` (got "${value}")` : ""}`);
    };
    check("completion", c.completion, _schema_js__WEBPACK_IMPORTED_MODULE_10__/* .COMPLETION_LEVELS */ .Au);
    check("durability", c.durability, _schema_js__WEBPACK_IMPORTED_MODULE_10__/* .DURABILITY_LEVELS */ .iy);
    check("proof", c.proof, _schema_js__WEBPACK_IMPORTED_MODULE_10__/* .PROOF_LEVELS */ .te);
    check("doc-impact", c.docImpact, _schema_js__WEBPACK_IMPORTED_MODULE_10__/* .DOC_IMPACT_LEVELS */ .ce);
    return out;
}
/* ------------------------------------------------------------------ rules from wave.config.json */
const active = (threshold, wave) => threshold !== null && wave >= threshold;
function loadMatrix(ctx, sink) {
    ctx.cache.matrix ??= (0,_catalogs_js__WEBPACK_IMPORTED_MODULE_3__/* .loadComponentMatrix */ .NO)(ctx.root, ctx.lane.paths.componentCutoverMatrixJsonPath);
    const m = ctx.cache.matrix;
    if (m.ok)
        return m.value;
    if (!ctx.cache.reported.has(m.error)) {
        ctx.cache.reported.add(m.error);
        const catalogSink = new _diagnostics_js__WEBPACK_IMPORTED_MODULE_4__/* .DiagnosticSink */ .b9(ctx.lane.paths.componentCutoverMatrixJsonPath);
        catalogSink.error(0, m.error);
        sink.items.push(...catalogSink.items);
    }
    return null;
}
function loadCatalog(ctx, sink) {
    ctx.cache.catalog ??= (0,_catalogs_js__WEBPACK_IMPORTED_MODULE_3__/* .loadBenchmarkCatalog */ .P_)(ctx.root, ctx.lane.paths.benchmarkCatalogPath);
    const c = ctx.cache.catalog;
    if (c.ok)
        return c.value;
    if (!ctx.cache.reported.has(c.error)) {
        ctx.cache.reported.add(c.error);
        const catalogSink = new _diagnostics_js__WEBPACK_IMPORTED_MODULE_4__/* .DiagnosticSink */ .b9(ctx.lane.paths.benchmarkCatalogPath);
        catalogSink.error(0, c.error);
        sink.items.push(...catalogSink.items);
    }
    return null;
}
function configRules(wave, ctx, sink) {
    const { lane } = ctx;
    const roles = lane.roles;
    const v = lane.validation;
    const n = wave.wave;
    const top = waveLine(wave);
    const promotionsLine = wave.sectionLines?.["Component promotions"] ?? top;
    const componentRule = active(v.requireComponentPromotionsFromWave, n);
    const agentComponentsRule = active(v.requireAgentComponentsFromWave, n);
    const promoted = new Map(wave.componentPromotions.map((p) => [p.componentId, p.targetLevel]));
    const owners = new Map([...promoted.keys()].map((id) => [id, new Set()]));
    const err = (line, message, agentId) => sink.error(line, message, agentId ? { agentId } : {});
    // cont-QA and cont-EVAL run under the lane's ids (the reference recognises them by id only): an
    // agent that imports their role prompt under another id is a mistake, not a second role holder.
    for (const a of wave.agents) {
        const stage = (0,_roles_js__WEBPACK_IMPORTED_MODULE_9__/* .closureStageOf */ .PD)(a, roles);
        if (stage === "cont-qa" && a.agentId !== roles.contQaAgentId) {
            err(a.line, `Agent ${a.agentId} imports the cont-QA role prompt, but the lane's cont-QA agent is ${roles.contQaAgentId} (rename it, or set roles.contQaAgentId)`, a.agentId);
        }
        if (stage === "cont-eval" && a.agentId !== roles.contEvalAgentId) {
            err(a.line, `Agent ${a.agentId} imports the cont-EVAL role prompt, but the lane's cont-EVAL agent is ${roles.contEvalAgentId} (rename it, or set roles.contEvalAgentId)`, a.agentId);
        }
    }
    // Rule 2: the cont-QA agent (by the lane's id) must be present.
    const contQa = wave.agents.find((a) => a.agentId === roles.contQaAgentId) ?? null;
    if (!contQa)
        err(top, `Wave ${n} must include Agent ${roles.contQaAgentId} as its cont-QA closure agent (wave.config.json requires cont-QA)`);
    // Rule 3: component promotions.
    const implementationAgents = wave.agents.filter((a) => (0,_roles_js__WEBPACK_IMPORTED_MODULE_9__/* .isImplementationOwning */ .hL)(a, roles));
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
            if (!entry)
                err(promotionsLine, `Component "${id}" has no wave ${n} promotion entry in ${matrix.path}`);
            else if (entry.target !== level)
                err(promotionsLine, `Wave ${n} promotes ${id} to ${level}, but ${matrix.path} says ${entry.target}`);
            else if (matrix.levels.indexOf(level) < matrix.levels.indexOf(component.currentLevel)) {
                sink.warning(promotionsLine, `Wave ${n} promotes ${id} to ${level}, below its currentLevel ${component.currentLevel} in ${matrix.path} (fine for a wave that already ran)`);
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
        const closureLike = (0,_roles_js__WEBPACK_IMPORTED_MODULE_9__/* .isContQaAgent */ .WY)(a, roles) ||
            (0,_roles_js__WEBPACK_IMPORTED_MODULE_9__/* .isIntegrationSteward */ .l5)(a, roles) ||
            (0,_roles_js__WEBPACK_IMPORTED_MODULE_9__/* .isDocumentationSteward */ .XU)(a, roles) ||
            (0,_roles_js__WEBPACK_IMPORTED_MODULE_9__/* .isContEvalReportOnly */ .v_)(a, roles) ||
            (0,_roles_js__WEBPACK_IMPORTED_MODULE_9__/* .isDocsOnlyDesignAgent */ .XA)(a, roles) ||
            (0,_roles_js__WEBPACK_IMPORTED_MODULE_9__/* .isSecurityReviewer */ .g3)(a, roles);
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
        }
        else {
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
        }
        else if (a.exitContract && !closureLike) {
            // Not required here, but the implementation gate holds the agent to it: levels must exist.
            const problems = exitContractProblems(a).filter((p) => p.includes("(got "));
            if (problems.length > 0)
                err(sectionLine(a, "Exit contract"), `Agent ${id} has an invalid exit contract (${problems.join(", ")})`, id);
        }
        // Rule 8.
        const proof = (0,_resolve_executor_js__WEBPACK_IMPORTED_MODULE_8__/* .agentRequiresProofCentricValidation */ .xP)(a);
        if (proof && !closureLike && a.proofArtifacts.length === 0) {
            err(a.line, `Agent ${id} must declare "### Proof artifacts" because it targets pilot-live or above`, id);
        }
        if (proof && (a.executor.id === "local" || ctx.resolved.get(id)?.id === "local")) {
            err(sectionLine(a, "Executor"), `Agent ${id} carries proof-centric work and must not use the local executor`, id);
        }
        // Rule 9.
        for (const ref of v.requiredPromptReferences) {
            if (!a.prompt.includes(ref))
                err(sectionLine(a, "Prompt"), `Agent ${id} must reference ${ref} in its prompt`, id);
        }
    }
    // Rule 10: cont-QA and cont-EVAL.
    if (contQa) {
        if (!contQa.rolePromptPaths.includes(roles.contQaRolePromptPath)) {
            err(sectionLine(contQa, "Role prompts"), `Agent ${contQa.agentId} must import ${roles.contQaRolePromptPath}`, contQa.agentId);
        }
        if (!(0,_roles_js__WEBPACK_IMPORTED_MODULE_9__/* .contQaReportPath */ .Cl)(contQa)) {
            err(sectionLine(contQa, "File ownership"), `Agent ${contQa.agentId} must own a cont-QA report (e.g. docs/plans/waves/reviews/wave-${n}-cont-qa.md)`, contQa.agentId);
        }
    }
    const contEval = wave.agents.find((a) => (0,_roles_js__WEBPACK_IMPORTED_MODULE_9__/* .closureStageOf */ .PD)(a, roles) === "cont-eval") ?? null;
    const evalLine = wave.sectionLines?.["Eval targets"] ?? top;
    if (contEval) {
        if (!contEval.rolePromptPaths.includes(roles.contEvalRolePromptPath)) {
            err(sectionLine(contEval, "Role prompts"), `Agent ${contEval.agentId} must import ${roles.contEvalRolePromptPath}`, contEval.agentId);
        }
        if (!(0,_roles_js__WEBPACK_IMPORTED_MODULE_9__/* .contEvalReportPath */ .Yg)(contEval))
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
                        if (!family)
                            err(evalLine, `Eval target "${t.id}" names unknown benchmark "${b}" (not in ${catalog.path})`);
                        else if (t.benchmarkFamily && t.benchmarkFamily !== family) {
                            err(evalLine, `Eval target "${t.id}" pins benchmark "${b}" from family "${family}", not the declared family "${t.benchmarkFamily}"`);
                        }
                    }
                }
            }
        }
    }
    else if (wave.evalTargets.length > 0) {
        err(evalLine, `Wave ${n} declares "## Eval targets" but has no cont-EVAL agent (${roles.contEvalAgentId})`);
    }
    // Rule 11: security reviewers and design agents.
    for (const a of wave.agents.filter((x) => (0,_roles_js__WEBPACK_IMPORTED_MODULE_9__/* .isSecurityReviewer */ .g3)(x, roles))) {
        if (!a.rolePromptPaths.includes(roles.securityRolePromptPath)) {
            err(sectionLine(a, "Role prompts"), `Security reviewer ${a.agentId} must import ${roles.securityRolePromptPath}`, a.agentId);
        }
        if (!(0,_roles_js__WEBPACK_IMPORTED_MODULE_9__/* .securityReportPath */ .yh)(a))
            err(sectionLine(a, "File ownership"), `Security reviewer ${a.agentId} must own a security review report (a .md path containing "security")`, a.agentId);
    }
    for (const a of wave.agents.filter((x) => (0,_roles_js__WEBPACK_IMPORTED_MODULE_9__/* .isDesignAgent */ .yM)(x, roles))) {
        if (!a.rolePromptPaths.includes(roles.designRolePromptPath)) {
            err(sectionLine(a, "Role prompts"), `Design agent ${a.agentId} must import ${roles.designRolePromptPath}`, a.agentId);
        }
        if (!(0,_roles_js__WEBPACK_IMPORTED_MODULE_9__/* .designPacketPath */ .ob)(a))
            err(sectionLine(a, "File ownership"), `Design agent ${a.agentId} must own a design packet (a .md path containing "design", "handoff" or "decision-lineage")`, a.agentId);
        if (!(0,_roles_js__WEBPACK_IMPORTED_MODULE_9__/* .isImplementationOwningDesignAgent */ .aB)(a, roles) && a.components.length > 0) {
            err(sectionLine(a, "Components"), `Design agent ${a.agentId} owns only design documents and must not declare components`, a.agentId);
        }
    }
    // Rules 13 and 14: stewards (recognised by id or by role-prompt import, as at run time).
    if (active(v.requireIntegrationStewardFromWave, n)) {
        const stewards = wave.agents.filter((a) => (0,_roles_js__WEBPACK_IMPORTED_MODULE_9__/* .isIntegrationSteward */ .l5)(a, roles));
        if (stewards.length !== 1) {
            err(top, `Wave ${n} must include exactly one integration steward (${roles.integrationAgentId}, importing ${roles.integrationRolePromptPath}); found ${stewards.length}`);
        }
        else if (!stewards[0].rolePromptPaths.includes(roles.integrationRolePromptPath)) {
            err(sectionLine(stewards[0], "Role prompts"), `Integration steward ${stewards[0].agentId} must import ${roles.integrationRolePromptPath}`, stewards[0].agentId);
        }
    }
    if (active(v.requireDocumentationStewardFromWave, n)) {
        const stewards = wave.agents.filter((a) => (0,_roles_js__WEBPACK_IMPORTED_MODULE_9__/* .isDocumentationSteward */ .XU)(a, roles));
        if (stewards.length !== 1) {
            err(top, `Wave ${n} must include exactly one documentation steward (${roles.documentationAgentId}, importing ${roles.documentationRolePromptPath}); found ${stewards.length}`);
        }
        else {
            const steward = stewards[0];
            if (!steward.rolePromptPaths.includes(roles.documentationRolePromptPath)) {
                err(sectionLine(steward, "Role prompts"), `Documentation steward ${steward.agentId} must import ${roles.documentationRolePromptPath}`, steward.agentId);
            }
            const required = [...lane.sharedPlanDocs];
            if (componentRule)
                required.push(lane.paths.componentCutoverMatrixDocPath, lane.paths.componentCutoverMatrixJsonPath);
            const docs = [...new Set(required.map(_paths_js__WEBPACK_IMPORTED_MODULE_7__/* .normalizeRelPath */ .Km))];
            const missing = docs.filter((d) => !steward.ownedPaths.some((o) => (0,_paths_js__WEBPACK_IMPORTED_MODULE_7__/* .isCoveredBy */ .ID)(d, o)));
            if (missing.length > 0)
                err(sectionLine(steward, "File ownership"), `Documentation steward ${steward.agentId} must own ${missing.join(", ")}`, steward.agentId);
            const others = wave.agents.filter((a) => a !== steward && a.ownedPaths.some((o) => docs.includes((0,_paths_js__WEBPACK_IMPORTED_MODULE_7__/* .normalizeRelPath */ .Km)(o))));
            if (others.length > 0) {
                err(others[0].line, `Shared plan docs must be owned only by ${steward.agentId} (also owned by ${others.map((a) => a.agentId).join(", ")})`, others[0].agentId);
            }
        }
    }
    if (active(v.requireContext7DeclarationsFromWave, n) && !wave.context7Defaults) {
        err(top, `Wave ${n} must declare a "## Context7 defaults" section (required from wave ${v.requireContext7DeclarationsFromWave})`);
    }
    // Rule 15: runtime mix.
    const targets = lane.runtimePolicy.runtimeMixTargets;
    if (Object.keys(targets).length > 0) {
        const counts = new Map();
        for (const a of wave.agents) {
            const id = ctx.resolved.get(a.agentId)?.id;
            if (id)
                counts.set(id, (counts.get(id) ?? 0) + 1);
        }
        const over = [...counts].filter(([id, count]) => targets[id] !== undefined && count > targets[id]);
        if (over.length > 0)
            err(top, `Wave ${n} exceeds the lane's runtime mix targets (${over.map(([id, c]) => `${id}=${c} exceeds target ${targets[id]}`).join("; ")})`);
    }
    // Rule 16: promoted components need an implementation owner.
    for (const [component, set] of owners) {
        if (set.size === 0) {
            const evalOwns = contEval ? (0,_roles_js__WEBPACK_IMPORTED_MODULE_9__/* .isContEvalImplementationOwning */ .Lb)(contEval, roles) : false;
            const closureIds = [roles.contQaAgentId, ...(evalOwns ? [] : [roles.contEvalAgentId]), roles.documentationAgentId];
            err(promotionsLine, `Wave ${n} must assign promoted component "${component}" to at least one agent other than ${closureIds.join("/")} (via "### Components")`);
        }
    }
}
/* ------------------------------------------------------------------ gates that cannot pass */
/**
 * Who holds which role at run time (the engine's WaveRoles): cont-QA and cont-EVAL by the lane's
 * ids, integration and documentation by the steward's role, the report path each role writes.
 */
function waveRolesFor(wave, roles) {
    const declared = new Set(wave.agents.map((a) => a.agentId));
    const idIf = (id) => (declared.has(id) ? id : null);
    const holder = (stage) => wave.agents.find((a) => (a.closureStage ?? (0,_roles_js__WEBPACK_IMPORTED_MODULE_9__/* .closureStageOf */ .PD)(a, roles)) === stage)?.agentId ?? null;
    return {
        contQaAgentId: idIf(roles.contQaAgentId),
        contEvalAgentId: idIf(roles.contEvalAgentId),
        integrationAgentId: holder("integration") ?? idIf(roles.integrationAgentId),
        documentationAgentId: holder("documentation") ?? idIf(roles.documentationAgentId),
        securityAgentIds: wave.agents.filter((a) => (0,_roles_js__WEBPACK_IMPORTED_MODULE_9__/* .isSecurityReviewer */ .g3)(a, roles)).map((a) => a.agentId),
        designAgentIds: wave.agents.filter((a) => (0,_roles_js__WEBPACK_IMPORTED_MODULE_9__/* .isDesignAgent */ .yM)(a, roles)).map((a) => a.agentId),
        implementationAgentIds: wave.agents.filter((a) => (0,_roles_js__WEBPACK_IMPORTED_MODULE_9__/* .isImplementationOwning */ .hL)(a, roles)).map((a) => a.agentId),
        reportPaths: Object.fromEntries(wave.agents.map((a) => {
            const design = !(a.closureStage ?? (0,_roles_js__WEBPACK_IMPORTED_MODULE_9__/* .closureStageOf */ .PD)(a, roles)) && (0,_roles_js__WEBPACK_IMPORTED_MODULE_9__/* .isDesignAgent */ .yM)(a, roles);
            return [a.agentId, design ? (0,_roles_js__WEBPACK_IMPORTED_MODULE_9__/* .designPacketPath */ .ob)(a) : (0,_roles_js__WEBPACK_IMPORTED_MODULE_9__/* .reportPathFor */ .xJ)(a, roles)];
        })),
    };
}
/**
 * What `staticGateFailures` needs for one wave: roles and policy as the engine derives them, and
 * the component matrix as it is now (`matrix`: as loaded for validation, else read here when the
 * file exists).
 */
function staticGateInputsFor(wave, lane, root, matrix) {
    const rel = lane.paths.componentCutoverMatrixJsonPath;
    let componentMatrix = null;
    let componentMatrixProblem = null;
    if (wave.componentPromotions.length > 0) {
        const loaded = matrix ?? (lane.hasConfig || node_fs__WEBPACK_IMPORTED_MODULE_1___default().existsSync(node_path__WEBPACK_IMPORTED_MODULE_2___default().join(root, rel)) ? (0,_catalogs_js__WEBPACK_IMPORTED_MODULE_3__/* .loadComponentMatrix */ .NO)(root, rel) : null);
        if (loaded?.ok)
            componentMatrix = { components: loaded.value.components };
        else if (loaded)
            componentMatrixProblem = loaded.error;
    }
    const target = (0,_paths_js__WEBPACK_IMPORTED_MODULE_7__/* .normalizeRelPath */ .Km)(rel);
    return {
        wave,
        roles: waveRolesFor(wave, lane.roles),
        policy: (0,_closure_policy_js__WEBPACK_IMPORTED_MODULE_6__/* .closurePolicyFor */ .l)(wave, lane.hasConfig ? lane : null),
        componentMatrix,
        componentMatrixProblem,
        componentMatrixWritable: wave.agents.some((a) => a.ownedPaths.some((o) => (0,_paths_js__WEBPACK_IMPORTED_MODULE_7__/* .isCoveredBy */ .ID)(target, o))),
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
function gateLine(wave, stage, agentId, code) {
    const agent = agentId ? wave.agents.find((a) => a.agentId === agentId) : undefined;
    if (agent)
        return code.endsWith("-report") || code === "missing-design-packet" ? sectionLine(agent, "File ownership") : agent.line;
    if (stage === "component" || stage === "component-matrix")
        return wave.sectionLines?.["Component promotions"] ?? waveLine(wave);
    return waveLine(wave);
}
function gateRules(wave, ctx, sink) {
    // Stryker disable next-line all: the cached matrix only saves a second read of the same file (staticGateInputsFor reads it when none is passed, and ignores it without promotions)
    const matrix = wave.componentPromotions.length > 0 && ctx.cache.matrix ? ctx.cache.matrix : undefined;
    const failures = (0,_closure_index_js__WEBPACK_IMPORTED_MODULE_0__/* .staticGateFailures */ .nq)(staticGateInputsFor(wave, ctx.lane, ctx.root, matrix));
    const covered = ctx.lane.hasConfig ? CONFIG_RULE_CODES : LENIENT_RULE_CODES;
    for (const g of failures) {
        if (covered.has(g.statusCode))
            continue;
        // Stryker disable next-line EqualityOperator,StringLiteral: the second operand is always false (with a config the code is skipped above; without one nothing is reported to the cache)
        if (g.statusCode === "invalid-component-matrix" && ctx.cache.reported.has(g.detail))
            continue;
        sink.error(gateLine(wave, g.stage, g.agentId, g.statusCode), `${g.detail} Every run would fail the ${g.stage} gate with ${g.statusCode}.`, g.agentId ? { agentId: g.agentId } : {});
    }
}
/** Validates one parsed wave against the lane settings (lenient rules when there is no config). */
function validateWave(wave, ctx) {
    const sink = new _diagnostics_js__WEBPACK_IMPORTED_MODULE_4__/* .DiagnosticSink */ .b9(wave.file, wave.wave);
    commonRules(wave, ctx, sink);
    if (ctx.lane.hasConfig)
        configRules(wave, ctx, sink);
    else
        lenientHints(wave, ctx, sink);
    gateRules(wave, ctx, sink);
    return sink.items;
}


/***/ }),

/***/ 8628:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CQ: () => (/* binding */ splitShellWords),
/* harmony export */   H: () => (/* binding */ stripMatchingQuotes),
/* harmony export */   PF: () => (/* binding */ stripOuterQuoteChars),
/* harmony export */   gH: () => (/* binding */ compactSingleLine),
/* harmony export */   gJ: () => (/* binding */ stripBackticks),
/* harmony export */   mv: () => (/* binding */ splitCommaList)
/* harmony export */ });
/**
 * Splitting setting values into lists and argv arrays. Nothing here ever runs a shell: these
 * functions only cut strings the way a POSIX shell would cut words, and refuse what a shell would
 * interpret (pipes, redirections, substitutions) instead of passing it on silently.
 */
const SHELL_OPERATORS = new Set(["|", "&", ";", "<", ">", "(", ")", "`", "$"]);
/**
 * Splits a command line into argv words like a POSIX shell: blanks separate words; `'…'` is
 * literal; inside `"…"` a backslash escapes `"`, `\`, `$` and `` ` ``; outside quotes a backslash
 * escapes the next character. Unbalanced quotes, a dangling backslash, and unquoted shell
 * operators (`| & ; < > ( ) $` and backticks, or `#` starting a word) are errors, because the words
 * are never given to a shell.
 */
function splitShellWords(input) {
    const words = [];
    let cur = "";
    let inWord = false;
    let i = 0;
    const s = input;
    while (i < s.length) {
        const c = s[i];
        if (c === " " || c === "\t" || c === "\n" || c === "\r") {
            if (inWord) {
                words.push(cur);
                cur = "";
                inWord = false;
            }
            i++;
            continue;
        }
        if (c === "'") {
            const end = s.indexOf("'", i + 1);
            if (end < 0)
                return { ok: false, error: `unbalanced single quote at character ${i + 1}` };
            cur += s.slice(i + 1, end);
            inWord = true;
            i = end + 1;
            continue;
        }
        if (c === '"') {
            let j = i + 1;
            let closed = false;
            while (j < s.length) {
                const d = s[j];
                if (d === '"') {
                    closed = true;
                    break;
                }
                if (d === "\\" && j + 1 < s.length && '"\\$`\n'.includes(s[j + 1])) {
                    if (s[j + 1] !== "\n")
                        cur += s[j + 1];
                    j += 2;
                    continue;
                }
                cur += d;
                j++;
            }
            if (!closed)
                return { ok: false, error: `unbalanced double quote at character ${i + 1}` };
            inWord = true;
            i = j + 1;
            continue;
        }
        if (c === "\\") {
            if (i + 1 >= s.length)
                return { ok: false, error: "dangling backslash at the end" };
            if (s[i + 1] !== "\n") {
                cur += s[i + 1];
                inWord = true;
            }
            i += 2;
            continue;
        }
        if (SHELL_OPERATORS.has(c) || (c === "#" && !inWord)) {
            return {
                ok: false,
                error: `unquoted "${c}" at character ${i + 1}: the command is not run through a shell (quote it to pass it literally)`,
            };
        }
        cur += c;
        inWord = true;
        i++;
    }
    if (inWord)
        words.push(cur);
    return { ok: true, items: words };
}
/**
 * Splits a comma-separated list. Items may be wrapped in `"…"` (where `\"` and `\\` are escapes)
 * or `'…'` (literal) to contain commas, and a backslash escapes a comma outside quotes. Surrounding whitespace is trimmed; empty items dropped.
 */
function splitCommaList(input) {
    const items = [];
    let cur = "";
    let quoted = false;
    let i = 0;
    const push = () => {
        const v = quoted ? cur : cur.trim();
        if (v !== "" || quoted)
            items.push(v);
        cur = "";
        quoted = false;
    };
    while (i < input.length) {
        const c = input[i];
        if (c === ",") {
            push();
            i++;
            continue;
        }
        if (c === "\\" && input[i + 1] === ",") {
            cur += ",";
            i += 2;
            continue;
        }
        if ((c === '"' || c === "'") && cur.trim() === "" && !quoted) {
            let j = i + 1;
            let text = "";
            let closed = false;
            while (j < input.length) {
                const d = input[j];
                if (d === c) {
                    closed = true;
                    break;
                }
                if (c === '"' && d === "\\" && (input[j + 1] === '"' || input[j + 1] === "\\")) {
                    text += input[j + 1];
                    j += 2;
                    continue;
                }
                text += d;
                j++;
            }
            if (!closed)
                return { ok: false, error: `unbalanced ${c === '"' ? "double" : "single"} quote at character ${i + 1}` };
            cur = text;
            quoted = true;
            i = j + 1;
            while (i < input.length && (input[i] === " " || input[i] === "\t"))
                i++;
            if (i < input.length && input[i] !== ",") {
                return { ok: false, error: `unexpected text after the quoted item at character ${i + 1}` };
            }
            continue;
        }
        cur += c;
        i++;
    }
    push();
    return { ok: true, items: items.filter((x) => x !== "") };
}
/** Removes one leading and one trailing quote character (`"`, `'` or a backtick), as the reference does. */
function stripOuterQuoteChars(value) {
    let v = value.trim();
    if (v.length > 0 && '"\'`'.includes(v[0]))
        v = v.slice(1);
    if (v.length > 0 && '"\'`'.includes(v[v.length - 1]))
        v = v.slice(0, -1);
    return v;
}
/** Removes a matching pair of surrounding quotes (`"…"` or `'…'`), if present. */
function stripMatchingQuotes(value) {
    const v = value.trim();
    if (v.length >= 2 && (v[0] === '"' || v[0] === "'") && v[v.length - 1] === v[0])
        return v.slice(1, -1);
    return v;
}
/** Removes surrounding backticks (a markdown code span), if present on both ends. */
function stripBackticks(value) {
    const v = value.trim();
    if (v.length >= 2 && v.startsWith("`") && v.endsWith("`"))
        return v.slice(1, -1).trim();
    return v;
}
/** Collapses whitespace to single spaces and cuts to `max` characters (with an ellipsis). */
function compactSingleLine(value, max) {
    const t = value.replace(/\s+/g, " ").trim();
    return t.length <= max ? t : `${t.slice(0, max - 1)}…`;
}


/***/ })

};

//# sourceMappingURL=510.index.js.map