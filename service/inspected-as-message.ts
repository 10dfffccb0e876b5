import { inspect } from "node:util";

/**
 * Makes `util.inspect` show errors of a class as their name and message. Pulumi's program runner
 * inspects every uncaught error (for its trace) right after logging it, and inspecting ours the
 * default way there took some 20 s (stack marking under heavy garbage collection), holding back
 * the failure's message. Ours say all a user needs; a stack trace adds nothing to them.
 */
export function inspectedAsMessage(errorClass: abstract new (...args: never[]) => Error): void {
  Object.defineProperty(errorClass.prototype, inspect.custom, {
    value(this: Error): string {
      return `${this.name}: ${this.message}`;
    },
  });
}
