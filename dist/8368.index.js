var j=Object.defineProperty;var a=(m,d)=>j(m,"name",{value:d,configurable:!0});const B=8368,U=[8368],W={68368:(function(m,d,t){t.r(d),t.d(d,{REHEARSAL_STATE_SUBDIR:a(()=>D,"REHEARSAL_STATE_SUBDIR"),REHEARSE_HELP:a(()=>P,"REHEARSE_HELP"),REHEARSE_HELP_SPEC:a(()=>A,"REHEARSE_HELP_SPEC"),REHEARSE_OPTIONS:a(()=>u,"REHEARSE_OPTIONS"),parseVariants:a(()=>x,"parseVariants"),rehearseCommand:a(()=>T,"rehearseCommand")});var w=t(7701),M=t(76760),I=t.n(M),n=t(77593),g=t(87911),R=t(84221),O=t(49952),E=t(23050),y=t(39052),v=t(83916),_=t(86554),L=t(27298);const D="rehearsal",u={...O.p,variant:{type:"string",multiple:!0,value:"V[:ID,ID]",description:`script variant for all agents or the listed ones: ${_.v.join(", ")}`,defaultText:"normal"}},A={name:"rehearse",summary:"run a wave's real agent CLIs against a scripted local model server: offline, no key, no cost",usage:"--wave N [options]",about:`Runs the wave with the real agent CLIs (codex, claude, opencode) and the wave's own executor
settings, each pointed at a built-in scripted model server on 127.0.0.1 with a throwaway key:
offline, no API key, nothing billed. Each agent's script writes its deliverables, proof artifacts
and report through the CLI's own file tool, then prints exactly the markers its role needs, so
every gate runs for real. With --model-proxy on, the CLIs talk to the model proxy and the proxy
to the scripted server, as they would to a real provider. With --sandbox on, every CLI runs in
the sandbox (network only to the proxy or the scripted server, the work tree writable). The report says per agent which tool calls were made, which the CLI
refused (and the setting that refused them), which files appeared and which gate failed.

The state goes to <state-dir>/rehearsal (so \`wave run\` never resumes rehearsed agents; \`wave
status\` and \`wave logs\` read it with --state-dir <state-dir>/rehearsal, as the printed hints say).
Every rehearsal runs every agent again; --resume auto reuses the agents an earlier rehearsal
passed. The deliverables the scripts write are placeholders: rehearse in a scratch checkout or
discard them.

Script variants (--variant V for every agent, V:ID,ID for the listed ones):
  no-markers (final message without markers), rate-limit (one 429 first),
  hang (the model never answers; the deadline ends the agent),
  interrupt (the first model request is answered, the next one never is:
  the agent stops mid-work once; a retry of it is answered normally)`,options:u,globals:!0,examples:["wave rehearse --wave 1                          # every gate, no model paid for","wave rehearse --wave 1 --variant no-markers:A1  # A1 ends without its markers","wave rehearse --wave 1 --format json            # result.json on stdout"],exitCodes:g.ab},P=(0,g.fd)(A);function x(o){const r=new Map;for(const s of o){const[h,e]=s.split(":",2);if(!_.v.includes(h))throw new v.yo(`--variant must be one of ${_.v.join(", ")}, optionally followed by :ID,ID (got "${s}")`);const i=e===void 0?["*"]:e.split(",").map(l=>l.trim()).filter(Boolean);if(i.length===0)throw new v.yo(`--variant ${s}: no agent id after ":"`);for(const l of i)r.set(l,h)}return r}a(x,"parseVariants");async function T(o,r){if((0,n.lx)(o))return r.stdout(P),0;const s=(0,n.Qx)("rehearse",o,u);if(s.positionals.length>0)throw new v.yo(`unexpected argument "${s.positionals[0]}"`);const h=(0,n.B$)(s,["text","json"],"text")==="json",e=(0,R.runOptionsFromFlags)(s,r);e.modelProxy=(0,y.QT)((0,n.AM)(s,"model-proxy"),"--model-proxy",e.modelProxy??"off");const i=(0,y.cV)((0,n.AM)(s,"sandbox"),"--sandbox");i&&(e.sandbox=i),(0,n.AM)(s,"state-dir")===void 0&&(e.stateDir=I().join(e.stateDir,D)),(0,n.AM)(s,"resume")===void 0&&(0,n.AM)(s,"feedback")===void 0&&(e.resume="never");const l=x((0,n.v6)(s,"variant"));if(!e.dryRun&&(0,w.mustElevate)(e.agentUser,r.env))return(0,w.runElevated)((0,E.Rk)(),["rehearse",...o],r.env);const f=await(0,L.openRehearsal)({root:e.root,stateDir:e.stateDir,wave:e.wave,variants:l,path:r.env.PATH??"",onWarning:a(p=>r.stderr(`warning: ${p}
`),"onWarning")});let c=null;try{return await(0,R.runAndReport)(e,r,{json:h,cliArgv:(0,E.Rk)(),rehearsal:f.hook,nextSteps:{rerun:"wave rehearse",rerunResumes:!1,stateArgs:`--state-dir ${(0,E.r7)(e.stateDir)}`},onResult:a(async(p,C)=>{c=(await f.finish(p,C)).text},"onResult"),after:a(()=>c?`
${c}`:"","after")})}finally{await f.close()}}a(T,"rehearseCommand")})};export{B as id,U as ids,W as modules};
//# sourceMappingURL=8368.index.js.map
