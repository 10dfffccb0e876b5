// At preview, a dynamic User that the run will create (the stack's last state does not hold it, and
// it has no alias and imports nothing) with an email the organization lists under another userName
// fails the program, naming the resource, before anything is written: W&B would refuse its create
// with 409 (model/shapes/user `heldEmailRefusal`). The dynamic provider is handed no create at
// preview, so the program judges it once the engine has registered the resource (its check passed),
// from one listing of the users per run, read with the program's configuration as the functions read
// it; the native plugin judges the same at the create it plans (provider/kit/engine-calls
// `previewCreate`). Nothing is judged where the listing or the stack cannot be read: the create at
// `up` still fails with the service's 409.
import * as pulumi from "@pulumi/pulumi";
import { MockMonitor } from "@pulumi/pulumi/runtime/mocks";
import { credentialsRefused } from "../service";
import { identityOf } from "../model/identity";
import { newInThisRun } from "../program/last-state";
import { heldEmailRefusal, userInputs, type ListedUser } from "../model/shapes/user";
import { programAccess } from "./functions/clients";
import type { UserArgs } from "./types/resources";

const declaredKey = userInputs.pick({ userName: true, email: true });

/** Each run's listing of the users by email, read on first need: an Automation API host runs many programs, each with its own monitor. */
const listings = new WeakMap<object, Promise<ReadonlyMap<string, ListedUser> | undefined>>();

function usersByEmail(monitor: object): Promise<ReadonlyMap<string, ListedUser> | undefined> {
  let listing = listings.get(monitor);
  if (!listing) {
    listing = (async () => {
      const { client } = await programAccess.scim();
      return new Map((await client.listUsers()).map((user) => [identityOf("email", user.email), user] as const));
    })().catch((error: unknown) => {
      // Refused credentials fail the preview: no request of the run can succeed.
      if (credentialsRefused(error)) throw error;
      void pulumi.log.debug(`pulumi-wandb: the users could not be listed to judge new Users' emails at preview: ${String(error)}`);
      return undefined;
    });
    listings.set(monitor, listing);
  }
  return listing;
}

async function refusalOf(monitor: object, urn: string, name: string, written: { userName: string; email: string }): Promise<string | undefined> {
  const declared = declaredKey.safeParse(written);
  if (!declared.success || (await newInThisRun(urn)) !== true) return undefined;
  const users = await usersByEmail(monitor);
  return heldEmailRefusal(name, declared.data, users?.get(identityOf("email", declared.data.email)));
}

/** At preview, fails the program when W&B would certainly refuse to create the User `resource` declared as `name` with `args`. */
export function refuseHeldEmail(resource: pulumi.CustomResource, name: string, args: UserArgs, opts: pulumi.CustomResourceOptions | undefined): void {
  if (opts?.id !== undefined || opts?.import !== undefined || (opts?.aliases?.length ?? 0) > 0) return;
  const monitor = pulumi.runtime.getMonitor();
  if (!pulumi.runtime.isDryRun() || !monitor || monitor instanceof MockMonitor) return;
  // Written as Outputs, they may be unknown at preview: the create itself judges them.
  const { userName, email } = args;
  if (typeof userName !== "string" || typeof email !== "string") return;
  // Judged once the engine has registered the resource, so after its check passed: a check that fails
  // (a mistake in the inputs or the configuration) is told before any request, as through the plugin.
  resource.urn.apply((urn) => {
    // Keeps the program's connection to the engine until the judgement, and the refusal it may report, are done.
    const done = pulumi.runtime.rpcKeepAlive();
    const judged = refusalOf(monitor, urn, name, { userName, email }).then(
      (refusal) => {
        // Unhandled, as the program's own mistakes are: the engine shows the message alone, on the resource, and the preview fails.
        if (refusal !== undefined) throw new pulumi.ResourceError(refusal, resource, true);
      },
      (error: unknown) => {
        throw new pulumi.ResourceError(error instanceof Error ? error.message : String(error), resource, true);
      },
    );
    // Released only after a refusal is reported: unhandled rejections are handled before the loop's next turn.
    void judged.finally(() => setImmediate(done));
  });
}
