/**
 * Skills: reusable instruction packs under `<skillsDir>/<id>/` (`skill.json` + `SKILL.md`).
 * An agent gets the config's base skills, those for its role, executor and default deploy kind
 * (each filtered by the skill's own activation rules), plus the ids its `### Skills` names.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { referenceCommandNotes } from "../reference-compat.js";

export interface SkillsConfig {
  dir: string;
  base: string[];
  byRole: Record<string, string[]>;
  byRuntime: Record<string, string[]>;
  byDeployKind: Record<string, string[]>;
}

const SkillManifestSchema = z
  .object({
    id: z.string().optional(),
    title: z.string().optional(),
    activation: z
      .object({
        roles: z.array(z.string()).default([]),
        runtimes: z.array(z.string()).default([]),
        deployKinds: z.array(z.string()).default([]),
      })
      .partial()
      .optional(),
  })
  .passthrough();

export interface ResolvedSkill {
  id: string;
  title: string;
  /** Repository-relative path of the SKILL.md that was read, or null when absent. */
  file: string | null;
  text: string;
  explicit: boolean;
}

export interface SkillSelection {
  role: string;
  runtime: string;
  deployKind: string | null;
  explicit: string[];
}

function activates(list: string[] | undefined, value: string | null): boolean {
  if (!list || list.length === 0) return true;
  return value !== null && list.includes(value);
}

/**
 * A skill written for the reference launcher names commands this CLI does not have (`wave control
 * status`, `wave coord show`, ...): the agent is told under the skill what to run instead, so no
 * agent is told to run a command that does not exist.
 */
function withCommandNotes(text: string): string {
  const notes = referenceCommandNotes(text);
  if (notes.length === 0) return text;
  return `${text}\n\nCommands named above that this Wave does not have (run these instead):\n${notes.map((n) => `- ${n}`).join("\n")}`;
}

/** Reads the skills an agent gets. Missing explicit skills are reported in `problems`. */
export async function resolveSkills(
  root: string,
  config: SkillsConfig,
  selection: SkillSelection,
): Promise<{ skills: ResolvedSkill[]; problems: string[] }> {
  const implicit = [
    ...config.base,
    ...(config.byRole[selection.role] ?? []),
    ...(config.byRuntime[selection.runtime] ?? []),
    ...(selection.deployKind ? (config.byDeployKind[selection.deployKind] ?? []) : []),
  ];
  const ids = [...new Set([...implicit, ...selection.explicit])];
  const skills: ResolvedSkill[] = [];
  const problems: string[] = [];
  for (const id of ids) {
    const explicit = selection.explicit.includes(id);
    const dir = path.join(root, config.dir, id);
    let manifest: z.infer<typeof SkillManifestSchema> = {};
    try {
      const parsed = SkillManifestSchema.safeParse(JSON.parse(await fs.readFile(path.join(dir, "skill.json"), "utf8")));
      if (parsed.success) manifest = parsed.data;
      else problems.push(`skill ${id}: ${path.join(config.dir, id, "skill.json")} is not a valid skill manifest`);
    } catch {
      // A skill without a manifest is just its SKILL.md.
    }
    const act = manifest.activation;
    if (!explicit && act) {
      const on =
        activates(act.roles, selection.role) &&
        activates(act.runtimes, selection.runtime) &&
        activates(act.deployKinds, selection.deployKind);
      if (!on) continue;
    }
    let text = "";
    let file: string | null = null;
    try {
      text = (await fs.readFile(path.join(dir, "SKILL.md"), "utf8")).trim();
      file = [config.dir, id, "SKILL.md"].join("/");
    } catch {
      if (explicit) problems.push(`skill ${id} has no ${[config.dir, id, "SKILL.md"].join("/")}`);
      continue;
    }
    skills.push({ id, title: manifest.title ?? id, file, text: withCommandNotes(text), explicit });
  }
  return { skills, problems };
}
