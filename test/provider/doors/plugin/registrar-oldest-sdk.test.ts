// The registrar's requests are the SDK's on the oldest @pulumi/pulumi package.json allows, which a
// plugin run from source may resolve to: package.json installs it beside the locked one, as
// pulumi-sdk-oldest, and this file takes every module of @pulumi/pulumi from it, the registrar's
// and the test's alike (vi.mock reaches every import below this file, not modules' own requires).
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { repoRoot } from "../../../../scripts/repo-root";
import { describeRegistrarRequests } from "./registrar-requests";

vi.mock("@pulumi/pulumi", () => import("pulumi-sdk-oldest"));
vi.mock("@pulumi/pulumi/proto/resource_pb", () => import("pulumi-sdk-oldest/proto/resource_pb"));
vi.mock("@pulumi/pulumi/output", () => import("pulumi-sdk-oldest/output"));
vi.mock("@pulumi/pulumi/provider/server", () => import("pulumi-sdk-oldest/provider/server"));
vi.mock("@pulumi/pulumi/runtime/dependsOn", () => import("pulumi-sdk-oldest/runtime/dependsOn"));
vi.mock("@pulumi/pulumi/runtime/settings", () => import("pulumi-sdk-oldest/runtime/settings"));
vi.mock("@pulumi/pulumi/runtime/state", () => import("pulumi-sdk-oldest/runtime/state"));
vi.mock("@pulumi/pulumi/utils", () => import("pulumi-sdk-oldest/utils"));

const manifestOf = (file: string) =>
  z
    .object({ version: z.string().default(""), dependencies: z.record(z.string(), z.string()).default({}) })
    .parse(JSON.parse(readFileSync(file, "utf8")));

const OLDEST = path.dirname(require.resolve("pulumi-sdk-oldest/package.json"));
const oldest = manifestOf(path.join(OLDEST, "package.json"));
const LOCKED = path.dirname(require.resolve("@pulumi/pulumi/package.json"));

describe("the oldest SDK", () => {
  it("is the version package.json's range of @pulumi/pulumi starts at", () => {
    const ours = manifestOf(path.join(repoRoot, "package.json"));
    expect(ours.dependencies["@pulumi/pulumi"]).toBe(`^${oldest.version}`);
  });
});

describeRegistrarRequests(`@pulumi/pulumi ${oldest.version}, the oldest supported`);

describe("the oldest SDK, after the comparison", () => {
  it("was the only @pulumi/pulumi loaded: the registrar and pulumi.CustomResource were both its", () => {
    const loaded = Object.keys(require.cache);
    const fromLocked = loaded.filter((file) => file.startsWith(LOCKED + path.sep));
    expect(fromLocked, "modules of the locked @pulumi/pulumi this file loaded: vi.mock each above").toEqual([]);
    expect(loaded).toContain(path.join(OLDEST, "runtime", "resource.js"));
  });
});
