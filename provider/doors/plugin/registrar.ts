// The Organization's children on the native plugin's door, registered with the engine's resource
// monitor without a `pulumi.CustomResource` each. The SDK's registration of one resource keeps some
// 270 promises and 390 closures live (a stack trace kept with each) for as long as the resource
// waits, and every child of a roster waits for its guard at once: 2,000 users held the plugin at
// 650–900 MB. Here a child is its request's parts until a slot frees (a bounded number are in
// flight), then one RegisterResource built as @pulumi/pulumi's runtime/resource.ts builds it for a
// custom resource: its inputs through the runtime's own serializer (secrets, unknowns, resource
// references, the resources each property depends on), the same parent, provider, dependencies and
// flags, so that the engine sees the same resources, URNs, state and preview. A child's outputs
// (`urn`, `id`, `name`) are Outputs as the SDK resolves them, made only when something reads them.
import * as grpc from "@grpc/grpc-js";
import * as pulumi from "@pulumi/pulumi";
import * as resourceProto from "@pulumi/pulumi/proto/resource_pb";
import * as structProto from "google-protobuf/google/protobuf/struct_pb";
import type { NamedChild } from "../../../program/organization";
import { resourceReferencesDisabled, SettlingOutput, terminateRpcs, urnsOfDependencies } from "./pulumi-internals";

/** What the engine answered a registration, which the child's outputs are read from. */
class Answer {
  private standInResource: pulumi.Resource | undefined;

  constructor(
    readonly urn: string,
    /** Undefined while the object is not known (a create at preview). */
    readonly id: string | undefined,
    /** Each property the child ends with, as the runtime resolves a resource's outputs (runtime/resource.ts resolveOutputs). */
    readonly properties: Record<string, unknown>,
    /** The resources each output depends on, as the engine answered. */
    readonly dependencies: Record<string, readonly string[]>,
    /** Whether a property the child does not end with is known (absent) rather than unknown: in an update whose outputs are all known. */
    readonly absentKnown: boolean,
  ) {}

  /** The child, as the resources an Output read from it depends on. */
  get standIn(): pulumi.Resource {
    return (this.standInResource ??= new pulumi.DependencyResource(this.urn));
  }
}

/** As the runtime resolves an output: a value undefined where it is not known. */
interface OutputParts<T> {
  value: T | undefined;
  known: boolean;
  secret: boolean;
  resources: pulumi.Resource[];
}

/** An Output of a child, settled from its answer; never settled when its registration fails (the registrar reports that). */
function outputOf<T>(answered: Promise<Answer>, read: (answer: Answer) => OutputParts<T>): pulumi.Output<T> {
  const parts = answered.then(read);
  return new SettlingOutput<T>(
    new Set(),
    parts.then((part) => part.value),
    parts.then((part) => part.known),
    parts.then((part) => part.secret),
    parts.then((part) => part.resources),
  );
}

/** The options a child is registered with: the children it waits for, and protect where the component's is overridden. */
export interface RegistrationOptions {
  dependsOn?: readonly RegisteredChild[];
  protect?: boolean;
}

/** A child as declared, then as registered: its outputs are what the engine answered. */
export class RegisteredChild implements NamedChild {
  private answer!: (answer: Answer) => void;
  readonly answered = new Promise<Answer>((resolve) => (this.answer = resolve));
  private outputs: { urn?: pulumi.Output<string>; id?: pulumi.Output<string>; name?: pulumi.Output<string> } = {};

  constructor(
    readonly type: string,
    readonly resourceName: string,
    readonly inputs: Record<string, unknown>,
    readonly options: RegistrationOptions,
  ) {}

  answeredWith(answer: Answer): void {
    this.answer(answer);
  }

  get urn(): pulumi.Output<string> {
    return (this.outputs.urn ??= outputOf(this.answered, (answer) => ({ value: answer.urn, known: true, secret: false, resources: [answer.standIn] })));
  }

  get id(): pulumi.Output<string> {
    // As the runtime's: undefined and unknown until the object is known.
    return (this.outputs.id ??= outputOf(this.answered, (answer) => ({
      value: answer.id,
      known: answer.id !== undefined,
      secret: false,
      resources: [answer.standIn],
    })));
  }

