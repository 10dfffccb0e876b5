// What a preview says of a resource renamed in code with no alias: the object it declares is one
// the stack holds under another URN, and the option that keeps its history.
import type { ResourceKind } from "./resource-kinds";
import { sameButName, type Urn } from "./urn";

/** The option that carries `from`'s history to `to`: the old name alone where only the name changed. */
function aliasFor(from: Urn, to: Urn): string {
  return sameButName(from, to) ? `aliases: [{ name: "${from.name}" }]` : `aliases: ["${from.text}"]`;
}

/** What a preview says of `urn`, a resource of `kind` that declares the object with `named` that the stack holds as `held`. */
export function renameNotice(kind: ResourceKind, urn: Urn, held: Urn, named: string): string {
  return (
    `${kind} "${urn.name}" declares the W&B object with ${named} that this stack holds as "${held.name}": ` +
    `a rename in code, not a new object. The delete of "${held.name}" will leave it in W&B, so nothing is removed; ` +
    `to keep its history, give "${urn.name}" the option ${aliasFor(held, urn)} (or run pulumi state rename).`
  );
}

/** What a preview says of the Organization `component` that declares the objects the stack holds under `oldComponent` (`example` one of them). */
export function componentRenameNotice(component: Urn, oldComponent: Urn, example: string): string {
  return (
    `Organization "${component.name}" declares the W&B objects this stack holds under Organization "${oldComponent.name}" ` +
    `(${example}): a rename in code, not new objects. The deletes under "${oldComponent.name}" will leave them in W&B, ` +
    `so nothing is removed; to keep their history, give "${component.name}" the option ${aliasFor(oldComponent, component)}.`
  );
}
