/**
 * SCIM filter values are JSON strings (RFC 7644 §3.4.2.2): JSON.stringify
 * escapes `"` and `\`, so a value like `x" or userName eq "admin` stays one
 * literal and cannot widen the filter.
 */
export function scimString(value: string): string {
  return JSON.stringify(value);
}

export function eqFilter(attribute: string, value: string): string {
  return `${attribute} eq ${scimString(value)}`;
}

/** A PATCH path selecting one element of a multi-valued attribute, e.g. `members[value eq "abc"]`. */
export function valuePath(attribute: string, subAttribute: string, value: string): string {
  return `${attribute}[${eqFilter(subAttribute, value)}]`;
}
