// The identity rule: how each key that names a W&B object, or a role, compares. Two spellings name
// the same object when their identities are equal. Natural keys, the roster, the guard rails, the
// directory, the lookups and every resource's diff compare through this one map; W&B's own rules
// stand behind each entry (userNames and emails are caseExact false in SCIM; teams and custom
// roles keep their names as written; predefined roles are words of W&B's vocabulary).
import { foldCase } from "../service/case-folding";
import { BASE_ROLES, canonicalRole, isEmailReference, ORGANIZATION_ROLES, REGISTRY_ROLES, TEAM_ROLES } from "./vocabulary";

const caseless = (value: string): string => foldCase(value);
const exact = (value: string): string => value;

/** Each key's identity: the value that two spellings of one object share. */
export const IDENTITY = {
  userName: caseless,
  email: caseless,
  /** A member reference: a SCIM id (opaque, so exact) or an email address (caseless). */
  userReference: (reference: string) => {
    const trimmed = reference.trim();
    return isEmailReference(trimmed) ? caseless(trimmed) : trimmed;
  },
  scimId: exact,
  teamName: exact,
  customRoleName: exact,
  registryName: exact,
  /** A predefined role in its canonical spelling; a custom role's name exactly. */
  organizationRole: (role: string) => canonicalRole(role, ORGANIZATION_ROLES),
  teamRole: (role: string) => canonicalRole(role, TEAM_ROLES),
  registryRole: (role: string) => canonicalRole(role, REGISTRY_ROLES),
  baseRole: (role: string) => canonicalRole(role, BASE_ROLES),
} as const satisfies Record<string, (value: string) => string>;

/** The kinds of key the identity rule knows. */
export type Identity = keyof typeof IDENTITY;

export function identityOf(identity: Identity, value: string): string {
  return IDENTITY[identity](value);
}

/** Whether `a` and `b` name the same object; an absent value is the same only as another absent one. */
export function sameIdentity(identity: Identity, a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return identityOf(identity, a) === identityOf(identity, b);
}

/**
 * Whether a declared user reference names the user recorded in state: by the same reference, by
 * the id it resolved to, or by that user's email as last seen (so an id and an email of one user agree).
 */
export function namesRecordedUser(reference: string, state: { user?: string; userId?: string; userEmail?: string }): boolean {
  return (
    reference === state.userId ||
    [state.user, state.userEmail].some((recorded) => recorded !== undefined && sameIdentity("userReference", reference, recorded))
  );
}

/**
 * The user each reference names, as far as state tells without a request: an id is itself; an
 * email is the id recorded for it (`idsByReference`, or the user whose email `emailsById` holds),
 * or its identity when state knows no such user.
 */
export function userIdentities(known: {
  emailsById: Readonly<Record<string, string>>;
  idsByReference: Readonly<Record<string, string>>;
}): (reference: string) => string {
  // Indexed once: a team of thousands of members declared by email compares in linear time.
  const idsByEmail = new Map<string, string>();
  for (const [id, email] of Object.entries(known.emailsById)) {
    const key = identityOf("userReference", email);
    if (!idsByEmail.has(key)) idsByEmail.set(key, id);
  }
  return (reference) => {
    const key = identityOf("userReference", reference);
    if (!isEmailReference(key)) return key;
    return known.idsByReference[key] ?? idsByEmail.get(key) ?? key;
  };
}
