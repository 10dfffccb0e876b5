/** What a subcommand reads and writes: the process's streams, or a test's. */
export interface CommandIo {
  readonly stdin: AsyncIterable<unknown>;
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
}
