// What the engine sends, and `pulumi preview --json` prints, for a value known only once an earlier
// resource is made (Pulumi's rpc `UnknownStringValue`): e.g. the id of a user the same run creates.
export const UNKNOWN_VALUE = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
