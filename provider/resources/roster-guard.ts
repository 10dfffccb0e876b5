// The Organization component's record of what its roster declared at the last applied run: the
// guard rails compare it with what the roster declares now, in check, so that a refused change
// fails at preview. Every other child of the component waits for it, so nothing is written when
// it refuses. W&B holds nothing of it: it writes nothing, and reads only the users (where the
// service shows their roles, the live admins count too), when it is created or updated.
import { judgeRosterChange, liveAdminsRefusal, rosterAccessSchema, type RosterAccess } from "../../model/guard-rails";
import { sameSet } from "../kit/compare";
import { type ResourceImplementation } from "../kit/implementation";
import { checkInputs } from "../kit/inputs";
import { recordedBeforeVersioning, storedState } from "../kit/state";
import { rosterGuardInputs, rosterGuardOutputs, type RosterGuardInputs } from "../../model/shapes/roster-guard";
import type { Operation } from "../operation";

export type { RosterGuardInputs };


const previousAccess = rosterAccessSchema.partial({ admins: true });

/**
 * Where the service shows roles, the live admins count too: judged when the record is written, which
 * every other child of the component waits for, so a refusal comes before the first write.
 */
async function refuseLosingLiveAdmins(operation: Operation, before: RosterAccess | undefined, after: RosterGuardInputs): Promise<void> {
  const settings = operation.guardRailsForChecks();
  if (settings.minAdmins === 0) return;
  const refusal = liveAdminsRefusal(after.organization, before, after, await operation.clients().scim.listUsers(), settings);
  if (refusal !== undefined) throw new Error(refusal);
}

export const rosterGuard: ResourceImplementation<RosterGuardInputs, RosterGuardInputs, Operation> = {
  inputs: rosterGuardInputs,
  state: storedState({
    kind: "RosterGuard",
    schema: rosterGuardOutputs,
    migrations: [recordedBeforeVersioning],
    adoptAgain: () => "run `pulumi up`: the record is made again from the roster, and sends nothing to W&B",
  }),

  async check(operation, olds, news) {
    let judgedInputs: RosterGuardInputs | undefined;
    const result = checkInputs(rosterGuardInputs, news, (inputs) => {
      const before = previousAccess.safeParse(olds);
      const judged = judgeRosterChange(
        inputs.organization,
        before.success ? { admins: [], ...before.data } : undefined,
        inputs,
        operation.guardRailsForChecks(),
      );
      judgedInputs = { ...inputs, verdicts: [...judged.verdicts] };
      return judged.refusals.map((reason) => ({ property: "", reason }));
    });
    const failures = result.failures ?? [];
    return judgedInputs === undefined || failures.length > 0 ? result : { inputs: judgedInputs, failures };
  },

  async diff(_operation, _id, olds, news) {
    const changed =
      !sameSet(olds.users, news.users) ||
      !sameSet(olds.admins, news.admins) ||
      !sameSet(Object.keys(olds.teams), Object.keys(news.teams)) ||
      Object.entries(news.teams).some(([team, members]) => !sameSet(olds.teams[team] ?? [], members));
    return { changes: changed };
  },

  async create(operation, inputs) {
    await refuseLosingLiveAdmins(operation, undefined, inputs);
    return { id: inputs.organization, outs: inputs };
  },

  async read(_operation, id, props) {
    if (props === undefined) {
      throw new Error(
        `RosterGuard cannot be read from the id "${id}" alone: it is the Organization component's record of its roster, ` +
          "kept only in the stack's state. Declare the Organization instead; its first run records it.",
      );
    }
    return { id, props };
  },

  async update(operation, _id, olds, news) {
    await refuseLosingLiveAdmins(operation, olds, news);
    return { outs: news };
  },

  async delete() {
    // Nothing in W&B to remove.
  },
};
