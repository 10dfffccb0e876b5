// The Team's storageBucket against the emulator over HTTP: checked at preview, sent on create only,
// kept as declared (W&B never shows it), and a change of it replaces the team.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { closeAllPools } from "../../../service";
import { team as impl, type TeamInputs } from "../../../provider/resources/team";
import { readState } from "../../../scripts/emulator-api";
import { unique } from "../../support/names";
import { operationFor } from "../../support/provider";

afterAll(() => closeAllPools());

/** The reference's Azure example (W&B's SCIM reference, Create team). */
const AZURE_BUCKET = {
  name: "wandbstorage",
  provider: "AZURE",
  path: "research/artifacts",
  azureTenantId: "12345678-1234-1234-1234-123456789012",
  azureClientId: "87654321-4321-4321-4321-210987654321",
};

describe("Team storageBucket", () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0 });
  });
  afterAll(() => emu.close());

  const heldBucket = async (name: string) => (await readState(emu)).teams.find((team: { displayName: string }) => team.displayName === name)?.storageBucket;

  async function checked(news: Record<string, unknown>): Promise<TeamInputs> {
    const result = await impl.check(operationFor(emu), {}, news);
    expect(result.failures ?? []).toEqual([]);
    return result.inputs as TeamInputs;
  }

  it("is checked at preview: name and provider required, the provider among the documented ones, a provider's own fields only on its buckets", async () => {
    const failures = async (storageBucket: unknown, extra: Record<string, unknown> = {}) =>
      (await impl.check(operationFor(emu), {}, { name: "lab", storageBucket, ...extra })).failures;
    expect(await failures({ provider: "GCP" })).toEqual([
      { property: "storageBucket.name", reason: "storageBucket.name must be a string: the bucket's name, e.g. \"acme-wandb-research\"" },
    ]);
    expect(await failures({ name: "b", provider: "S3" })).toEqual([
      { property: "storageBucket.provider", reason: "storageBucket.provider must be one of COREWEAVE, AWS, AZURE, GCP, MINIO (case-insensitive)" },
    ]);
    expect(await failures({ name: "b", provider: "GCP", azureTenantId: "t" })).toEqual([
      {
        property: "storageBucket.azureTenantId",
        reason: "storageBucket.azureTenantId is for a bucket of provider AZURE only, and this one's is GCP: remove it, or correct the provider",
      },
    ]);
    expect(await failures({ name: "b", provider: "GCP", region: "eu" })).toEqual([
      { property: "storageBucket.region", reason: "unknown property: remove it or correct its name; the accepted properties are name, provider, path, kmsKeyId, awsExternalId, azureTenantId, azureClientId" },
    ]);
    expect(await failures("my-bucket")).toEqual([{ property: "storageBucket", reason: 'storageBucket must be an object, got "my-bucket" (the team\'s own bucket, e.g. { name: "acme-wandb-research", provider: "AWS" })' }]);
    expect(await failures({ name: "b", provider: "GCP" }, { importId: "some-team-id" })).toEqual([
      {
        property: "storageBucket",
        reason: "W&B sets a team's storageBucket only when it creates the team, and never shows it: the team importId names exists, and keeps the bucket it has. Remove storageBucket",
      },
    ]);
    expect((await checked({ name: "lab", storageBucket: { name: "b", provider: " gcp " } })).storageBucket).toEqual({ name: "b", provider: "GCP" });
  });

  it("is sent on create, kept as declared by a read (W&B never shows it), and a change of it replaces the team, the old one first", async () => {
    const name = unique("byob");
    const inputs = await checked({ name, members: [], storageBucket: AZURE_BUCKET });
    const { id, outs } = await impl.create(operationFor(emu), inputs);
    expect(await heldBucket(name)).toEqual(AZURE_BUCKET);
    expect(outs.storageBucket).toEqual(AZURE_BUCKET);

    const read = await impl.read(operationFor(emu), id, outs);
    expect(read.props?.storageBucket).toEqual(AZURE_BUCKET);
    expect((await impl.diff(operationFor(emu), id, read.props!, inputs)).changes).toBe(false);

    const moved = await checked({ name, members: [], storageBucket: { ...AZURE_BUCKET, path: "research/v2" } });
    expect(await impl.diff(operationFor(emu), id, outs, moved)).toMatchObject({ changes: true, replaces: ["storageBucket"], deleteBeforeReplace: true });
    // Left out, it is no longer managed: no change.
    expect((await impl.diff(operationFor(emu), id, outs, await checked({ name, members: [] }))).changes).toBe(false);
  });

  it("a create with a bucket never takes over a team of that name, which cannot be told to hold it: it says to delete the old team in the web application", async () => {
    const name = unique("byob");
    await impl.create(operationFor(emu), await checked({ name, members: [] }));
    for (const adoptExisting of [false, true]) {
      const refused = impl.create(operationFor(emu), await checked({ name, members: [], adoptExisting, storageBucket: { name: "b", provider: "MINIO" } }));
      await expect(refused).rejects.toThrow(
        new RegExp(`^storageBucket: a team named "${name}" already exists, and W&B sets a team's storageBucket only when it creates the team, and never shows it\\. .*delete it in the W&B web application`),
      );
    }
    expect(await heldBucket(name)).toBeUndefined();
  });
});
