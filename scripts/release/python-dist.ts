// The Python SDK as PyPI will serve it: a wheel and an sdist of sdk/python, built with Python's
// `build` from a copy (the build leaves nothing in the tree), the README beside it as its
// pyproject names. Its pulumi-plugin.json names the plugin's version and `server`, so the engine
// knows which plugin a program on it needs and where to fetch it.
import { execFileSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { repoRoot } from "../repo-root";

/** The build tools, pinned, in an environment of their own, so that a build needs no network once made. */
const BUILD_TOOLS = ["build==1.6.1", "setuptools==80.9.0"];

function buildPython(cacheDir: string): string {
  const venv = path.join(cacheDir, "python-build");
  const python = path.join(venv, "bin", "python");
  const stamp = path.join(venv, ".pulumi-wandb-tools");
  const wanted = BUILD_TOOLS.join(" ");
  if (existsSync(python) && existsSync(stamp) && readFileSync(stamp, "utf8") === wanted) return python;
  rmSync(venv, { recursive: true, force: true });
  execFileSync("python3", ["-m", "venv", venv], { stdio: ["ignore", "ignore", "inherit"] });
  execFileSync(python, ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", ...BUILD_TOOLS], { stdio: ["ignore", "ignore", "inherit"] });
  writeFileSync(stamp, wanted);
  return python;
}

/** Writes pulumi_wandb-<version>-py3-none-any.whl and pulumi_wandb-<version>.tar.gz into `out`. */
export function pythonDistributions(version: string, out: string, cacheDir: string): string[] {
  const python = buildPython(cacheDir);
  const source = mkdtempSync(path.join(os.tmpdir(), "pulumi-wandb-python-"));
  try {
    cpSync(path.join(repoRoot, "sdk", "python"), source, { recursive: true, filter: (from) => !from.includes("__pycache__") });
    copyFileSync(path.join(repoRoot, "README.md"), path.join(source, "README.md"));
    execFileSync(python, ["-m", "build", "--no-isolation", "--sdist", "--wheel", "--outdir", out, source], { stdio: ["ignore", "ignore", "inherit"] });
  } finally {
    rmSync(source, { recursive: true, force: true });
  }
  const built = [`pulumi_wandb-${version}-py3-none-any.whl`, `pulumi_wandb-${version}.tar.gz`].map((file) => path.join(out, file));
  for (const file of built) if (!existsSync(file)) throw new Error(`python -m build wrote no ${path.basename(file)}: is sdk/python's version ${version}? run \`npm run gen-sdk\``);
  return built;
}
