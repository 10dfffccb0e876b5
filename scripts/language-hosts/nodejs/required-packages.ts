// GetRequiredPackages: the Pulumi packages a program (or plugin) needs, found as
// pulumi-language-nodejs finds them: every package.json under a node_modules folder anywhere below
// the program's folder whose "pulumi" section says it has a resource plugin. Policy packs below the
// folder are not entered. Differing major versions of @pulumi/pulumi among them draw a warning.
import { type Dirent, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import * as path from "node:path";
import * as languageProto from "@pulumi/pulumi/proto/language_pb";
import * as pluginProto from "@pulumi/pulumi/proto/plugin_pb";
import { z } from "zod";
import { programInfo } from "./options";
import { unary } from "./answers";

const parameterizationSchema = z.object({ name: z.string(), version: z.string(), value: z.string().default("") });
const packageSchema = z.object({
  name: z.string().default(""),
  version: z.string().default(""),
  pulumi: z
    .object({
      resource: z.boolean().default(false),
      name: z.string().default(""),
      version: z.string().default(""),
      server: z.string().default(""),
      parameterization: parameterizationSchema.optional(),
      extensionParameterization: parameterizationSchema.optional(),
    })
    .default({ resource: false, name: "", version: "", server: "" }),
});
type PackageJson = z.infer<typeof packageSchema>;

const POLICY_PACK_FILES = ["PulumiPolicy.json", "PulumiPolicy.yaml", "PulumiPolicy.yml"];

export const getRequiredPackages = unary((request: languageProto.GetRequiredPackagesRequest) => {
  const found = packagesBelow(programInfo(request.getInfo()).programDirectory);
  warnOfIncompatibleSdks(found.sdkVersions);
  const response = new languageProto.GetRequiredPackagesResponse();
  response.setPackagesList(found.packages.map(packageDependency));
  return response;
});

export interface RequiredPackage {
  name: string;
  /** With a leading "v". */
  version: string;
  server: string;
  parameterization: PackageJson["pulumi"]["parameterization"];
  extension: PackageJson["pulumi"]["extensionParameterization"];
}

export interface PackagesBelow {
  packages: RequiredPackage[];
  /** Every @pulumi/pulumi found, by its package.json's path. */
  sdkVersions: Map<string, string>;
}

export function packagesBelow(directory: string): PackagesBelow {
  const found: PackagesBelow = { packages: [], sdkVersions: new Map() };
  walk(path.resolve(directory), false, new Set(), found);
  return found;
}

/** What cannot be read is left out, as the Go host leaves it out (it only logs why). */
function walk(directory: string, inNodeModules: boolean, visited: Set<string>, found: PackagesBelow): void {
  if (visited.has(directory)) return;
  visited.add(directory);
  let entries: Dirent[];
  try {
    entries = readdirSync(directory, { withFileTypes: true });
  } catch {
    return;
  }
  const belowNodeModules = inNodeModules || path.basename(directory) === "node_modules";
  for (const entry of entries) {
    let entryPath = path.join(directory, entry.name);
    let isDirectory = entry.isDirectory();
    if (entry.isSymbolicLink()) {
      try {
        entryPath = realpathSync(entryPath);
        isDirectory = statSync(entryPath).isDirectory();
      } catch {
        continue;
      }
    }
    if (isDirectory) {
      if (!POLICY_PACK_FILES.some((file) => isFile(path.join(entryPath, file)))) walk(entryPath, belowNodeModules, visited, found);
    } else if (inNodeModules && entry.name === "package.json") {
      readPackage(entryPath, found);
    }
  }
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function readPackage(file: string, found: PackagesBelow): void {
  let parsed: PackageJson;
  try {
    const result = packageSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
    if (!result.success) return;
    parsed = result.data;
  } catch {
    return;
  }
  if (parsed.name === "@pulumi/pulumi" && /^\d+\.\d+\.\d+/.test(parsed.version)) found.sdkVersions.set(file, parsed.version);
  if (!parsed.pulumi.resource) return;
  const name = pluginName(parsed);
  const version = parsed.pulumi.version || parsed.version;
  if (!name || !version) return;
  found.packages.push({
    name,
    version: version.startsWith("v") ? version : `v${version}`,
    server: parsed.pulumi.server,
    parameterization: parsed.pulumi.parameterization,
    extension: parsed.pulumi.extensionParameterization,
  });
}

/** The "pulumi" section's name; else an @pulumi/ package's own name; a third-party package must give one. */
function pluginName(manifest: PackageJson): string | undefined {
  if (manifest.pulumi.name) return manifest.pulumi.name;
  return manifest.name.startsWith("@pulumi/") ? manifest.name.slice("@pulumi/".length) : undefined;
}

function packageDependency(found: RequiredPackage): pluginProto.PackageDependency {
  const dependency = new pluginProto.PackageDependency();
  dependency.setName(found.name);
  dependency.setKind("resource");
  dependency.setVersion(found.version);
  dependency.setServer(found.server);
  if (found.parameterization) dependency.setParameterization(parameterization(found.parameterization));
  if (found.extension) dependency.setExtension$(parameterization(found.extension));
  return dependency;
}

function parameterization(given: z.infer<typeof parameterizationSchema>): pluginProto.PackageParameterization {
  const result = new pluginProto.PackageParameterization();
  result.setName(given.name);
  result.setVersion(given.version);
  // The package.json holds the bytes base64-encoded, as Go's encoding/json writes a []byte.
  result.setValue(Buffer.from(given.value, "base64"));
  return result;
}

/**
 * The Go host's check, for the SDKs of this era (3.x and later): one major version only. (Its rules
 * for pre-3.0 pairs are left out: no such SDK runs on this engine.)
 */
function warnOfIncompatibleSdks(versions: Map<string, string>): void {
  const [first, ...others] = [...versions.entries()];
  const major = (version: string) => version.split(".")[0];
  const differing = first && others.find(([, version]) => major(version) !== major(first[1]));
  if (!first || !differing) return;
  process.stderr.write(
    "Found incompatible versions of @pulumi/pulumi. Differing major versions are not supported.\n" +
      `  Version ${first[1]} referenced at ${first[0]}\n  Version ${differing[1]} referenced at ${differing[0]}\n`,
  );
}
