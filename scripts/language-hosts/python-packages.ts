// Which Pulumi packages a Python program needs, as pulumi-language-python's GetRequiredPackages
// answers it: every installed distribution that ships a pulumi-plugin.json, or whose name starts
// with `pulumi-`, names a resource plugin; the plugin's name and version come from that file, else
// from the distribution (`pulumi-aws` 6.1.0 -> aws v6.1.0, PEP 440 versions translated to semver).
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { z } from "zod";
import { normalizedPackageName, type PythonOptions, pythonCommand, runCaptured } from "./python-toolchain";
import { repoRoot } from "../repo-root";

const LISTING_SCRIPT = path.join(repoRoot, "scripts", "language-hosts", "python", "pulumi_packages.py");

/** Packages known to have no plugin although their names start with `pulumi-`. */
const WITHOUT_PLUGINS = new Set(["pulumi-policy", "pulumi-esc-sdk"]);

const listing = z.array(z.object({ name: z.string(), version: z.string(), pluginJson: z.string().nullable() }));

const parameterization = z.object({ name: z.string(), version: z.string(), value: z.string() });

/** pulumi-plugin.json, as Pulumi's SDK generators write it into a package. */
const pluginJson = z.object({
  resource: z.boolean().default(false),
  name: z.string().optional(),
  version: z.string().optional(),
  server: z.string().optional(),
  parameterization: parameterization.optional(),
  extensionParameterization: parameterization.optional(),
});

export type Parameterization = z.infer<typeof parameterization>;

export interface RequiredPackage {
  name: string;
  /** With a leading `v`. */
  version: string;
  server: string;
  parameterization?: Parameterization;
  extension?: Parameterization;
}

/** The resource plugins the packages installed for this program name. */
export async function requiredPackages(options: PythonOptions): Promise<RequiredPackage[]> {
  const installed = listing.parse(JSON.parse(await runCaptured(pythonCommand(options), [LISTING_SCRIPT])));
  const required: RequiredPackage[] = [];
  const seen = new Set<string>();
  for (const distribution of installed) {
    const name = normalizedPackageName(distribution.name);
    if (seen.has(name) || WITHOUT_PLUGINS.has(name)) continue;
    seen.add(name);
    const plugin = distribution.pluginJson ? readPluginJson(distribution.pluginJson) : undefined;
    if (!plugin && !name.startsWith("pulumi-")) continue;
    const found = requirementOf(name, distribution.version, plugin);
    if (found) required.push(found);
  }
  return required;
}

function readPluginJson(file: string): z.infer<typeof pluginJson> {
  const parsed = pluginJson.safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success) throw new Error(`failed to parse pulumi-plugin.json at ${file}: ${parsed.error.message}`);
  return parsed.data;
}

function requirementOf(name: string, packageVersion: string, plugin: z.infer<typeof pluginJson> | undefined): RequiredPackage | undefined {
  // `"resource": false` says the package has no plugin.
  if (plugin && !plugin.resource) return undefined;
  // A version that cannot be translated (an epoch, a local label) names no plugin: skipped, as the real host does.
  const version = plugin?.version || pluginVersionOf(packageVersion);
  if (!version) return undefined;
  return {
    name: plugin?.name || name.replace(/^pulumi-/, ""),
    version: version.startsWith("v") ? version : `v${version}`,
    server: plugin?.server ?? "",
    ...(plugin?.parameterization ? { parameterization: plugin.parameterization } : {}),
    ...(plugin?.extensionParameterization ? { extension: plugin.extensionParameterization } : {}),
  };
}

const PRE_RELEASE: Record<string, string> = { a: "alpha", b: "beta", rc: "rc" };

/**
 * A PEP 440 package version as a plugin version: at least three segments, `a|b|rc N` as
 * `-alpha|beta|rc.N`, `.postN` as `+postN`, `.devN` as `+devN` (or `devN` after a post part).
 * Undefined for what has no translation.
 */
export function pluginVersionOf(packageVersion: string): string | undefined {
  const match = /^(\d+(?:\.\d+)*)(?:(a|b|rc)(\d*))?(?:\.post(\d*))?(?:\.dev(\d*))?$/.exec(packageVersion);
  if (!match) return undefined;
  const [, release = "", preKind, preNumber = "", post, dev] = match;
  const segments = release.split(".");
  while (segments.length < 3) segments.push("0");
  let version = segments.join(".");
  if (preKind) version += `-${PRE_RELEASE[preKind]}.${preNumber}`;
  if (post !== undefined) version += `+post${post}`;
  if (dev !== undefined) version += `${post !== undefined ? "" : "+"}dev${dev}`;
  return version;
}
