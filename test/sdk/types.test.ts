// The dynamic SDK's declared types (sdk/types) are what the generator writes from the zod schemas
// today, and say what those schemas accept and return: at compile time (the tsc run of
// test/architecture/typecheck.test.ts checks this file) for the functions and the Organization;
// test/sdk/shapes.test.ts does so for the resources.
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import type { FUNCTIONS } from "../../model/functions";
import type { organizationArgsSchema } from "../../model/organization";
import type { rosterSchema } from "../../model/roster/schema";
import { repoRoot } from "../../scripts/repo-root";
import { SDK_TYPES_DIR, sdkTypeFiles } from "../../scripts/sdk/types/sdk-type-files";
import type * as wandb from "../../sdk";

it("the committed sdk/types files are what the generator writes (else run `npm run gen-sdk-types`)", () => {
  const files = sdkTypeFiles();
  expect(readdirSync(path.join(repoRoot, SDK_TYPES_DIR)).map((file) => path.join(SDK_TYPES_DIR, file)).sort()).toEqual([...files.keys()].sort());
  for (const [file, text] of files) {
    expect(readFileSync(path.join(repoRoot, file), "utf8"), `${file} is stale: run \`npm run gen-sdk-types\` and commit it`).toBe(text);
  }
});

it("every property of every declared type has its description", () => {
  for (const [file, text] of sdkTypeFiles()) {
    const undocumented = text.split("\n").filter((line, i, lines) => /^\s+(readonly )?\w+\??: /.test(line) && !/\*\/$/.test(lines[i - 1] ?? ""));
    expect(undocumented, file).toEqual([]);
  }
});

type Args<Name extends keyof typeof FUNCTIONS> = z.input<(typeof FUNCTIONS)[Name]["args"]>;
type Result<Name extends keyof typeof FUNCTIONS> = z.output<(typeof FUNCTIONS)[Name]["result"]>;

describe("at compile time", () => {
  it("each function's types are those of its schemas", () => {
    type Declared = {
      getModels: [wandb.GetModelsArgs, wandb.GetModelsResult];
      getModel: [wandb.GetModelArgs, wandb.GetModelResult];
      getUser: [wandb.GetUserArgs, wandb.GetUserResult];
      getUsers: [wandb.GetUsersArgs, wandb.GetUsersResult];
      getTeam: [wandb.GetTeamArgs, wandb.GetTeamResult];
      getCustomRole: [wandb.GetCustomRoleArgs, wandb.GetCustomRoleResult];
    };
    expectTypeOf<keyof Declared>().toEqualTypeOf<keyof typeof FUNCTIONS>();
    expectTypeOf<Declared["getModels"]>().toEqualTypeOf<[Args<"getModels">, Result<"getModels">]>();
    expectTypeOf<Declared["getModel"]>().toEqualTypeOf<[Args<"getModel">, Result<"getModel">]>();
    expectTypeOf<Declared["getUser"]>().toEqualTypeOf<[Args<"getUser">, Result<"getUser">]>();
    expectTypeOf<Declared["getUsers"]>().toEqualTypeOf<[Args<"getUsers">, Result<"getUsers">]>();
    expectTypeOf<Declared["getTeam"]>().toEqualTypeOf<[Args<"getTeam">, Result<"getTeam">]>();
    expectTypeOf<Declared["getCustomRole"]>().toEqualTypeOf<[Args<"getCustomRole">, Result<"getCustomRole">]>();
  });

  it("the Organization's arguments and the roster are what their schemas accept", () => {
    expectTypeOf<wandb.OrganizationArgs>().toEqualTypeOf<z.input<typeof organizationArgsSchema>>();
    expectTypeOf<wandb.Roster>().toEqualTypeOf<z.input<typeof rosterSchema>>();
  });
});