  get name(): pulumi.Output<string> {
    return (this.outputs.name ??= outputOf(this.answered, (answer) => propertyOutput(answer, "name")));
  }

  /** The people of an OrganizationMembers child, by userName. */
  get members(): pulumi.Output<Record<string, { id: string }>> {
    return this.output("members") as pulumi.Output<Record<string, { id: string }>>;
  }

  /** Any property of the child's state, made when something reads it. */
  output(property: string): pulumi.Output<unknown> {
    return outputOf(this.answered, (answer) => propertyOutput(answer, property));
  }
}

/** An output property as the runtime resolves it (runtime/rpc.ts resolveProperties): secret unwrapped, unknown where absent. */
function propertyOutput<T = string>(answer: Answer, key: string): OutputParts<T> {
  const present = Object.prototype.hasOwnProperty.call(answer.properties, key);
  const value: unknown = answer.properties[key];
  const resources = [...(answer.dependencies[key] ?? []).map((urn) => new pulumi.DependencyResource(urn)), answer.standIn];
  if (!present) return { value: undefined, known: answer.absentKnown, secret: false, resources };
  return { value: pulumi.runtime.unwrapRpcSecret(value), known: true, secret: pulumi.runtime.isRpcSecret(value), resources };
}

/** The component's options its children inherit (runtime/resource.ts: protect and the provider of their package, from the parent). */
export interface Inherited {
  parent: pulumi.Resource;
  /** Undefined where the program did not say: then nothing is sent. */
  protect: boolean | undefined;
  providers: Record<string, pulumi.ProviderResource>;
}

/** The package a type token names, as the runtime reads it. */
const packageOf = (type: string) => type.split(":")[0] ?? "";

/**
 * Registers children with bounded concurrency, in the order declared: a child waits only for
 * children declared before it, so the slots never all wait on one still queued.
 */
export class Registrar {
  private readonly queue: RegisteredChild[] = [];
  private inFlight = 0;
  private failure: Error | undefined;
  private readonly idle: Promise<void>;
  private settle!: { resolve: () => void; reject: (error: Error) => void };

  constructor(
    private readonly inherited: Inherited,
    private readonly concurrency: number,
  ) {
    this.idle = new Promise<void>((resolve, reject) => (this.settle = { resolve, reject }));
    // Reported by `settled()`; a failure no one awaits yet is not an unhandled rejection.
    this.idle.catch(() => undefined);
  }

  /** Declares a child: it is registered when a slot frees and what it waits for is registered. */
  register(type: string, name: string, inputs: Record<string, unknown>, options: RegistrationOptions): RegisteredChild {
    const child = new RegisteredChild(type, name, inputs, options);
    this.queue.push(child);
    this.next();
    return child;
  }

  /** Settles when every child declared has been registered; rejects with the first failure, after which nothing more is sent. */
  settled(): Promise<void> {
    this.next();
    return this.idle;
  }

  private next(): void {
    while (this.failure === undefined && this.inFlight < this.concurrency && this.queue.length > 0) {
      const child = this.queue.shift()!;
      this.inFlight++;
      this.registerNow(child).then(
        () => {
          this.inFlight--;
          this.next();
        },
        (error: unknown) => {
          this.failure ??= error instanceof Error ? error : new Error(String(error));
          this.settle.reject(this.failure);
        },
      );
    }
    if (this.failure === undefined && this.inFlight === 0 && this.queue.length === 0) this.settle.resolve();
  }

  private async registerNow(child: RegisteredChild): Promise<void> {
    const request = await this.requestOf(child);
    const response = await this.send(child, request);
    child.answeredWith(await answerOf(response, request));
  }

