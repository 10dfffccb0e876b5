export interface Route<H> {
  method: string;
  /** e.g. "/scim/Users/:id"; also the route name in the request log. */
  pattern: string;
  handler: H;
}

export type Match<H> =
  | { kind: "found"; route: Route<H>; params: Record<string, string> }
  | { kind: "wrongMethod"; pattern: string; allowed: string[] }
  | { kind: "none" };

function matchPattern(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split("/");
  const got = path.split("/");
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] ?? "";
    const g = got[i] ?? "";
    if (w.startsWith(":")) {
      if (g === "") return undefined;
      params[w.slice(1)] = decodeURIComponent(g);
    } else if (w !== g) return undefined;
  }
  return params;
}

export function matchRoute<H>(routes: readonly Route<H>[], method: string, path: string): Match<H> {
  const allowed: string[] = [];
  let pattern = "";
  for (const route of routes) {
    const params = matchPattern(route.pattern, path);
    if (!params) continue;
    if (route.method === method) return { kind: "found", route, params };
    allowed.push(route.method);
    pattern = route.pattern;
  }
  return allowed.length > 0 ? { kind: "wrongMethod", pattern, allowed } : { kind: "none" };
}
