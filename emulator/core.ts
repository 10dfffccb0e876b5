import type { IncomingHttpHeaders } from "node:http";
import { authenticate, isOrgAdmin, parseAuthorization } from "./auth";
import { AuditLog } from "./audit-log";
import { Faults } from "./faults";
import { Org } from "./org";
import { saveState } from "./persistence";
import { RequestLog } from "./request-log";
import type { ParsedSeed } from "./seed";
import type { Settings } from "./settings";

/** Everything one running emulator holds: settings, the org, faults, the request log and W&B's audit log. */
export class EmulatorCore {
  org: Org;
  readonly faults = new Faults();
  readonly log = new RequestLog();
  readonly auditLog = new AuditLog();
  /** The control API trusts the seed's admins and service accounts, even after SCIM changed them. */
  private readonly controlOrg: Org;

  constructor(
    readonly settings: Settings,
    private readonly seed: ParsedSeed,
    initial: ParsedSeed,
    private readonly stateFile: string | undefined,
  ) {
    this.org = Org.fromSeed(initial);
    this.controlOrg = Org.fromSeed(seed);
  }

  persist(): void {
    if (this.stateFile !== undefined) saveState(this.stateFile, this.org.toSeed());
  }

  reset(): void {
    this.org = Org.fromSeed(this.seed);
    this.auditLog.reset();
    this.persist();
  }

  /** undefined when allowed, else the status to answer (401 or 403). */
  controlDenial(headers: IncomingHttpHeaders): 401 | 403 | undefined {
    const principal = authenticate(this.controlOrg, parseAuthorization(headers.authorization));
    if (!principal) return 401;
    return isOrgAdmin(principal) ? undefined : 403;
  }
}
