var G=Object.defineProperty;var e=(x,g)=>G(x,"name",{value:g,configurable:!0});const J=646,z=[646],Z={87646:((x,g,r)=>{r.r(g),r.d(g,{INIT_HELP:e(()=>d,"INIT_HELP"),INIT_OPTIONS:e(()=>s,"INIT_OPTIONS"),LENIENT_VALIDATION:e(()=>h,"LENIENT_VALIDATION"),STRICT_VALIDATION:e(()=>N,"STRICT_VALIDATION"),initCommand:e(()=>Y,"initCommand"),scaffoldConfig:e(()=>L,"scaffoldConfig"),scaffoldFiles:e(()=>S,"scaffoldFiles")});var v=r(73024),p=r.n(v),f=r(76760),u=r.n(f),C=r(83916),O=r(20633),y=r(68486),o=r(77593),a=r(23050);const s={root:o.PA.root,strict:{type:"boolean",description:"turn on every validation rule from wave 0 (and scaffold what they require)",defaultText:"off; only cont-QA is required"},executor:{type:"string",value:"ID",description:"executors.default of the config (local, codex, claude, opencode, command)",defaultText:"local"}},d={name:"init",usage:"[--strict] [--executor ID] [--root DIR]",about:"Writes a wave.config.json, docs/plans/waves/wave-0.md and the role prompts it imports, so\n`wave validate` and `wave run --wave 0` pass right away; then edit the wave. Without --strict\nthe config turns the optional rules off; --strict turns them all on. Every config key is\ndescribed in docs/config.md. Existing files are never overwritten: the command names them\nand writes nothing.",options:s,globals:!1,examples:["wave init                    # then commit, wave validate, wave run --wave 0 (local agent)","wave init --executor codex   # agents run on the Codex CLI","wave init --strict           # every validation rule on, from wave 0"],exitCodes:["0  scaffolded","2  usage error, or a file of the scaffold exists already (nothing written)"]},h={requiredPromptReferences:[],requireExitContractsFromWave:null,requireDocumentationStewardFromWave:null,requireIntegrationStewardFromWave:null,requireComponentPromotionsFromWave:null,requireAgentComponentsFromWave:null,requireContext7DeclarationsFromWave:null},T="docs/reference/repository-guidance.md",D="docs/research/agent-context-sources.md",N={requiredPromptReferences:[T,D],requireExitContractsFromWave:0,requireDocumentationStewardFromWave:0,requireIntegrationStewardFromWave:0,requireComponentPromotionsFromWave:0,requireAgentComponentsFromWave:0,requireContext7DeclarationsFromWave:0,gateModeThresholds:{bootstrap:0,standard:4,strict:10},closureModeThresholds:{bootstrap:0,standard:4,strict:10},autoClosure:{allowInferredIntegration:!1,allowAutoDocNoChange:!1,allowAutoDocProjection:!1,allowSkipContQaInBootstrap:!1}};function L(t,n){const i={version:1,defaultLane:"main",executors:{default:n},validation:t?N:h,...t?{runtimePolicy:{requireMarkerNonce:!0}}:{}};return`${JSON.stringify(i,null,2)}
`}e(L,"scaffoldConfig");const F="# cont-QA role\n\nImported by the agent that closes a wave: it checks the result and gives the final verdict.\n\n## Standing prompt\n\n```text\nYou are the cont-QA agent of this wave. You run last, after the implementation agents and the\nstewards. Do not change product code.\n\nCheck every implementation agent's deliverables against its exit contract and write your report\nto the report file you own. End the report with one line `Verdict: PASS`, `Verdict: CONCERNS`\nor `Verdict: BLOCKED`, and end your output with the `[wave-gate]` and `[wave-verdict]` marker\nlines (docs/markers.md of Wave Action lists their fields).\n```\n",B=`# Integration steward role

Imported by the agent that checks that the pieces of a wave fit together.

## Standing prompt

\`\`\`text
You are the integration steward of this wave. Read what each implementation agent delivered and
check that the pieces agree with each other (names, interfaces, shared files). Record open claims,
conflicts and blockers in the integration summary you own, then print one marker line:
\`[wave-integration] state=<ready-for-doc-closure|needs-more-work> claims=<n> conflicts=<n> blockers=<n>\`.
\`\`\`
`,U=`# Documentation steward role

Imported by the agent that keeps the shared plan documents true after a wave.

## Standing prompt

\`\`\`text
You are the documentation steward of this wave. Update the shared plan documents you own so they
describe what the wave actually landed, or state that nothing needed to change. Print one marker
line: \`[wave-doc-closure] state=<closed|no-change|delta>\`.
\`\`\`
`,q=`### Exit contract

- completion: contract
- durability: none
- proof: unit
- doc-impact: none
`;function E(t,n,i,l){return[t,"",...n.flatMap(c=>[c.trimEnd(),""]),"### Deliverables","",...l.map(c=>`- ${c}`),"","### Prompt","","```text",i.trimEnd(),"","File ownership (only touch these paths):",...l.map(c=>`- ${c}`),"```",""].join(`
`)}e(E,"agent");const P=e(t=>`### Role prompts

- ${t}
`,"roleImport"),I=`### Context7

- bundle: none
- query: "Repository conventions"
`,K=`Read ${T} and ${D} first.

`;function Q(t){const n=t?K:"",i=E("## Agent A1: Greeting helper",[q,...t?[`### Components

- greeting
`,I]:[]],`${n}Write \`src/greeting.js\` exporting \`greet(name)\`, which returns \`Hello, <name>!\`, and a unit
test in \`test/greeting.test.js\`.`,["src/greeting.js","test/greeting.test.js"]),l=t?[E("## Agent A8: Integration steward",[P("docs/agents/wave-integration-role.md"),I],`${n}Check that \`greet\` and its test agree (name, module format) and record the result.`,["docs/plans/waves/integration/wave-0.md"]),E("## Agent A9: Documentation steward",[P("docs/agents/wave-documentation-role.md"),I],`${n}Describe the greeting helper in \`docs/plans/current-state.md\` and keep the other plan documents
and the component cutover matrix true.`,["docs/plans/current-state.md","docs/plans/master-plan.md","docs/plans/migration.md","docs/plans/component-cutover-matrix.md","docs/plans/component-cutover-matrix.json"])]:[],c=E("## Agent A0: cont-QA",[P("docs/agents/wave-cont-qa-role.md"),...t?[I]:[]],`${n}Review wave 0: \`src/greeting.js\` exists with its test and does what A1's prompt asks. Write
the review with its final verdict.`,["docs/plans/waves/reviews/wave-0-cont-qa.md"]);return[["# Wave 0 - First wave","","**Commit message**: `Add a greeting helper`","","A first wave to edit: one implementation agent (A1), then the closure agents check the result.","The agents name no executor, so `executors.default` in wave.config.json decides which CLI runs","them (`local` is the built-in agent that needs no model; an agent may also name one under","`### Executor`). Replace A1 with your own work, then run `wave validate` and `wave run --wave 0`.","",...t?["## Component promotions","","- greeting: repo-landed","","## Context7 defaults","","- bundle: none",'- query: "Repository conventions"',""]:[]].join(`
`),i,...l,c].join(`
`)}e(Q,"scaffoldWave");const H={version:1,levels:["planned","repo-landed","pilot-live"],components:{greeting:{title:"Greeting helper",currentLevel:"repo-landed",promotions:[{wave:0,target:"repo-landed"}]}}};function S(t){const n={"wave.config.json":L(t.strict,t.executor),"docs/plans/waves/wave-0.md":Q(t.strict),"docs/agents/wave-cont-qa-role.md":F,"docs/agents/wave-integration-role.md":B,"docs/agents/wave-documentation-role.md":U};return t.strict&&Object.assign(n,{[T]:`# Repository guidance

Conventions every agent follows in this repository (code style, tests, commit scope).
`,[D]:`# Agent context sources

Where agents find the context they need (documents, APIs, owners).
`,"docs/plans/current-state.md":`# Current state

What the repository does today. The documentation steward keeps this true.
`,"docs/plans/master-plan.md":`# Master plan

The waves ahead and what each delivers.
`,"docs/plans/migration.md":`# Migration

What changes for users of this repository, wave by wave.
`,"docs/plans/component-cutover-matrix.md":`# Component cutover matrix

| component | current level | wave 0 |
|---|---|---|
| greeting | repo-landed | repo-landed |
`,"docs/plans/component-cutover-matrix.json":`${JSON.stringify(H,null,2)}
`}),n}e(S,"scaffoldFiles");async function V(t){const n=e(async i=>{try{return await(0,O.QE)(t,i,"checking the repository"),!0}catch{return!1}},"ok");return await n(["rev-parse","--is-inside-work-tree"])?await n(["rev-parse","--verify","-q","HEAD"])?"ok":"no-commit":"none"}e(V,"gitState");async function Y(t,n){const i=(0,o.bQ)(t,{...s,...o.E4},!1),l=u().resolve(n.cwd,(0,o.AM)(i,"root")??"."),c=(0,o.lB)(i,"strict"),w=(0,o.AM)(i,"executor")??"local";if(!y.rz.includes(w))throw new C.yo(`--executor must be one of ${y.rz.join(", ")} (got "${w}")`);const R=S({strict:c,executor:w}),A=Object.keys(R).filter(m=>(0,v.existsSync)(u().join(l,m)));if(A.length>0)return n.stderr(`wave init: not overwriting ${A.length===1?"an existing file":`${A.length} existing files`} (nothing was written):
${A.map(m=>`  ${m}`).join(`
`)}
Move them away or run \`wave init --root <another directory>\`.
`),2;for(const[m,j]of Object.entries(R)){const b=u().join(l,m);await v.promises.mkdir(u().dirname(b),{recursive:!0}),await v.promises.writeFile(b,j,{flag:"wx"})}const _=u().relative(n.cwd,l),W=_===""?".":_.startsWith("..")||u().isAbsolute(_)?l:_,k=W==="."?"":` --root ${(0,a.r7)(W)}`,$=[`Scaffolded ${c?"a strict":"a"} wave repository in ${W}:`,...Object.keys(R).map(m=>`  ${m}`),"",c?"Every validation rule is on from wave 0 (wave.config.json; each key is described in docs/config.md of Wave Action).":"Only cont-QA is required; the other rules are off in wave.config.json (`wave init --strict` shows them all on).",`Agents run on: ${w}${w==="local"?" (the built-in agent; no model, no API key)":""} \u2014 executors.default in wave.config.json.`],M=await V(l);if(M!=="ok"){const m=M==="none"?"This is not a git repository yet":"This git repository has no commit yet",j=M==="none"?"`git init`, then commit these files":"commit these files";$.push("",`${m}: a run records the agents' changes against a commit (without one they are not recorded), so first ${j}.`)}return $.push("","Next:",`  wave validate${k}`,`  wave run --wave 0${k}`,""),n.stdout($.join(`
`)),0}e(Y,"initCommand")}),20633:((x,g,r)=>{r.d(g,{$Y:e(()=>f,"$Y"),QE:e(()=>u,"QE"),Qo:e(()=>C,"Qo"),oB:e(()=>y,"oB"),q4:e(()=>O,"q4")});var v=r(81260),p=r(83916);async function f(o,a,s){try{const d=await(0,v.H)("git",a,{cwd:o,silent:!0,ignoreReturnCode:!0,env:s?{...process.env,...s}:void 0});return{code:d.exitCode,stdout:d.stdout,stderr:d.stderr}}catch(d){throw new p.yo(`git could not be run (${(0,p.gJ)(d)})`)}}e(f,"git");async function u(o,a,s,d){const h=await f(o,a,d);if(h.code!==0)throw new p.yo(`${s} failed: git ${a[0]}: ${h.stderr.trim()||`exit ${h.code}`}`);return h.stdout}e(u,"gitOrThrow");async function C(o){const a=await f(o,["rev-parse","--verify","-q","HEAD"]);return a.code===0?a.stdout.trim():null}e(C,"headCommit");async function O(o,a){if(a.GITHUB_REPOSITORY)return a.GITHUB_REPOSITORY;const s=await f(o,["config","--get","remote.origin.url"]);return s.code!==0?null:/([^/:]+\/[^/]+?)(\.git)?\s*$/.exec(s.stdout.trim())?.[1]??null}e(O,"repositoryId");async function y(o){return(await u(o,["rev-parse","--show-toplevel"],"finding the repository's top level")).trim()}e(y,"gitTopLevel")})};export{J as id,z as ids,Z as modules};
//# sourceMappingURL=646.index.js.map
