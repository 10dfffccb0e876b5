// Access that ends: a roster's grant may carry `expires`, a UTC day (the grant ends at 00:00 UTC that
// day: the day before is its last) or a timestamp with its zone. A run judges every expiry once, as
// of its clock (now, or WANDB_EXPIRY_AS_OF): model/roster/as-of declares the roster as of then. The
// Organization's record keeps each expiry, judged, for the guard rails and the access review; this
// module says what an expiry is, how it is judged and how it is told.
import { z } from "zod";
import { identityOf } from "./identity";
import { ProgramError } from "./program-error";

const DAY_MS = 86_400_000;

/** `2025-07-01`: the grant ends at 00:00 UTC that day. */
const UTC_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** `2025-07-01T17:30:00Z`, `2025-07-01T17:30+02:00`: the moment it ends; a time without its zone means nothing certain. */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|([+-])(\d{2}):(\d{2}))$/i;

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The moment an expiry written as `written` ends its grant (ms since the epoch); undefined when it is neither form, or no such day. */
export function expiryTime(written: string): number | undefined {
  const day = UTC_DAY.exec(written);
  const stamp = day === null ? TIMESTAMP.exec(written) : null;
  const parts = day ?? stamp;
  if (parts === null) return undefined;
  const [year, month, date, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((group) => Number(parts[group] ?? 0)) as [number, number, number, number, number, number];
  const [sign, offsetHours, offsetMinutes] = [stamp?.[9], Number(stamp?.[10] ?? 0), Number(stamp?.[11] ?? 0)];
  const valid = month >= 1 && month <= 12 && date >= 1 && date <= daysIn(year, month) && hour <= 23 && minute <= 59 && second <= 59 && offsetHours <= 23 && offsetMinutes <= 59;
  if (!valid) return undefined;
  const fraction = Math.floor(Number(stamp?.[7] ?? 0) * 1000);
  const offset = (sign === "-" ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000;
  return Date.UTC(year, month - 1, date, hour, minute, second, fraction) - offset;
}

/** What a valid expiry looks like, for the messages that refuse one. */
export const EXPIRY_FORMS = "a UTC day, e.g. `2025-07-01` (the grant ends at 00:00 UTC that day), or a timestamp with its zone, e.g. `2025-07-01T17:00:00Z`";

/** What an expiry ends: a user (deactivated), a team membership, an organization role, a team role, a registry role. */
export const GRANTS = ["user", "team", "organizationRole", "teamRole", "registryRole"] as const;
export type Grant = (typeof GRANTS)[number];

/** One grant of a roster that ends, as the roster declares it. */
export const grantExpirySchema = z
  .object({
    grant: z.enum(GRANTS).meta({ description: "What ends: `user` (deactivated), `team` (a membership), `organizationRole`, `teamRole` or `registryRole`." }),
    user: z.string().meta({ description: "The userName, as spelled under the roster's users." }),
    scope: z.string().optional().meta({ description: "The team of a membership or team role, the registry of a registry role." }),
    role: z.string().optional().meta({ description: "The role that ends: of the organization, the team or the registry." }),
    fallback: z.string().optional().meta({ description: "An organization role's role after the date (`member` unless the roster names another)." }),
    expires: z.string().meta({ description: "The date as the roster writes it: a UTC day (the grant ends at 00:00 UTC that day) or a timestamp with its zone." }),
    at: z.string().meta({ description: "Where the roster declares it, e.g. `teams \"lab\", member \"carol\": expires`." }),
  })
  .meta({ id: "GrantExpiry" });
export type GrantExpiry = z.output<typeof grantExpirySchema>;

/** An expiry as a run judged it: past its date (`expired`) or not. */
export const judgedExpirySchema = grantExpirySchema
  .extend({ expired: z.boolean().meta({ description: "Whether the date had passed when the run judged it: the grant is then taken away." }) })
  .meta({ id: "JudgedExpiry" });
export type JudgedExpiry = z.output<typeof judgedExpirySchema>;

/** The clock expiries are judged by: now, or the time WANDB_EXPIRY_AS_OF sets (as written, for the messages). */
export interface ExpiryClock {
  readonly asOf: number;
  readonly setBy?: string;
}

export const EXPIRY_CLOCK_VARIABLE = "WANDB_EXPIRY_AS_OF";

/**
 * The clock of this run: WANDB_EXPIRY_AS_OF when set (a date or timestamp as `expires` takes, to see
 * what a day to come removes), else now. A malformed one is a `ProgramError` naming the variable.
 */
export function expiryClockFrom(env: Readonly<Record<string, string | undefined>>, now: number = Date.now()): ExpiryClock {
  const written = env[EXPIRY_CLOCK_VARIABLE]?.trim();
  if (written === undefined || written === "") return { asOf: now };
  const asOf = expiryTime(written);
  if (asOf === undefined) {
    throw new ProgramError(`Invalid ${EXPIRY_CLOCK_VARIABLE} (got ${JSON.stringify(written)}): expected ${EXPIRY_FORMS}. Unset it to judge expiries as of now.`);
  }
  return { asOf, setBy: written };
}

/** An expiry's declaration: its grant, role and moment (however the date is spelled); where it is written does not count. */
const declarationKey = (expiry: GrantExpiry): string =>
  JSON.stringify([expiry.grant, identityOf("userName", expiry.user), expiry.scope ?? "", expiry.role ?? "", expiry.fallback ?? "", expiryTime(expiry.expires) ?? expiry.expires]);

/** The same declaration of an expiry. */
export const sameExpiry = (a: GrantExpiry, b: GrantExpiry): boolean => declarationKey(a) === declarationKey(b);

/** What an expiry ends, said of its person (`membership of team lab`); `owner` says whose it is first. */
export function grantWords(expiry: GrantExpiry, { owner = false }: { owner?: boolean } = {}): string {
  const whose = owner ? `${expiry.user}'s ` : "";
  switch (expiry.grant) {
    case "user":
      return owner ? `the user ${expiry.user} (deactivated then)` : "access to the organization (deactivated then)";
    case "team":
      return `${whose}membership of team ${expiry.scope ?? "?"}`;
    case "organizationRole":
      return `${whose}organization role ${expiry.role ?? "?"} (then ${expiry.fallback ?? "member"})`;
    case "teamRole":
      return `${whose}role ${expiry.role ?? "?"} in team ${expiry.scope ?? "?"} (then the team's default, member)`;
    case "registryRole":
      return `${whose}role ${expiry.role ?? "?"} in registry ${expiry.scope ?? "?"} (then none)`;
  }
}

/** Whole days from `now` until `expiry` ends its grant, counting a part of a day as one. */
export function daysUntil(expiry: GrantExpiry, now: number): number {
  return Math.max(0, Math.ceil(((expiryTime(expiry.expires) ?? now) - now) / DAY_MS));
}

/** The expiries not yet past that end their grant within `days` of `now`, soonest first. */
export function expiringWithin(expiries: readonly JudgedExpiry[], days: number, now: number): JudgedExpiry[] {
  const end = now + days * DAY_MS;
  return expiries
    .filter((expiry) => !expiry.expired && (expiryTime(expiry.expires) ?? Number.POSITIVE_INFINITY) <= end)
    .sort((a, b) => (expiryTime(a.expires) ?? 0) - (expiryTime(b.expires) ?? 0));
}

/**
 * Why the expiries past their date that `previous` (the record of the last applied run) did not hold
 * must not be applied: a grant declared already expired would be given and taken away in one run
 * (a typo in the year, most often). One line each, naming where the roster declares it.
 */
export function alreadyPastRefusals(organization: string, expiries: readonly JudgedExpiry[], previous: readonly GrantExpiry[]): string[] {
  return expiries
    .filter((expiry) => expiry.expired && !previous.some((held) => sameExpiry(held, expiry)))
    .map(
      (expiry) =>
        `Organization "${organization}": ${expiry.at} ${expiry.expires} is already past, for a grant the last run did not hold so: ` +
        `${grantWords(expiry, { owner: true })} would end before it began. Give a date to come (${EXPIRY_FORMS}), ` +
        "or leave the grant out of the roster (an expiry ends, at its date, a grant the roster gave before it).",
    );
}

/**
 * What a check says of the roster's expiries in the engine's output: the clock when WANDB_EXPIRY_AS_OF
 * sets it, each grant this run takes away (past its date, and not yet when `previous` was judged),
 * and each that ends within `soon`'s days.
 */
export function expiryLines(
  organization: string,
  judged: { expiries: readonly JudgedExpiry[]; previous: readonly JudgedExpiry[]; soon: readonly JudgedExpiry[] },
  clock: ExpiryClock,
): string[] {
  const at = `Organization "${organization}":`;
  const endedBefore = (expiry: JudgedExpiry) => judged.previous.some((each) => each.expired && sameExpiry(each, expiry));
  return [
    ...(clock.setBy === undefined ? [] : [`${at} expiries are judged as of ${new Date(clock.asOf).toISOString()} (${EXPIRY_CLOCK_VARIABLE}=${clock.setBy}), not now`]),
    ...judged.expiries
      .filter((expiry) => expiry.expired && !endedBefore(expiry))
      .map((expiry) => `${at} ${grantWords(expiry, { owner: true })} expired on ${expiry.expires} (${expiry.at}): this run takes it away`),
    ...judged.soon.map((expiry) => {
      const days = daysUntil(expiry, clock.asOf);
      return `${at} ${grantWords(expiry, { owner: true })} expires on ${expiry.expires}, in ${days} day${days === 1 ? "" : "s"} (${expiry.at})`;
    }),
  ];
}
