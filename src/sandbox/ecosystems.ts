/**
 * The one table of `network.allowed` ecosystems (the hosts each name stands for); the model API
 * hosts of each executor are its adapter's `sandboxHosts` (src/executors/<id>/adapter.ts). An entry of
 * `network.allowed` that is not an ecosystem name is a domain (`example.com`, `*.example.com`,
 * optionally with `:port`).
 */

export const ECOSYSTEMS = {
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
} as const satisfies Record<string, readonly string[]>;

type EcosystemName = keyof typeof ECOSYSTEMS;

function isEcosystem(name: string): name is EcosystemName {
  return Object.hasOwn(ECOSYSTEMS, name);
}

/** A domain pattern as the sandbox's allow-list takes it: a host or `*.host`, an optional `:port`. */
const DOMAIN = /^(?:\*\.)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?::\d{1,5})?$/;

/** Why `entry` is not a valid `network.allowed` entry, or null. */
export function allowedEntryProblem(entry: string): string | null {
  const e = entry.trim().toLowerCase();
  if (e === "") return "is empty";
  if (isEcosystem(e)) return null;
  if (e === "*" || e.startsWith("*:")) return "would allow every host (list the hosts instead)";
  if (!DOMAIN.test(e)) return `is neither an ecosystem (${Object.keys(ECOSYSTEMS).join(", ")}) nor a domain name`;
  return null;
}

/** The domain patterns `entries` stand for (ecosystems expanded, duplicates dropped, order kept). */
export function expandAllowed(entries: readonly string[]): string[] {
  const out = new Set<string>();
  for (const raw of entries) {
    const e = raw.trim().toLowerCase();
    if (e === "") continue;
    if (isEcosystem(e)) for (const h of ECOSYSTEMS[e]) out.add(h);
    else out.add(e);
  }
  return [...out];
}

/** The setting that would allow `host`: its ecosystem when one lists it, else the host itself. */
export function allowSettingFor(host: string): string {
  const h = host.toLowerCase();
  for (const [name, hosts] of Object.entries(ECOSYSTEMS)) {
    if ((hosts as readonly string[]).includes(h)) return `network.allowed: [${name}]`;
  }
  return `network.allowed: [${h}]`;
}
