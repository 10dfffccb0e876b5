// A refusal for want of a seat, told with what the organization's users hold: so the reader knows
// how full the plan is and which users could give a seat up.
import { WandbApiError } from "../../service";
import { withPulumiAdvice } from "../kit/errors";
import type { Operation } from "../operation";

/** Levels that hold no paid Models seat. */
const SEATLESS = new Set(["viewer", "none"]);

/** `error` as it is, unless W&B refused for want of a seat: then with the count of users holding one, and who to free. */
export async function withSeatsCounted(operation: Operation, error: unknown): Promise<unknown> {
  if (!(error instanceof WandbApiError) || !error.isSeatLimit) return error;
  const advised = withPulumiAdvice(error);
  const message = advised instanceof Error ? advised.message : error.message;
  const active = (await operation.directory().users()).all().filter((user) => user.active);
  // W&B's listing shows modelsSeat only where it says so; an active user it does not show may hold a full seat.
  const holding = active.filter((user) => !SEATLESS.has(user.modelsSeat ?? "full"));
  return new Error(
    `${message} ${holding.length} active user${holding.length === 1 ? "" : "s"} of the organization hold${holding.length === 1 ? "s" : ""} ` +
      'a full Models seat (or may: W&B does not always show it). To free one, set modelsSeat: "viewer" or "none" on a User who ' +
      'needs no full Models access, or deactivate or remove a User who left.',
    { cause: error },
  );
}
