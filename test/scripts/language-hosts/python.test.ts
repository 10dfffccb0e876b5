// The Python language host stand-in's reading of Pulumi.yaml options and of the packages installed
// in a program's environment (the run itself is shown through the engine, in
// test/lifecycle/python-program.test.ts).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pluginVersionOf, requiredPackages } from "../../../scripts/language-hosts/python-packages";
import { parsePythonOptions, virtualenvPath } from "../../../scripts/language-hosts/python-toolchain";

const scratch = mkdtempSync(path.join(os.tmpdir(), "python-host-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("runtime options", () => {
  const project = path.join(scratch, "project");
  mkdirSync(path.join(project, "src"), { recursive: true });

  it("resolve a virtualenv against the project's root, not the program's folder", () => {
    const options = parsePythonOptions(project, path.join(project, "src"), { virtualenv: "venv" });
    expect(virtualenvPath(options)).toBe(path.join(project, "venv"));
    expect(virtualenvPath(parsePythonOptions(project, project, { virtualenv: "/opt/env" }))).toBe("/opt/env");
  });

  it("name no virtualenv for a program that names none, and `venv` for a plugin", () => {
    expect(virtualenvPath(parsePythonOptions(project, project, {}))).toBeUndefined();
    expect(virtualenvPath(parsePythonOptions(project, project, {}, true))).toBe(path.join(project, "venv"));
  });

  it.each([
    [{ virtualenv: 3 }, "virtualenv option must be a string"],
    [{ toolchain: "conda" }, "unsupported toolchain option: conda"],
    [{ toolchain: "uv" }, "the uv toolchain is not provided by this stand-in"],
    [{ typechecker: "mypy" }, "the typechecker option (mypy) is not provided by this stand-in"],
  ])("refuse %j", (options, message) => {
    expect(() => parsePythonOptions(project, project, options)).toThrow(message);
  });

  it("refuse a program under a poetry.lock, as it picks the poetry toolchain", () => {
    writeFileSync(path.join(project, "poetry.lock"), "");
    try {
      expect(() => parsePythonOptions(project, path.join(project, "src"), {})).toThrow(/poetry\.lock asks for the poetry toolchain/);
    } finally {
      rmSync(path.join(project, "poetry.lock"));
    }
  });
});

describe("plugin versions from package versions", () => {
  it.each([
    ["1", "1.0.0"],
    ["1.2", "1.2.0"],
    ["1.2.3", "1.2.3"],
    ["1.2.3a4", "1.2.3-alpha.4"],
    ["1.2.3b4", "1.2.3-beta.4"],
    ["1.2.3rc4", "1.2.3-rc.4"],
    ["1.2.3.post4", "1.2.3+post4"],
    ["1.2.3.dev5", "1.2.3+dev5"],
    ["1.2.3.post4.dev5", "1.2.3+post4dev5"],
    ["1!2.0", undefined],
    ["1.2.3+local", undefined],
  ])("%s -> %s", (packageVersion, pluginVersion) => {
    expect(pluginVersionOf(packageVersion)).toBe(pluginVersion);
  });
});

describe("required packages", () => {
  const venv = path.join(scratch, "venv");
  let sitePackages: string;

  /** A distribution as pip leaves it: its metadata, and a package folder with an optional pulumi-plugin.json. */
  function install(name: string, version: string, pluginJson?: object): void {
    const module = name.replace(/-/g, "_");
    const distInfo = path.join(sitePackages, `${module}-${version}.dist-info`);
    mkdirSync(distInfo, { recursive: true });
    writeFileSync(path.join(distInfo, "METADATA"), `Metadata-Version: 2.1\nName: ${name}\nVersion: ${version}\n`);
    mkdirSync(path.join(sitePackages, module), { recursive: true });
    writeFileSync(path.join(sitePackages, module, "__init__.py"), "");
    if (pluginJson) writeFileSync(path.join(sitePackages, module, "pulumi-plugin.json"), JSON.stringify(pluginJson));
  }

  beforeAll(() => {
    execFileSync("python3", ["-m", "venv", "--without-pip", venv]);
    const python = path.join(venv, "bin", "python");
    sitePackages = execFileSync(python, ["-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], { encoding: "utf8" }).trim();
    install("pulumi_wandb", "0.1.0", { resource: true, name: "wandb", version: "0.1.0", server: "https://example.test/plugins" });
    install("pulumi-foo", "1.2.3a4");
    install("pulumi-docs", "1.0.0", { resource: false });
    install("pulumi-policy", "1.20.0");
    install("pulumi-epoch", "1!2.0");
    install("pulumi_param", "2.0.0", {
      resource: true,
      name: "terraform-provider",
      version: "0.8.0",
      parameterization: { name: "mycloud", version: "1.0.0", value: Buffer.from("args").toString("base64") },
    });
    install("requests", "2.32.0");
  }, 60_000);

  it("are the installed Pulumi packages' resource plugins", async () => {
    const found = await requiredPackages(parsePythonOptions(scratch, scratch, { virtualenv: venv }));
    expect(found.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: "foo", version: "v1.2.3-alpha.4", server: "" },
      {
        name: "terraform-provider",
        version: "v0.8.0",
        server: "",
        parameterization: { name: "mycloud", version: "1.0.0", value: Buffer.from("args").toString("base64") },
      },
      { name: "wandb", version: "v0.1.0", server: "https://example.test/plugins" },
    ]);
  });
});
