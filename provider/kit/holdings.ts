// Which W&B objects the resources of this engine operation hold: the ones a create made or took
// over, and the ones a resource the program declares keeps (its diff without replacement, its
// update). A resource renamed in code without an alias reaches the provider as a create under the
// new name, which takes the object over, then a delete under the old one: that delete must leave
// the object to its new holder, or the rename removes what it meant to keep. Only a declaration
// holds: the engine also diffs every resource it refreshes (`--refresh`, `destroy --refresh`),
// the ones the program dropped included, and such a diff keeps nothing, or no removal would ever be
// made. Apart from those, the objects a refresh found this stack's resources holding (by natural
// key): an Organization's record does not report them as new outside its roster. One per
// operation: nothing of it outlives the run.
export class Holdings {
  readonly #held = new Set<string>();
  readonly #declared = new Set<string>();
  readonly #refreshed = new Set<string>();
  #refreshRan = false;

  static #key(kind: string, id: string): string {
    return `${kind}\u0000${id}`;
  }

  /** Records that a resource the program registered in this operation declares the object named by `naturalKey` (its checked inputs'). */
  declare(naturalKey: string | undefined): void {
    if (naturalKey !== undefined) this.#declared.add(naturalKey);
  }

  /** Whether a resource the program registered in this operation declares the object named by `naturalKey`. */
  declared(naturalKey: string | undefined): boolean {
    return naturalKey !== undefined && this.#declared.has(naturalKey);
  }

  /** Records that a resource of this operation holds the object `id` of `kind`. */
  hold(kind: string, id: string): void {
    this.#held.add(Holdings.#key(kind, id));
  }

  /** Whether a resource of this operation holds the object `id` of `kind`. */
  held(kind: string, id: string): boolean {
    return this.#held.has(Holdings.#key(kind, id));
  }

  /** Records that this operation refreshed a resource, which found the object named by `naturalKey` (if any); deletes never consult it. */
  refreshed(naturalKey: string | undefined): void {
    this.#refreshRan = true;
    if (naturalKey !== undefined) this.#refreshed.add(naturalKey);
  }

  /** Whether this operation refreshed the stack (`--refresh`): the engine reads every resource before it runs the program. */
  refreshRan(): boolean {
    return this.#refreshRan;
  }

  /** Whether a refresh of this operation found a resource of this stack holding the object named by `naturalKey`. */
  foundAtRefresh(naturalKey: string): boolean {
    return this.#refreshed.has(naturalKey);
  }
}
