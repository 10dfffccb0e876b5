// The npm packages as the registry will serve them:
// - @pulumi-wandb/wandb, the SDK generated for Node.js (sdk/nodejs), compiled as Pulumi's providers
//   publish theirs: JavaScript and declarations beside a copy of its package.json, packed from there;
// - pulumi-wandb itself (the dynamic resources, the emulator), packed from dist/ as the release's
//   setup compiled it; installing it from a git URL compiles it the same way, through `prepare`.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { repoRoot } from "../repo-root";

/** `npm pack <folder>` into `out` (its scripts not run: what it packs is built already); the file npm wrote. */
function pack(folder: string, out: string): string {
  const written = execFileSync("npm", ["pack", folder, "--pack-destination", out, "--silent", "--ignore-scripts"], { cwd: folder, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  return path.join(out, written.trim().split("\n").pop()!);
}

function generatedNodeSdk(out: string): string {
  const sdk = path.join(repoRoot, "sdk", "nodejs");
  const staged = mkdtempSync(path.join(os.tmpdir(), "pulumi-wandb-nodejs-sdk-"));
  try {
    // Compiled where it lies, so that @pulumi/pulumi and @types/node resolve from this package's node_modules.
    execFileSync(path.join(repoRoot, "node_modules", ".bin", "tsc"), ["-p", path.join(sdk, "tsconfig.json"), "--outDir", staged], { stdio: "inherit" });
    copyFileSync(path.join(sdk, "package.json"), path.join(staged, "package.json"));
    copyFileSync(path.join(sdk, "README.md"), path.join(staged, "README.md"));
    return pack(staged, out);
  } finally {
    rmSync(staged, { recursive: true, force: true });
  }
}

/** pulumi-wandb's own tarball, packed from dist/ as it stands. */
export function packageTarball(out: string): string {
  return pack(repoRoot, out);
}

export function npmTarballs(out: string): string[] {
  return [generatedNodeSdk(out), packageTarball(out)];
}
