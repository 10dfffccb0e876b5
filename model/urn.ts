// A Pulumi URN, read as the engine reads it (sdk/go/common/resource/urn.go):
// `urn:pulumi:<stack>::<project>::<qualified type>::<name>`, the qualified type being the parents'
// types and then the resource's own, joined by `$`. The name is everything after the third `::`,
// so a resource may be named `ml::core`; nothing else in the package takes a URN apart.

const PREFIX = "urn:pulumi:";
const DELIMITER = "::";
const TYPE_DELIMITER = "$";

export interface Urn {
  /** The URN as the engine writes it. */
  readonly text: string;
  readonly stack: string;
  readonly project: string;
  /** The types of the resource's parents, outermost first, then its own. */
  readonly types: readonly string[];
  /** The resource's own type, e.g. `wandb:index:User`. */
  readonly type: string;
  /** Its parent's type; undefined for a resource with no parent but the stack. */
  readonly parentType: string | undefined;
  readonly name: string;
}

/** The URN `text` in its parts; throws on text that is not a URN (no `urn:pulumi:` or fewer than three `::`). */
export function parseUrn(text: string): Urn {
  const stackEnd = text.indexOf(DELIMITER);
  const projectEnd = stackEnd < 0 ? -1 : text.indexOf(DELIMITER, stackEnd + DELIMITER.length);
  const typeEnd = projectEnd < 0 ? -1 : text.indexOf(DELIMITER, projectEnd + DELIMITER.length);
  if (!text.startsWith(PREFIX) || typeEnd < 0) {
    throw new Error(`pulumi-wandb: "${text}" is not a Pulumi URN (urn:pulumi:<stack>::<project>::<type>::<name>)`);
  }
  const types = text.slice(projectEnd + DELIMITER.length, typeEnd).split(TYPE_DELIMITER);
  return {
    text,
    stack: text.slice(PREFIX.length, stackEnd),
    project: text.slice(stackEnd + DELIMITER.length, projectEnd),
    types,
    type: types[types.length - 1] ?? "",
    parentType: types.length > 1 ? types[types.length - 2] : undefined,
    name: text.slice(typeEnd + DELIMITER.length),
  };
}

/** The URN the engine gives the resource `name` of the type chain `types` (parents' first) in a stack of `project`. */
export function urnOf(parts: { stack: string; project: string; types: readonly string[]; name: string }): string {
  return `${PREFIX}${parts.stack}${DELIMITER}${parts.project}${DELIMITER}${parts.types.join(TYPE_DELIMITER)}${DELIMITER}${parts.name}`;
}

/** Whether two URNs differ in their name alone: the same stack, project and type chain. */
export function sameButName(a: Urn, b: Urn): boolean {
  return a.stack === b.stack && a.project === b.project && a.types.join(TYPE_DELIMITER) === b.types.join(TYPE_DELIMITER);
}
