// A user installs pulumi-wandb from the release files alone, in folders outside this repository
// with a PULUMI_HOME of their own: the plugin archive through `pulumi plugin install --file` (and
// from a loopback server standing in for the release host), a Python program on the wheel in its
// own venv, TypeScript on the generated Node.js SDK's tarball and on pulumi-wandb's tarball, a YAML
// program with only the CLI, its YAML host and the installed plugin. Only the engine (with its
// language hosts) and the emulator come from here. The users' programs run on the oldest Pulumi
// SDKs the package supports (package.json's engines.pulumi), the suite's on the newest.
import { execFile } from "node:child_process";
import { createServer, type Server } from "node:http";
import { copyFileSync, createReadStream, existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import * as emptyProto from "google-protobuf/google/protobuf/empty_pb";
import * as pluginProto from "@pulumi/pulumi/proto/plugin_pb";
import * as providerProto from "@pulumi/pulumi/proto/provider_pb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultSeed, startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorApi } from "../../scripts/emulator-api";
import { isolatedEnvironment, pinnedCli as pulumi } from "../../scripts/engine";
import { hostPlatform, pluginArchiveName } from "../../scripts/release/platforms";
import { emulatorConfig, openStack, repoRoot, type StackHandle } from "../support/pulumi";
import { startPlugin } from "../support/plugin-process";
import { everyDeclarationProgram, SEEDED_ROLE } from "../support/every-declaration";
import { SCHEMA_FILE } from "../../provider/schema/committed-schema";
import { OLDEST_SUPPORTED } from "../../scripts/setup/pulumi-versions";

const run = promisify(execFile);
const { version } = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { version: string };
const user = mkdtempSync(path.join(os.tmpdir(), "pulumi-wandb-user-"));
const release = path.join(user, "release");
const archive = path.join(release, pluginArchiveName(version, hostPlatform()));

let emulator: RunningEmulator;
beforeAll(async () => {
  await run(path.join(repoRoot, "node_modules", ".bin", "node"), [path.join(repoRoot, "dist", "scripts", "release", "release.js"), "--out", release], { cwd: repoRoot, maxBuffer: 16 << 20 });
  emulator = await startEmulator({ port: 0, seed: { ...defaultSeed(), roles: [SEEDED_ROLE] } });
}, 600_000);
afterAll(async () => {
  await emulator?.close();
  rmSync(user, { recursive: true, force: true });
});

it("builds every release file at the package's version, with their checksums", () => {
  const files = [
    pluginArchiveName(version, hostPlatform()),
    `pulumi_wandb-${version}-py3-none-any.whl`,
    `pulumi_wandb-${version}.tar.gz`,
    `pulumi-wandb-wandb-${version}.tgz`,
    `pulumi-wandb-${version}.tgz`,
  ];
  const sums = readFileSync(path.join(release, "checksums.txt"), "utf8").trim().split("\n");
  expect(sums.map((line) => line.split(/\s+/)[1])).toEqual([...files].sort());
  for (const file of files) expect(existsSync(path.join(release, file)), file).toBe(true);
});

it("the plugin executable answers the engine with no node on PATH", async () => {
  const unpacked = path.join(user, "unpacked");
  mkdirSync(unpacked);
  await run("tar", ["-xzf", archive, "-C", unpacked]);
  expect(existsSync(path.join(unpacked, "PulumiPlugin.yaml")), "a PulumiPlugin.yaml would make it a source plugin").toBe(false);
  const plugin = await startPlugin({ PATH: path.join(user, "no-such-folder") }, [path.join(unpacked, hostPlatform().executable)]);
  try {
    const info = await plugin.call<emptyProto.Empty, pluginProto.PluginInfo>("getPluginInfo", new emptyProto.Empty());
    expect(info.getVersion()).toBe(version);
    const schema = await plugin.call<providerProto.GetSchemaRequest, providerProto.GetSchemaResponse>("getSchema", new providerProto.GetSchemaRequest());
    expect(JSON.parse(schema.getSchema())).toMatchObject({ name: "wandb", version, pluginDownloadURL: "github://api.github.com/pulumi-wandb/pulumi-wandb" });
    expect(schema.getSchema(), "the executable serves the committed schema, carried inside it").toBe(readFileSync(path.join(repoRoot, SCHEMA_FILE), "utf8"));
  } finally {
    await plugin.stop();
  }
});

it("the engine installs the plugin from a release host (a loopback server standing in for it)", async () => {
  const server: Server = createServer((request, response) => {
    const file = path.join(release, path.basename(request.url ?? ""));
    if (!existsSync(file)) return void response.writeHead(404).end();
    response.writeHead(200, { "content-type": "application/gzip", "content-length": statSync(file).size });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const env = { ...process.env, PULUMI_HOME: path.join(user, "download-home"), PULUMI_SKIP_UPDATE_CHECK: "true" };
    const host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await run(pulumi, ["plugin", "install", "resource", "wandb", `v${version}`, "--server", host], { env });
    const { stdout } = await run(pulumi, ["plugin", "ls", "--json"], { env });
    expect(JSON.parse(stdout)).toContainEqual(expect.objectContaining({ name: "wandb", kind: "resource", version }));
  } finally {
    server.close();
  }
});

/** A program's folder of the user's, outside the repository. */
function programFolder(name: string, files: Record<string, string>): string {
  const dir = path.join(user, name);
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  return dir;
}

/** A stack of a user's program, its scratch outside the repository, with the plugin installed from the archive. */
async function userStack(dir: string, env: Record<string, string> = {}): Promise<StackHandle> {
  const stack = await openStack({ dir }, { config: emulatorConfig(emulator), scratchRoot: user, env, checkpointEachStep: true });
  await run(pulumi, ["plugin", "install", "resource", "wandb", `v${version}`, "--file", archive], { env: stack.env });
  return stack;
}

const userNames = async () =>
  ((await emulatorApi(emulator).scim("GET", "/Users")) as { Resources: { userName: string; displayName?: string; id: string }[] }).Resources;

describe("Python, on the wheel in a venv of its own", () => {
  let stack: StackHandle;
  beforeAll(async () => {
    const venv = path.join(user, "py-venv");
    await run("python3", ["-m", "venv", venv]);
    await run(path.join(venv, "bin", "python"), ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", `pulumi==${OLDEST_SUPPORTED}`, path.join(release, `pulumi_wandb-${version}-py3-none-any.whl`)]);
    const dir = programFolder("py-org", {
      "Pulumi.yaml": `name: py-org\nruntime:\n  name: python\n  options:\n    virtualenv: ${venv}\n`,
      "__main__.py": [
        "import pulumi",
        "import pulumi_wandb as wandb",
        "",
        'ada = wandb.User("ada", user_name="py-ada", email="py-ada@example.com", display_name="Ada L")',
        'ben = wandb.User("ben", user_name="py-ben", email="py-ben@example.com", display_name="Ben K")',
        'team = wandb.Team("vision", name="py-vision", members=[ada.id, ben.id])',
        'pulumi.export("ada_id", ada.id)',
        "",
      ].join("\n"),
    });
    // Only the engine's own folder on PATH: no node, no python3; the venv is named by Pulumi.yaml.
    stack = await userStack(dir, { PATH: path.join(repoRoot, ".tools", "bin") });
  }, 300_000);
  afterAll(() => stack?.dispose());

  it("ups, finds drift made by hand at refresh, repairs it, previews no change, and destroys", async () => {
    const up = await stack.up();
    expect(up.changes).toMatchObject({ create: 4 });
    const adaId = up.outputs["ada_id"] as string;
    await emulatorApi(emulator).scim("PATCH", `/Users/${adaId}`, {
      schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
      Operations: [{ op: "replace", path: "displayName", value: "Changed by hand" }],
    });
    expect((await stack.refresh()).changes).toMatchObject({ update: 1 });
    expect((await stack.up()).changes).toMatchObject({ update: 1 });
    expect((await userNames()).find((held) => held.id === adaId)?.displayName).toBe("Ada L");
    const preview = await stack.preview();
    expect(preview.changes).toEqual({ same: 4 });
    await stack.destroy();
    expect((await userNames()).map((held) => held.userName)).not.toContain("py-ada");
  }, 300_000);
});

describe("YAML, with only the CLI, its YAML host and the plugin installed from the archive", () => {
  /** A folder holding the CLI and pulumi-language-yaml, and nothing else: the user's whole PATH. */
  function cliOnlyBin(): string {
    const bin = path.join(user, "yaml-bin");
    mkdirSync(bin);
    // The engine looks for its language hosts beside its own executable: a link of its file here,
    // not a symlink to .tools/bin, where the Node.js and Python stand-ins are.
    try {
      linkSync(pulumi, path.join(bin, "pulumi"));
    } catch {
      copyFileSync(pulumi, path.join(bin, "pulumi"));
    }
    symlinkSync(realpathSync(path.join(repoRoot, ".tools", "bin", "pulumi-language-yaml")), path.join(bin, "pulumi-language-yaml"));
    return bin;
  }

  const resolvable = (command: string, PATH: string) => PATH.split(path.delimiter).some((folder) => existsSync(path.join(folder, command)));

  it("ups and destroys a YAML program, with neither node nor python3 on PATH", async () => {
    const bin = cliOnlyBin();
    const dir = programFolder("yaml-org", {
      "Pulumi.yaml": [
        "name: yaml-org",
        "runtime: yaml",
        "variables:",
        "  models:",
        "    fn::invoke: { function: wandb:index:getModels, arguments: {}, return: ids }",
        "resources:",
        "  ada:",
        "    type: wandb:index:User",
        "    properties: { userName: yaml-ada, email: yaml-ada@example.com, displayName: Ada L }",
        "  vision:",
        "    type: wandb:index:Team",
        "    properties: { name: yaml-vision, members: ['${ada.id}'] }",
        "outputs:",
        "  adaId: ${ada.id}",
        "  inferenceModels: ${models}",
        "",
      ].join("\n"),
    });
    // The API key reaches the plugin as WANDB_API_KEY, so that no command line (nor a failed command's message) holds it.
    const { "wandb:apiKey": apiKey, ...settings } = emulatorConfig(emulator);
    const env = { ...isolatedEnvironment(path.join(user, "yaml-scratch")), PATH: bin, HOME: user, WANDB_API_KEY: apiKey!.value };
    const cli = (...args: string[]) => run(path.join(bin, "pulumi"), args, { cwd: dir, env, maxBuffer: 16 << 20 });
    for (const command of ["node", "python3", "pulumi-language-nodejs", "pulumi-language-python"]) expect(resolvable(command, env.PATH), command).toBe(false);
    await cli("plugin", "install", "resource", "wandb", `v${version}`, "--file", archive);
    await cli("stack", "init", "dev");
    for (const [key, { value }] of Object.entries(settings)) await cli("config", "set", key, value);

    const up = await cli("up", "--yes", "--skip-preview", "--color", "never");
    expect(up.stdout).toMatch(/\+ 3 created/);
    const outputs = JSON.parse((await cli("stack", "output", "--json")).stdout) as { adaId: string; inferenceModels: string[] };
    expect(outputs.inferenceModels.length).toBeGreaterThan(0);
    expect((await userNames()).find((held) => held.id === outputs.adaId)?.userName).toBe("yaml-ada");
    const destroyed = await cli("destroy", "--yes", "--skip-preview", "--color", "never");
    expect(destroyed.stdout).toMatch(/- 3 deleted/);
    expect((await userNames()).map((held) => held.userName)).not.toContain("yaml-ada");
  }, 300_000);
});

describe("pulumi-wandb's tarball, installed as the README says into a fresh `npm init -y` project", () => {
  const tarball = path.join(release, `pulumi-wandb-${version}.tgz`);
  const project = path.join(user, "fresh-project");
  let installOutput = "";
  beforeAll(async () => {
    mkdirSync(project);
    await run("npm", ["init", "-y"], { cwd: project });
    // The README's line, the tarball for the registry's name; from npm's cache where it can.
    const { stdout, stderr } = await run("npm", ["install", "--prefer-offline", "--no-fund", "--no-audit", tarball, "@pulumi/pulumi"], { cwd: project, maxBuffer: 16 << 20 });
    installOutput = `${stdout}\n${stderr}`;
  }, 300_000);

  it("carries a package.json of runtime fields only: no scripts (no prepare for npm to flag), no devDependencies", async () => {
    const { stdout } = await run("tar", ["-xzOf", tarball, "package/package.json"]);
    const published = JSON.parse(stdout) as Record<string, unknown>;
    const source = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as Record<string, unknown>;
    expect(published["scripts"]).toBeUndefined();
    expect(published["devDependencies"]).toBeUndefined();
    for (const field of ["name", "version", "main", "types", "exports", "bin", "files", "engines", "dependencies"]) expect(published[field], field).toEqual(source[field]);
  });

  it("installs with no warning that names pulumi-wandb", () => {
    expect(installOutput.split("\n").filter((line) => /warn/i.test(line) && line.includes("pulumi-wandb"))).toEqual([]);
  });

  it("its commands' --help name them as users type them", async () => {
    const help = async (command: string, ...args: string[]) => (await run(process.execPath, [path.join(project, "node_modules", ".bin", command), ...args, "--help"])).stdout;
    expect(await help("wandb-emulator")).toMatch(/^usage: wandb-emulator /);
    expect(await help("pulumi-wandb")).toMatch(/^usage: pulumi-wandb <command>/);
    for (const subcommand of ["audit", "export", "review"]) expect(await help("pulumi-wandb", subcommand)).toMatch(new RegExp(`^usage: pulumi-wandb ${subcommand} `));
  });
});

describe("TypeScript, on the release's npm tarballs", () => {
  // One `npm install` for both programs, in the folder above them (as in a user's monorepo): their
  // folders resolve @pulumi/pulumi and the SDKs from it.
  beforeAll(async () => {
    const dependencies = {
      "@pulumi/pulumi": OLDEST_SUPPORTED,
      "@pulumi-wandb/wandb": `file:${path.join(release, `pulumi-wandb-wandb-${version}.tgz`)}`,
      "pulumi-wandb": `file:${path.join(release, `pulumi-wandb-${version}.tgz`)}`,
    };
    writeFileSync(path.join(user, "package.json"), JSON.stringify({ name: "a-users-programs", private: true, dependencies }, null, 2));
    await run("npm", ["install", "--no-fund", "--no-audit", "--silent"], { cwd: user });
  }, 300_000);

  it("installs with one @pulumi/pulumi, the user's oldest supported one, which both packages accept", () => {
    const pulumiUnder = (folder: string) => path.join(folder, "node_modules", "@pulumi", "pulumi");
    expect(JSON.parse(readFileSync(path.join(pulumiUnder(user), "package.json"), "utf8"))).toMatchObject({ version: OLDEST_SUPPORTED });
    for (const dependent of ["pulumi-wandb", "@pulumi-wandb/wandb"]) {
      expect(existsSync(pulumiUnder(path.join(user, "node_modules", dependent))), `${dependent} brought its own @pulumi/pulumi`).toBe(false);
    }
  });

  /** Ups and destroys a TypeScript program that makes one user and one team. */
  async function upAndDestroy(name: string, module: string, stackOf: (dir: string) => Promise<StackHandle>): Promise<void> {
    const dir = programFolder(name, {
      "Pulumi.yaml": `name: ${name}\nruntime: nodejs\n`,
      "package.json": JSON.stringify({ name, private: true, main: "index.ts" }),
      "index.ts": [
        `import * as wandb from "${module}";`,
        `const member = new wandb.User("member", { userName: "${name}-member", email: "${name}-member@example.com" });`,
        `new wandb.Team("team", { name: "${name}-team", members: [member.id] });`,
        "",
      ].join("\n"),
    });
    const stack = await stackOf(dir);
    try {
      expect((await stack.up()).changes).toMatchObject({ create: 3 });
      expect((await userNames()).map((held) => held.userName)).toContain(`${name}-member`);
      await stack.destroy();
      expect((await userNames()).map((held) => held.userName)).not.toContain(`${name}-member`);
    } finally {
      await stack.dispose();
    }
  }

  const dynamicStack = (dir: string, env: Record<string, string> = {}) => openStack({ dir }, { config: emulatorConfig(emulator), scratchRoot: user, env, checkpointEachStep: true });

  it("on the generated Node.js SDK and the installed plugin: up and destroy", () => upAndDestroy("ts-native", "@pulumi-wandb/wandb", userStack), 300_000);

  it("on pulumi-wandb (dynamic resources): up and destroy", () => upAndDestroy("ts-dynamic", "pulumi-wandb", dynamicStack), 300_000);

  /**
   * Previews a program that declares every resource, an Organization and every function, type
   * checked (as a user's program is, unlike the suite's) by the TypeScript @pulumi/pulumi vendors
   * (3.8.3): the users' folders have no typescript.
   */
  async function previewEverything(name: string, module: string, stackOf: (dir: string, env: Record<string, string>) => Promise<StackHandle>): Promise<void> {
    expect(existsSync(path.join(user, "node_modules", "typescript")), "a program here must compile with @pulumi/pulumi's own TypeScript").toBe(false);
    const dir = programFolder(name, {
      "Pulumi.yaml": `name: ${name}\nruntime: nodejs\n`,
      "package.json": JSON.stringify({ name, private: true, main: "index.ts" }),
      "index.ts": everyDeclarationProgram({ module, prefix: name, dynamic: module === "pulumi-wandb" }),
    });
    const stack = await stackOf(dir, { PULUMI_NODEJS_TRANSPILE_ONLY: "false" });
    try {
      const preview = await stack.preview();
      expect(preview.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      // The stack, 9 resources, the Organization and its 6 children (a user, a custom role, a team, a team role, a registry role, the guard).
      expect(preview.changes).toEqual({ create: 17 });
    } finally {
      await stack.dispose();
    }
  }

  it("on the generated Node.js SDK: a program declaring everything compiles without typescript, and previews", () =>
    previewEverything("every-native", "@pulumi-wandb/wandb", userStack), 300_000);

  it("on pulumi-wandb: a program declaring everything compiles without typescript, and previews", () =>
    previewEverything("every-dynamic", "pulumi-wandb", dynamicStack), 300_000);
});
