/** A failure of the SCIM service; rendered by scim-render in the dialect of the emulator. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string, scimType = "invalidValue") => new ScimError(400, detail, scimType);
export const notFound = (detail: string) => new ScimError(404, detail);
export const conflict = (detail: string) => new ScimError(409, detail, "uniqueness");

const SEAT_LIMIT_STATUS = 400;
export const seatLimitReached = (seats: number) =>
  new ScimError(
    SEAT_LIMIT_STATUS,
    `Seat limit reached: all ${seats} seats of the organization are in use; free a seat or buy more before adding or upgrading users`,
  );
