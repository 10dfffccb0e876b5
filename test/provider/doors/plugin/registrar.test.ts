// The registrar's requests are the SDK's, on the @pulumi/pulumi package-lock.json installs (see ./registrar-requests).
import { describeRegistrarRequests } from "./registrar-requests";

describeRegistrarRequests("the locked SDK");
