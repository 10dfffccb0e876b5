// Input schemas shared by several resources, each failing with a message that says what to do.
import { z } from "zod";
import { identityOf } from "../identity";
import { BASE_ROLES, CONTROL_CHARACTER, isUserReference, PERMISSION_NAME } from "../vocabulary";

/** The check that a name `property` holds no control character, and the message when it does: for `.refine(...printable("name"))`. */
export function printable(property: string): [(value: string) => boolean, { error: string; abort: true }] {
  return [
    (value) => !CONTROL_CHARACTER.test(value),
    {
      error: `${property} must not contain control characters (a newline, a tab, an escape, ...): W&B would store them, but no one could read the name; write it on one line`,
      abort: true,
    },
  ];
}

export const adoptExisting = z
  .boolean({ error: "adoptExisting must be true or false" })
  .default(false);

/**
 * Whether W&B holds the object an adopting create names, as the provider's check finds it in the
 * organization's listing: set by the check (at preview too), read by the access review.
 */
export function adoptedAtCheck(what: string, key: string) {
  return z
    .boolean({ error: "adopted is set by the provider's check, not by hand: remove it" })
    .optional()
    .meta({
      description:
        `Set by the provider's check, not meant to be set by hand: where \`adoptExisting\` is true and the ${what} is created, ` +
        `whether W&B holds one with this ${key} (\`true\`: the create adopts it; \`false\`: it makes one), as the organization's ` +
        "listing shows it at that check, `pulumi preview` included (the listings are read once per operation). Absent where " +
        "it could not be read. The access review (`pulumi-wandb review`) reads it to tell an adoption from a creation; never sent to W&B.",
    });
}

export const permissionName = z
  .string()
  .trim()
  .regex(PERMISSION_NAME, 'each permission is "<object>:<operation>" in lower case, e.g. "run:stop"');

/** Predefined role names compare case-insensitively, so they are stored in lower case. */
export const predefinedBaseRole = z
  .string({ error: 'inheritedFrom is required: "member" or "viewer", the predefined role this custom role extends' })
  .overwrite((role) => identityOf("baseRole", role))
  .pipe(z.enum(BASE_ROLES, { error: 'inheritedFrom must be "member" or "viewer"' }))
  .meta({ description: "The predefined role this role extends: `member` or `viewer` (case-insensitive)." });

const USER_REFERENCE = "a user's SCIM id (e.g. `user.id` of a wandb.User), which has no spaces, or an email address such as \"ana@example.com\"";

/**
 * A user by SCIM id or email, checked for shape only: it is resolved at create, never at preview.
 * `property` names it in messages: `user`, or e.g. `each entry of members` for the elements of a list (whose
 * messages the value typed precedes).
 */
export function userReference(property: string) {
  return z
    .string({ error: `${property} is required: ${USER_REFERENCE}` })
    .trim()
    .min(1, `${property} must not be empty: give ${USER_REFERENCE}`)
    .refine(...printable(property))
    .refine(isUserReference, `${property} must be ${USER_REFERENCE}`);
}

/** A role name input: predefined names lower-cased, custom names as written (checked by the service at create). */
export function roleNameInput(property: string, hint: string) {
  return z
    .string({ error: `${property} is required: ${hint}` })
    .trim()
    .min(1, `${property} must not be empty: ${hint}`)
    .refine(...printable(property));
}

/** The Organization whose guard rails a resource's removals answer to at the write itself: set by the component. */
export function guardedBy(what: string) {
  return z
    .string({ error: "guardedBy must be the name of the Organization component that declares this resource" })
    .optional()
    .meta({
      description:
        `The name of the \`Organization\` component that declares this ${what}: set by the component, not meant to be set by ` +
        "hand. Its guard rails (`wandb:maxRemovalFraction`, `wandb:minAdmins`) then judge each removal the resource makes " +
        "at the write itself, however the run is invoked (`--target`, `--exclude`, `--continue-on-error`), counted against " +
        "the organization as W&B lists it.",
    });
}
