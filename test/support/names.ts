// Names no other test of the run has made, so that tests sharing an emulator (or a test process)
// never collide.
let counter = 0;

/** `<prefix>-<pid>-<n>`: unique within the test process, and told apart from other processes' by the pid. */
export function unique(prefix: string): string {
  counter++;
  return `${prefix}-${process.pid}-${counter}`;
}
