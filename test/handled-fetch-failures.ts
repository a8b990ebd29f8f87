// workerd reports every outbound fetch that fails to connect as an "uncaught exception", with a stack, even when
// the code awaits it and handles the rejection: `await fetch("http://127.0.0.1:1/").catch(() => null)` in a test
// prints the same lines. The vitest pool writes workerd's reports straight to this process's stdout and stderr and
// offers no way to filter them (its own list of benign reports is fixed: cloudflare/workers-sdk#14821 added a TLS
// one there).
// The tests that need a dead peer (a killed render backend, a webhook host that does not resolve or speaks no TLS)
// assert how the code handled the failure; this leaves out exactly workerd's reports of those connection failures,
// and says at the end how many it left out. Any other report, uncaught exception or not, is written as it came.

/** workerd's report of a failed outbound connection: the first line of each message it writes for one. */
const CONNECTION_FAILURE_REPORT = new RegExp(
  [
    String.raw`^uncaught exception; source = Uncaught \(in promise\); stack = Error: (Network connection lost\.|internal error; reference = \w+)$`,
    String.raw`^uncaught exception; exception = workerd/jsg/value\.h:\d+: (disconnected: jsg\.Error: Network connection lost\.|failed: jsg\.Error: internal error; reference = \w+)$`,
    String.raw`^exception = rust/worker/ffi\.rs:\d+: disconnected: Connection refused \(os error 111\)$`,
    String.raw`^e = rust/worker/ffi\.rs:\d+: failed: failed to lookup address information: Name or service not known$`,
    String.raw`^e = rust/worker/ffi\.rs:\d+: failed: TLS handshake failed: .*$`,
  ].join("|"),
);

/** Leaves out workerd's connection failure reports from `stream`; gives back how many, and how to undo it. */
function leaveOutReports(stream: NodeJS.WriteStream): { count(): number; restore(): void } {
  const write = stream.write.bind(stream);
  let left = 0;
  stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    if (CONNECTION_FAILURE_REPORT.test(String(chunk).split("\n", 1)[0] ?? "")) {
      left++;
      return true;
    }
    return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof stream.write;
  return {
    count: () => left,
    restore: () => {
      stream.write = write;
    },
  };
}

export default function setup() {
  // The pool writes workerd's "info" reports to stdout and its errors to stderr.
  const streams = [leaveOutReports(process.stdout), leaveOutReports(process.stderr)];
  return () => {
    for (const stream of streams) stream.restore();
    const left = streams.reduce((sum, stream) => sum + stream.count(), 0);
    if (left > 0)
      console.log(
        `workerd: ${left} reports of outbound connections that failed and were handled, left out (test/handled-fetch-failures.ts)`,
      );
  };
}
