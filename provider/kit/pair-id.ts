// Ids of resources that join two things (a team and a user, a user and a role scope).

/** The user id at the start of an assignment id `<userId><separator><scope>`. */
export function parseAssignmentId(id: string, kind: string, separator: string, shape: string): { userId: string; scope: string } {
  const at = id.lastIndexOf(separator);
  const userId = at > 0 ? id.slice(0, at) : "";
  const scope = at > 0 ? id.slice(at + separator.length) : "";
  const scopeValid = separator.endsWith("/") ? scope !== "" : scope === "";
  if (!userId || !scopeValid) {
    throw new Error(`"${id}" is not a ${kind} id: expected "${shape}"`);
  }
  return { userId, scope };
}
