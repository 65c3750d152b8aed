var Y=Object.defineProperty;var e=($,w)=>Y($,"name",{value:w,configurable:!0});const X=646,z=[646],Z={87646:(function($,w,a){a.r(w),a.d(w,{INIT_HELP:e(()=>i,"INIT_HELP"),INIT_OPTIONS:e(()=>A,"INIT_OPTIONS"),LENIENT_VALIDATION:e(()=>t,"LENIENT_VALIDATION"),STRICT_VALIDATION:e(()=>c,"STRICT_VALIDATION"),initCommand:e(()=>V,"initCommand"),scaffoldConfig:e(()=>_,"scaffoldConfig"),scaffoldFiles:e(()=>F,"scaffoldFiles")});var p=a(73024),q=a.n(p),y=a(76760),d=a.n(y),W=a(83916),O=a(20633),x=a(68486),g=a(77593),k=a(23050);const A={root:g.PA.root,strict:{type:"boolean",description:"turn on every validation rule from wave 0 (and scaffold what they require)",defaultText:"off; only cont-QA is required"},executor:{type:"string",value:"ID",description:"executors.default of the config (local, codex, claude, opencode, command)",defaultText:"local"}},i={name:"init",usage:"[--strict] [--executor ID] [--root DIR]",about:"Writes a wave.config.json, docs/plans/waves/wave-0.md and the role prompts it imports, so\n`wave validate` and `wave run --wave 0` pass right away; then edit the wave. Without --strict\nthe config turns the optional rules off; --strict turns them all on. Every config key is\ndescribed in docs/config.md. Existing files are never overwritten: the command names them\nand writes nothing.",options:A,globals:!1,examples:["wave init                    # then commit, wave validate, wave run --wave 0 (local agent)","wave init --executor codex   # agents run on the Codex CLI","wave init --strict           # every validation rule on, from wave 0"],exitCodes:["0  scaffolded","2  usage error, or a file of the scaffold exists already (nothing written)"]},t={requiredPromptReferences:[],requireExitContractsFromWave:null,requireDocumentationStewardFromWave:null,requireIntegrationStewardFromWave:null,requireComponentPromotionsFromWave:null,requireAgentComponentsFromWave:null,requireContext7DeclarationsFromWave:null},r="docs/reference/repository-guidance.md",s="docs/research/agent-context-sources.md",c={requiredPromptReferences:[r,s],requireExitContractsFromWave:0,requireDocumentationStewardFromWave:0,requireIntegrationStewardFromWave:0,requireComponentPromotionsFromWave:0,requireAgentComponentsFromWave:0,requireContext7DeclarationsFromWave:0,gateModeThresholds:{bootstrap:0,standard:4,strict:10},closureModeThresholds:{bootstrap:0,standard:4,strict:10},autoClosure:{allowInferredIntegration:!1,allowAutoDocNoChange:!1,allowAutoDocProjection:!1,allowSkipContQaInBootstrap:!1}};function _(n,o){const l={version:1,defaultLane:"main",executors:{default:o},validation:n?c:t,...n?{runtimePolicy:{requireMarkerNonce:!0}}:{}};return`${JSON.stringify(l,null,2)}
`}e(_,"scaffoldConfig");const f="# cont-QA role\n\nImported by the agent that closes a wave: it checks the result and gives the final verdict.\n\n## Standing prompt\n\n```text\nYou are the cont-QA agent of this wave. You run last, after the implementation agents and the\nstewards. Do not change product code.\n\nCheck every implementation agent's deliverables against its exit contract and write your report\nto the report file you own. End the report with one line `Verdict: PASS`, `Verdict: CONCERNS`\nor `Verdict: BLOCKED`, and end your output with the `[wave-gate]` and `[wave-verdict]` marker\nlines (docs/markers.md of Wave Action lists their fields).\n```\n",C=`# Integration steward role

Imported by the agent that checks that the pieces of a wave fit together.

## Standing prompt

\`\`\`text
You are the integration steward of this wave. Read what each implementation agent delivered and
check that the pieces agree with each other (names, interfaces, shared files). Record open claims,
conflicts and blockers in the integration summary you own, then print the \`[wave-integration]\`
marker line your prompt's marker section shows.
\`\`\`
`,T=`# Documentation steward role

Imported by the agent that keeps the shared plan documents true after a wave.

## Standing prompt

\`\`\`text
You are the documentation steward of this wave. Update the shared plan documents you own so they
describe what the wave actually landed, or state that nothing needed to change. Print the
\`[wave-doc-closure]\` marker line your prompt's marker section shows.
\`\`\`
`,v=`### Exit contract

- completion: contract
- durability: none
- proof: unit
- doc-impact: none
`;function E(n,o,l,m){return[n,"",...o.flatMap(u=>[u.trimEnd(),""]),"### Deliverables","",...m.map(u=>`- ${u}`),"","### Prompt","","```text",l.trimEnd(),"","File ownership (only touch these paths):",...m.map(u=>`- ${u}`),"```",""].join(`
`)}e(E,"agent");const M=e(n=>`### Role prompts

- ${n}
`,"roleImport"),D=`### Context7

- bundle: none
- query: "Repository conventions"
`,K=`Read ${r} and ${s} first.

`;function Q(n){const o=n?K:"",l=E("## Agent A1: Greeting helper",[v,...n?[`### Components

- greeting
`,D]:[]],`${o}Write \`src/greeting.js\` exporting \`greet(name)\`, which returns \`Hello, <name>!\`, and a unit
test in \`test/greeting.test.js\`.`,["src/greeting.js","test/greeting.test.js"]),m=n?[E("## Agent A8: Integration steward",[M("docs/agents/wave-integration-role.md"),D],`${o}Check that \`greet\` and its test agree (name, module format) and record the result.`,["docs/plans/waves/integration/wave-0.md"]),E("## Agent A9: Documentation steward",[M("docs/agents/wave-documentation-role.md"),D],`${o}Describe the greeting helper in \`docs/plans/current-state.md\` and keep the other plan documents
and the component cutover matrix true.`,["docs/plans/current-state.md","docs/plans/master-plan.md","docs/plans/migration.md","docs/plans/component-cutover-matrix.md","docs/plans/component-cutover-matrix.json"])]:[],u=E("## Agent A0: cont-QA",[M("docs/agents/wave-cont-qa-role.md"),...n?[D]:[]],`${o}Review wave 0: \`src/greeting.js\` exists with its test and does what A1's prompt asks. Write
the review with its final verdict.`,["docs/plans/waves/reviews/wave-0-cont-qa.md"]);return[["# Wave 0 - First wave","","**Commit message**: `Add a greeting helper`","","A first wave to edit: one implementation agent (A1), then the closure agents check the result.","The agents name no executor, so `executors.default` in wave.config.json decides which CLI runs","them (`local` is the built-in agent that needs no model; an agent may also name one under","`### Executor`). Replace A1 with your own work, then run `wave validate` and `wave run --wave 0`.","",...n?["## Component promotions","","- greeting: repo-landed","","## Context7 defaults","","- bundle: none",'- query: "Repository conventions"',""]:[]].join(`
`),l,...m,u].join(`
`)}e(Q,"scaffoldWave");const H={version:1,levels:["planned","repo-landed","pilot-live"],components:{greeting:{title:"Greeting helper",currentLevel:"repo-landed",promotions:[{wave:0,target:"repo-landed"}]}}};function F(n){const o={"wave.config.json":_(n.strict,n.executor),"docs/plans/waves/wave-0.md":Q(n.strict),"docs/agents/wave-cont-qa-role.md":f,"docs/agents/wave-integration-role.md":C,"docs/agents/wave-documentation-role.md":T};return n.strict&&Object.assign(o,{[r]:`# Repository guidance

Conventions every agent follows in this repository (code style, tests, commit scope).
`,[s]:`# Agent context sources

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
`}),o}e(F,"scaffoldFiles");async function G(n){const o=e(async l=>{try{return await(0,O.QE)(n,l,"checking the repository"),!0}catch{return!1}},"ok");return await o(["rev-parse","--is-inside-work-tree"])?await o(["rev-parse","--verify","-q","HEAD"])?"ok":"no-commit":"none"}e(G,"gitState");async function V(n,o){const l=(0,g.bQ)(n,{...A,...g.E4},!1),m=d().resolve(o.cwd,(0,g.AM)(l,"root")??"."),u=(0,g.lB)(l,"strict"),I=(0,g.AM)(l,"executor")??"local";if(!x.rz.includes(I))throw new W.yo(`--executor must be one of ${x.rz.join(", ")} (got "${I}")`);const j=F({strict:u,executor:I}),P=Object.keys(j).filter(h=>(0,p.existsSync)(d().join(m,h)));if(P.length>0)return o.stderr(`wave init: not overwriting ${P.length===1?"an existing file":`${P.length} existing files`} (nothing was written):
${P.map(h=>`  ${h}`).join(`
`)}
Move them away or run \`wave init --root <another directory>\`.
`),2;for(const[h,B]of Object.entries(j)){const U=d().join(m,h);await p.promises.mkdir(d().dirname(U),{recursive:!0}),await p.promises.writeFile(U,B,{flag:"wx"})}const R=d().relative(o.cwd,m),N=R===""?".":R.startsWith("..")||d().isAbsolute(R)?m:R,b=N==="."?"":` --root ${(0,k.r7)(N)}`,L=[`Scaffolded ${u?"a strict":"a"} wave repository in ${N}:`,...Object.keys(j).map(h=>`  ${h}`),"",u?"Every validation rule is on from wave 0 (wave.config.json; each key is described in docs/config.md of Wave Action).":"Only cont-QA is required; the other rules are off in wave.config.json (`wave init --strict` shows them all on).",`Agents run on: ${I}${I==="local"?" (the built-in agent; no model, no API key)":""} \u2014 executors.default in wave.config.json.`],S=await G(m);if(S!=="ok"){const h=S==="none"?"This is not a git repository yet":"This git repository has no commit yet",B=S==="none"?"`git init`, then commit these files":"commit these files";L.push("",`${h}: a run records the agents' changes against a commit (without one they are not recorded), so first ${B}.`)}return L.push("","Next:",`  wave validate${b}`,`  wave run --wave 0${b}`,""),o.stdout(L.join(`
`)),0}e(V,"initCommand")}),20633:(function($,w,a){a.d(w,{$Y:e(()=>d,"$Y"),J8:e(()=>A,"J8"),QE:e(()=>O,"QE"),Qo:e(()=>x,"Qo"),q4:e(()=>g,"q4")});var p=a(31421),q=a.n(p),y=a(83916);async function d(i,t,r,s){try{return await W(i,t,r?{...process.env,...r}:process.env,s)}catch(c){throw new y.yo(`git could not be run (${(0,y.gJ)(c)})`)}}e(d,"git");function W(i,t,r,s){return new Promise((c,_)=>{const f=(0,p.spawn)("git",t,{cwd:i,env:r,stdio:[s===void 0?"ignore":"pipe","pipe","pipe"],windowsHide:!0}),C=[],T=[];f.stdout?.on("data",v=>C.push(v)),f.stderr?.on("data",v=>T.push(v)),f.on("error",_),f.on("close",(v,E)=>{v===null?_(new Error(`git was stopped by ${E??"a signal"}`)):c({code:v,stdout:Buffer.concat(C).toString("utf8"),stderr:Buffer.concat(T).toString("utf8")})}),f.stdin?.on("error",()=>{}),f.stdin?.end(s===void 0?void 0:Buffer.from(s,"utf8"))})}e(W,"runGit");async function O(i,t,r,s){const c=await d(i,t,s);if(c.code!==0)throw new y.yo(`${r} failed: git ${t[0]}: ${c.stderr.trim()||`exit ${c.code}`}`);return c.stdout}e(O,"gitOrThrow");async function x(i){const t=await d(i,["rev-parse","--verify","-q","HEAD"]);return t.code===0?t.stdout.trim():null}e(x,"headCommit");async function g(i,t){if(t.GITHUB_REPOSITORY)return t.GITHUB_REPOSITORY;const r=await d(i,["config","--get","remote.origin.url"]);return r.code!==0?null:/([^/:]+\/[^/]+?)(\.git)?\s*$/.exec(r.stdout.trim())?.[1]??null}e(g,"repositoryId");async function k(i){return(await O(i,["rev-parse","--show-toplevel"],"finding the repository's top level")).trim()}e(k,"gitTopLevel");async function A(i){const t=await d(i,["rev-parse","--show-toplevel","--verify","-q","HEAD"]),r=t.stdout.replace(/\n$/,""),s=t.code===0?r.lastIndexOf(`
`):r.length,c=r.slice(0,s);if(t.code!==0&&t.code!==1||s<=0)throw new y.yo(`finding the repository's top level failed: git rev-parse: ${t.stderr.trim()||`exit ${t.code}`}`);return{top:c,head:t.code===0?r.slice(s+1):null}}e(A,"topLevelAndHead")})};export{X as id,z as ids,Z as modules};
//# sourceMappingURL=646.index.js.map
