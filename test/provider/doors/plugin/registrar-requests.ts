// The registrar (provider/doors/plugin/registrar.ts) builds each child's RegisterResourceRequest as
// @pulumi/pulumi's runtime/resource.ts builds it for a `pulumi.CustomResource`: the same children,
// registered both ways against a monitor that records every request, give requests equal field by
// field, but for where in the source each was declared (which only the SDK knows). Both ways use
// the one copy of the SDK the test file loads: registrar.test.ts the locked one,
// registrar-oldest-sdk.test.ts the oldest package.json allows.
import * as pulumi from "@pulumi/pulumi";
import type * as resourceProto from "@pulumi/pulumi/proto/resource_pb";
import { afterEach, describe, expect, it } from "vitest";
import { tokenOf } from "../../../../model/tokens";
import { Registrar, type RegisteredChild, valueOf } from "../../../../provider/doors/plugin/registrar";

const ORGANIZATION = tokenOf("Organization");
const TEAM = tokenOf("Team");
const USER = tokenOf("User");
const ROLE = tokenOf("TeamRoleAssignment");

/** Where the SDK says a resource was declared: the registrar has no source to point at. */
const SOURCE_FIELDS = ["sourceposition", "stacktrace"];

type Recorded = Record<string, unknown>;

/** A monitor as Pulumi's mocks make it, which keeps each RegisterResourceRequest (source fields aside) by resource name. */
async function recordingMonitor(preview: boolean): Promise<Map<string, Recorded>> {
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => ({ id: args.custom ? `${args.name}-id` : undefined, state: args.inputs }),
      call: () => ({}),
    },
    "project",
    "stack",
    preview,
  );
  const recorded = new Map<string, Recorded>();
  const monitor = pulumi.runtime.getMonitor() as unknown as {
    registerResource(request: resourceProto.RegisterResourceRequest, callback: (error: unknown, response: unknown) => void): void;
  };
  const register = monitor.registerResource.bind(monitor);
  monitor.registerResource = (request, callback) => {
    const fields = request.toObject() as Recorded;
    for (const field of SOURCE_FIELDS) delete fields[field];
    recorded.set(request.getName(), fields);
    register(request, callback);
  };
  return recorded;
}

class Organization extends pulumi.ComponentResource {
  constructor(name: string, opts: pulumi.ComponentResourceOptions) {
    super(ORGANIZATION, name, {}, opts);
  }
}

/** A resource of the package as the SDK registers one. */
class Child extends pulumi.CustomResource {
  constructor(type: string, name: string, inputs: pulumi.Inputs, opts: pulumi.CustomResourceOptions) {
    super(type, name, inputs, opts);
  }
}

interface Declared {
  urn: pulumi.Output<string>;
  id: pulumi.Output<string>;
  name: pulumi.Output<string>;
}

/** How the children are declared: the SDK's resource, or the registrar's child. */
type Declare = (type: string, name: string, inputs: Record<string, unknown>, options: { dependsOn?: Declared[]; protect?: boolean }) => Declared;

/**
 * The children an Organization declares, in the shapes that matter to a request: plain inputs, a
 * secret, an Output of another child (a property dependency), an explicit dependency, protect set
 * on the child over the component's.
 */
function declareChildren(declare: Declare): Declared[] {
  const team = declare(TEAM, "acme/ml", { name: "ml", members: [], guardedBy: "acme" }, {});
  const user = declare(USER, "acme/ana", { userName: "ana", email: pulumi.secret("ana@example.com"), teams: [team.name] }, { dependsOn: [team] });
  const role = declare(ROLE, "acme/ml/ana", { user: user.id, teamName: team.name, roleName: "admin" }, { dependsOn: [team, user], protect: false });
  return [team, user, role];
}

/** Settles once every child is registered: its URN is the engine's answer. */
const registered = (children: Declared[]) => Promise.all(children.map((child) => valueOf(child.urn)));

/** The requests the SDK sends for the children, through `pulumi.CustomResource`. */
async function throughTheSdk(preview: boolean, optionsOf: () => pulumi.ComponentResourceOptions): Promise<Map<string, Recorded>> {
  const recorded = await recordingMonitor(preview);
  const parent = new Organization("acme", optionsOf());
  const children = declareChildren(
    (type, name, inputs, options) =>
      new Child(type, name, inputs, {
        parent,
        ...(options.dependsOn === undefined ? {} : { dependsOn: options.dependsOn as unknown as pulumi.Resource[] }),
        ...(options.protect === undefined ? {} : { protect: options.protect }),
      }) as unknown as Declared,
  );
  await registered(children);
  return recorded;
}

/** The requests the registrar sends for the same children. */
async function throughTheRegistrar(preview: boolean, optionsOf: () => pulumi.ComponentResourceOptions): Promise<Map<string, Recorded>> {
  const recorded = await recordingMonitor(preview);
  const componentOptions = optionsOf();
  const parent = new Organization("acme", componentOptions);
  // The cases give the component's providers by package, as the plugin's Construct hands them to the registrar.
  const providers = (componentOptions.providers ?? {}) as Record<string, pulumi.ProviderResource>;
  const registrar = new Registrar({ parent, protect: componentOptions.protect, providers }, 2);
  const children = declareChildren((type, name, inputs, options) =>
    registrar.register(type, name, inputs, {
      ...(options.dependsOn === undefined ? {} : { dependsOn: options.dependsOn as RegisteredChild[] }),
      ...(options.protect === undefined ? {} : { protect: options.protect }),
    }),
  );
  await registrar.settled();
  await registered(children);
  return recorded;
}

class WandbProvider extends pulumi.ProviderResource {
  constructor(name: string) {
    super("wandb", name, { baseUrl: "https://api.wandb.ai" });
  }
}

const CASES: [string, boolean, () => pulumi.ComponentResourceOptions][] = [
  ["an update, default provider", false, () => ({})],
  ["a preview, default provider", true, () => ({})],
  ["an update, the component protected with an explicit provider", false, () => ({ protect: true, providers: { wandb: new WandbProvider("explicit") } })],
];

/** The test of the registrar's requests against the SDK the calling test file loads, which `sdk` names. */
export function describeRegistrarRequests(sdk: string): void {
  afterEach(() => pulumi.runtime.resetOptions("project", "stack", -1, "", "", false, ""));

  describe(`the registrar's requests, on ${sdk}`, () => {
    it.each(CASES)("are the SDK's, field by field: %s", async (_label, preview, componentOptions) => {
      // The component's options are made in each run: an explicit provider is registered with that run's monitor.
      const sdk = await throughTheSdk(preview, componentOptions);
      const registrar = await throughTheRegistrar(preview, componentOptions);
      expect([...registrar.keys()].sort()).toEqual([...sdk.keys()].sort());
      for (const [name, request] of sdk) expect({ name, request: registrar.get(name) }).toEqual({ name, request });
    });
  });
}
