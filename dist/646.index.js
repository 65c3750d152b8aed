var G=Object.defineProperty;var e=(_,f)=>G(_,"name",{value:f,configurable:!0});const X=646,z=[646],Z={87646:((_,f,a)=>{a.r(f),a.d(f,{INIT_HELP:e(()=>s,"INIT_HELP"),INIT_OPTIONS:e(()=>t,"INIT_OPTIONS"),LENIENT_VALIDATION:e(()=>c,"LENIENT_VALIDATION"),STRICT_VALIDATION:e(()=>N,"STRICT_VALIDATION"),initCommand:e(()=>Y,"initCommand"),scaffoldConfig:e(()=>L,"scaffoldConfig"),scaffoldFiles:e(()=>S,"scaffoldFiles")});var p=a(73024),y=a.n(p),v=a(76760),m=a.n(v),C=a(83916),O=a(20633),T=a(68486),g=a(77593),i=a(23050);const t={root:g.PA.root,strict:{type:"boolean",description:"turn on every validation rule from wave 0 (and scaffold what they require)",defaultText:"off; only cont-QA is required"},executor:{type:"string",value:"ID",description:"executors.default of the config (local, codex, claude, opencode, command)",defaultText:"local"}},s={name:"init",usage:"[--strict] [--executor ID] [--root DIR]",about:"Writes a wave.config.json, docs/plans/waves/wave-0.md and the role prompts it imports, so\n`wave validate` and `wave run --wave 0` pass right away; then edit the wave. Without --strict\nthe config turns the optional rules off; --strict turns them all on. Every config key is\ndescribed in docs/config.md. Existing files are never overwritten: the command names them\nand writes nothing.",options:t,globals:!1,examples:["wave init                    # then commit, wave validate, wave run --wave 0 (local agent)","wave init --executor codex   # agents run on the Codex CLI","wave init --strict           # every validation rule on, from wave 0"],exitCodes:["0  scaffolded","2  usage error, or a file of the scaffold exists already (nothing written)"]},c={requiredPromptReferences:[],requireExitContractsFromWave:null,requireDocumentationStewardFromWave:null,requireIntegrationStewardFromWave:null,requireComponentPromotionsFromWave:null,requireAgentComponentsFromWave:null,requireContext7DeclarationsFromWave:null},r="docs/reference/repository-guidance.md",D="docs/research/agent-context-sources.md",N={requiredPromptReferences:[r,D],requireExitContractsFromWave:0,requireDocumentationStewardFromWave:0,requireIntegrationStewardFromWave:0,requireComponentPromotionsFromWave:0,requireAgentComponentsFromWave:0,requireContext7DeclarationsFromWave:0,gateModeThresholds:{bootstrap:0,standard:4,strict:10},closureModeThresholds:{bootstrap:0,standard:4,strict:10},autoClosure:{allowInferredIntegration:!1,allowAutoDocNoChange:!1,allowAutoDocProjection:!1,allowSkipContQaInBootstrap:!1}};function L(n,o){const d={version:1,defaultLane:"main",executors:{default:o},validation:n?N:c,...n?{runtimePolicy:{requireMarkerNonce:!0}}:{}};return`${JSON.stringify(d,null,2)}
`}e(L,"scaffoldConfig");const b="# cont-QA role\n\nImported by the agent that closes a wave: it checks the result and gives the final verdict.\n\n## Standing prompt\n\n```text\nYou are the cont-QA agent of this wave. You run last, after the implementation agents and the\nstewards. Do not change product code.\n\nCheck every implementation agent's deliverables against its exit contract and write your report\nto the report file you own. End the report with one line `Verdict: PASS`, `Verdict: CONCERNS`\nor `Verdict: BLOCKED`, and end your output with the `[wave-gate]` and `[wave-verdict]` marker\nlines (docs/markers.md of Wave Action lists their fields).\n```\n",B=`# Integration steward role

Imported by the agent that checks that the pieces of a wave fit together.

## Standing prompt

\`\`\`text
You are the integration steward of this wave. Read what each implementation agent delivered and
check that the pieces agree with each other (names, interfaces, shared files). Record open claims,
conflicts and blockers in the integration summary you own, then print the \`[wave-integration]\`
marker line your prompt's marker section shows.
\`\`\`
`,U=`# Documentation steward role

Imported by the agent that keeps the shared plan documents true after a wave.

## Standing prompt

\`\`\`text
You are the documentation steward of this wave. Update the shared plan documents you own so they
describe what the wave actually landed, or state that nothing needed to change. Print the
\`[wave-doc-closure]\` marker line your prompt's marker section shows.
\`\`\`
`,q=`### Exit contract

- completion: contract
- durability: none
- proof: unit
- doc-impact: none
`;function E(n,o,d,u){return[n,"",...o.flatMap(l=>[l.trimEnd(),""]),"### Deliverables","",...u.map(l=>`- ${l}`),"","### Prompt","","```text",d.trimEnd(),"","File ownership (only touch these paths):",...u.map(l=>`- ${l}`),"```",""].join(`
`)}e(E,"agent");const P=e(n=>`### Role prompts

- ${n}
`,"roleImport"),I=`### Context7

- bundle: none
- query: "Repository conventions"
`,K=`Read ${r} and ${D} first.

`;function Q(n){const o=n?K:"",d=E("## Agent A1: Greeting helper",[q,...n?[`### Components

- greeting
`,I]:[]],`${o}Write \`src/greeting.js\` exporting \`greet(name)\`, which returns \`Hello, <name>!\`, and a unit
test in \`test/greeting.test.js\`.`,["src/greeting.js","test/greeting.test.js"]),u=n?[E("## Agent A8: Integration steward",[P("docs/agents/wave-integration-role.md"),I],`${o}Check that \`greet\` and its test agree (name, module format) and record the result.`,["docs/plans/waves/integration/wave-0.md"]),E("## Agent A9: Documentation steward",[P("docs/agents/wave-documentation-role.md"),I],`${o}Describe the greeting helper in \`docs/plans/current-state.md\` and keep the other plan documents
and the component cutover matrix true.`,["docs/plans/current-state.md","docs/plans/master-plan.md","docs/plans/migration.md","docs/plans/component-cutover-matrix.md","docs/plans/component-cutover-matrix.json"])]:[],l=E("## Agent A0: cont-QA",[P("docs/agents/wave-cont-qa-role.md"),...n?[I]:[]],`${o}Review wave 0: \`src/greeting.js\` exists with its test and does what A1's prompt asks. Write
the review with its final verdict.`,["docs/plans/waves/reviews/wave-0-cont-qa.md"]);return[["# Wave 0 - First wave","","**Commit message**: `Add a greeting helper`","","A first wave to edit: one implementation agent (A1), then the closure agents check the result.","The agents name no executor, so `executors.default` in wave.config.json decides which CLI runs","them (`local` is the built-in agent that needs no model; an agent may also name one under","`### Executor`). Replace A1 with your own work, then run `wave validate` and `wave run --wave 0`.","",...n?["## Component promotions","","- greeting: repo-landed","","## Context7 defaults","","- bundle: none",'- query: "Repository conventions"',""]:[]].join(`
`),d,...u,l].join(`
`)}e(Q,"scaffoldWave");const H={version:1,levels:["planned","repo-landed","pilot-live"],components:{greeting:{title:"Greeting helper",currentLevel:"repo-landed",promotions:[{wave:0,target:"repo-landed"}]}}};function S(n){const o={"wave.config.json":L(n.strict,n.executor),"docs/plans/waves/wave-0.md":Q(n.strict),"docs/agents/wave-cont-qa-role.md":b,"docs/agents/wave-integration-role.md":B,"docs/agents/wave-documentation-role.md":U};return n.strict&&Object.assign(o,{[r]:`# Repository guidance

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
`}),o}e(S,"scaffoldFiles");async function V(n){const o=e(async d=>{try{return await(0,O.QE)(n,d,"checking the repository"),!0}catch{return!1}},"ok");return await o(["rev-parse","--is-inside-work-tree"])?await o(["rev-parse","--verify","-q","HEAD"])?"ok":"no-commit":"none"}e(V,"gitState");async function Y(n,o){const d=(0,g.bQ)(n,{...t,...g.E4},!1),u=m().resolve(o.cwd,(0,g.AM)(d,"root")??"."),l=(0,g.lB)(d,"strict"),w=(0,g.AM)(d,"executor")??"local";if(!T.rz.includes(w))throw new C.yo(`--executor must be one of ${T.rz.join(", ")} (got "${w}")`);const R=S({strict:l,executor:w}),A=Object.keys(R).filter(h=>(0,p.existsSync)(m().join(u,h)));if(A.length>0)return o.stderr(`wave init: not overwriting ${A.length===1?"an existing file":`${A.length} existing files`} (nothing was written):
${A.map(h=>`  ${h}`).join(`
`)}
Move them away or run \`wave init --root <another directory>\`.
`),2;for(const[h,j]of Object.entries(R)){const F=m().join(u,h);await p.promises.mkdir(m().dirname(F),{recursive:!0}),await p.promises.writeFile(F,j,{flag:"wx"})}const x=m().relative(o.cwd,u),$=x===""?".":x.startsWith("..")||m().isAbsolute(x)?u:x,k=$==="."?"":` --root ${(0,i.r7)($)}`,W=[`Scaffolded ${l?"a strict":"a"} wave repository in ${$}:`,...Object.keys(R).map(h=>`  ${h}`),"",l?"Every validation rule is on from wave 0 (wave.config.json; each key is described in docs/config.md of Wave Action).":"Only cont-QA is required; the other rules are off in wave.config.json (`wave init --strict` shows them all on).",`Agents run on: ${w}${w==="local"?" (the built-in agent; no model, no API key)":""} \u2014 executors.default in wave.config.json.`],M=await V(u);if(M!=="ok"){const h=M==="none"?"This is not a git repository yet":"This git repository has no commit yet",j=M==="none"?"`git init`, then commit these files":"commit these files";W.push("",`${h}: a run records the agents' changes against a commit (without one they are not recorded), so first ${j}.`)}return W.push("","Next:",`  wave validate${k}`,`  wave run --wave 0${k}`,""),o.stdout(W.join(`
`)),0}e(Y,"initCommand")}),20633:((_,f,a)=>{a.d(f,{$Y:e(()=>v,"$Y"),J8:e(()=>g,"J8"),QE:e(()=>m,"QE"),Qo:e(()=>C,"Qo"),q4:e(()=>O,"q4")});var p=a(81260),y=a(83916);async function v(i,t,s,c){try{const r=await(0,p.H)("git",t,{cwd:i,silent:!0,ignoreReturnCode:!0,env:s?{...process.env,...s}:void 0,...c===void 0?{}:{input:Buffer.from(c,"utf8")}});return{code:r.exitCode,stdout:r.stdout,stderr:r.stderr}}catch(r){throw new y.yo(`git could not be run (${(0,y.gJ)(r)})`)}}e(v,"git");async function m(i,t,s,c){const r=await v(i,t,c);if(r.code!==0)throw new y.yo(`${s} failed: git ${t[0]}: ${r.stderr.trim()||`exit ${r.code}`}`);return r.stdout}e(m,"gitOrThrow");async function C(i){const t=await v(i,["rev-parse","--verify","-q","HEAD"]);return t.code===0?t.stdout.trim():null}e(C,"headCommit");async function O(i,t){if(t.GITHUB_REPOSITORY)return t.GITHUB_REPOSITORY;const s=await v(i,["config","--get","remote.origin.url"]);return s.code!==0?null:/([^/:]+\/[^/]+?)(\.git)?\s*$/.exec(s.stdout.trim())?.[1]??null}e(O,"repositoryId");async function T(i){return(await m(i,["rev-parse","--show-toplevel"],"finding the repository's top level")).trim()}e(T,"gitTopLevel");async function g(i){const t=await v(i,["rev-parse","--show-toplevel","--verify","-q","HEAD"]),s=t.stdout.replace(/\n$/,""),c=t.code===0?s.lastIndexOf(`
`):s.length,r=s.slice(0,c);if(t.code!==0&&t.code!==1||c<=0)throw new y.yo(`finding the repository's top level failed: git rev-parse: ${t.stderr.trim()||`exit ${t.code}`}`);return{top:r,head:t.code===0?s.slice(c+1):null}}e(g,"topLevelAndHead")})};export{X as id,z as ids,Z as modules};
//# sourceMappingURL=646.index.js.map
