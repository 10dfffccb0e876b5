import type { WandbConfig } from "./config";
import { InferenceClient } from "./inference-client";
import { ScimClient, type ClientOptions } from "./scim-client";

export { closeAllPools } from "./dispatchers";
export { credentialsRefused, KeyHeldError, WandbApiError, type RequestSummary, type ResponseSummary, type WandbService } from "./errors";
export { InferenceClient } from "./inference-client";
export type * from "./model";
export { retryLoop } from "./retry";
export {
  CONFLICT_RETRY_POLICY,
  DEFAULT_RETRY_POLICY,
  INFERENCE_RETRY_POLICY,
  type HttpMethod,
  type RetryPolicy,
  type RetryPolicyOverrides,
  type RetrySchedule,
  type Verdict,
} from "./retry-policy";
export {
  ScimClient,
  type ClientOptions,
  type NewServiceAccount,
  type NewTeam,
  type NewUser,
  type ReadOptions,
  type RoleDefinition,
  type TeamDefinition,
  type WriteOptions,
} from "./scim-client";
export { eqFilter, scimString, valuePath } from "./scim-filter";
export { isPersonMember, membershipOperations } from "./team-membership";
export { ScimWireError } from "./scim-wire";
export { Secret } from "./secret";
export type { TransportEvent } from "./transport";

export interface Clients {
  scim: ScimClient;
  inference: InferenceClient;
}

export function clientsFromConfig(config: WandbConfig, options: ClientOptions = {}): Clients {
  return { scim: new ScimClient(config, options), inference: new InferenceClient(config, options) };
}