  /**
   * The request runtime/resource.ts sends for a custom resource with these inputs and options. Only
   * the fields whose value is not the message's default are set (the SDK sets the others to their
   * defaults, which the wire does not carry): test/provider/doors/plugin/registrar.test.ts holds the
   * two requests equal, field by field.
   */
  private async requestOf(child: RegisteredChild): Promise<resourceProto.RegisterResourceRequest> {
    const { type, resourceName, inputs, options } = child;
    const label = `resource:${resourceName}[${type}]`;
    const explicit = await Promise.all((options.dependsOn ?? []).map(async (dependency) => (await dependency.answered).standIn));
    const [serialized, propertyResources] = await pulumi.runtime.serializeResourceProperties(label, inputs, { keepOutputValues: false, excludeResourceReferencesFromDependencies: false });
    const parentUrn = await valueOf(this.inherited.parent.urn);
    const provider = this.inherited.providers[packageOf(type)];
    const providerRef = provider === undefined ? undefined : await pulumi.ProviderResource.register(provider);
    const none = new Set<pulumi.Resource>();
    const dependencies = await urnsOfDependencies(new Set(explicit), none);
    const request = new resourceProto.RegisterResourceRequest();
    for (const [key, resources] of propertyResources) {
      const urns = await urnsOfDependencies(resources, none);
      for (const urn of urns) dependencies.add(urn);
      request.getPropertydependenciesMap().set(key, new resourceProto.RegisterResourceRequest.PropertyDependencies().setUrnsList([...urns]));
    }
    request.setType(type);
    request.setName(resourceName);
    request.setParent(parentUrn);
    request.setCustom(true);
    request.setObject(structProto.Struct.fromJavaScript(serialized));
    const protect = options.protect ?? this.inherited.protect;
    if (protect !== undefined) request.setProtect(protect);
    if (providerRef !== undefined) request.setProvider(providerRef);
    request.setDependenciesList([...dependencies]);
    request.setAcceptsecrets(true);
    request.setAcceptresources(!resourceReferencesDisabled);
    request.setSupportspartialvalues(true);
    request.setAliasspecs(true);
    request.setSupportsresultreporting(true);
    request.setCustomtimeouts(new resourceProto.RegisterResourceRequest.CustomTimeouts());
    return request;
  }

  private send(child: RegisteredChild, request: resourceProto.RegisterResourceRequest): Promise<resourceProto.RegisterResourceResponse> {
    const monitor = pulumi.runtime.getMonitor();
    if (monitor === undefined) return Promise.reject(new Error(`pulumi-wandb: no resource monitor to register ${child.resourceName} [${child.type}] with`));
    return new Promise((resolve, reject) =>
      monitor.registerResource(request, (error, response) => {
        if (error === null) return resolve(response);
        // As the runtime: a monitor going away (the engine has stopped, and said why) stops every
        // call, and the registration is left unanswered rather than failed a second time.
        if (error.code === grpc.status.UNAVAILABLE || error.code === grpc.status.CANCELLED) return terminateRpcs();
        reject(new Error(`failed to register new resource ${child.resourceName} [${child.type}]: ${error.message}`));
      }),
    );
  }
}

/**
 * The child's outputs as the locked SDK's runtime/resource.ts resolves them from the engine's
 * answer, whichever SDK is loaded: 3.269.0, the oldest supported, rejects a failed or skipped
 * resource's URN, ID and outputs rather than leave its outputs unknown, and reads an update's
 * unknown outputs as undefined.
 */
async function answerOf(response: resourceProto.RegisterResourceResponse, request: resourceProto.RegisterResourceRequest): Promise<Answer> {
  const failed = response.getResult() !== resourceProto.Result.SUCCESS;
  const dryRun = pulumi.runtime.isDryRun();
  const unknownsKept = failed || (!dryRun && response.getUnknown());
  const object = response.getObject();
  const properties: Record<string, unknown> = failed || object === undefined ? {} : pulumi.runtime.deserializeProperties(object, true);
  // An input the engine gave no output for keeps its value, but at preview (and where outputs are kept unknown).
  if (!dryRun && !failed) {
    for (const [key, value] of Object.entries(request.getObject()?.toJavaScript() ?? {})) {
      if (!(key in properties) && value !== undefined) properties[key] = pulumi.runtime.deserializeProperty(value, unknownsKept);
    }
  }
  const dependencies: Record<string, string[]> = {};
  for (const [key, urns] of response.getPropertydependenciesMap().entries()) dependencies[key] = urns.getUrnsList();
  return new Answer(response.getUrn(), response.getId() || undefined, properties, dependencies, !dryRun && !unknownsKept);
}

/** The value of an Output that is always known (a URN). */
export function valueOf(output: pulumi.Output<string>): Promise<string> {
  return new Promise((resolve) => output.apply(resolve));
}
