// The advice due when the stack's config holds the API key in plain text: the dynamic resources'
// program and the native plugin's Configure each see whether the key came encrypted, and both say
// the same.
const API_KEY = "wandb:apiKey";

/** How the stack's config holds `wandb:apiKey`; never the key itself. */
export interface ApiKeyInStack {
  readonly set: boolean;
  /** Stored encrypted (`pulumi config set --secret`). */
  readonly secret: boolean;
  readonly stack: string;
}

/** The warning due when the stack's config holds the API key in plain text; undefined otherwise. */
export function plaintextApiKeyWarning(key: ApiKeyInStack): string | undefined {
  if (!key.set || key.secret) return undefined;
  return (
    `${API_KEY} is stored in plain text in the config of stack "${key.stack}" (Pulumi.${key.stack}.yaml): anyone who can read ` +
    `that file can act as an organization admin. Encrypt it: \`pulumi config set --secret ${API_KEY} <key>\`, ` +
    `or remove it (\`pulumi config rm ${API_KEY}\`) and give the key as the environment variable WANDB_API_KEY.`
  );
}
