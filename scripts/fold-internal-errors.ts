// `wrangler dev` output, passed through line by line, with workerd's internal-error reports folded into one line.
// A fetch that fails below JavaScript (a webhook host that does not resolve) is reported by workerd as a red
// multi-line block ending in a stack of native addresses, and the Worker itself sees only "internal error;
// reference = <id>". The Worker logs each such failure as one line of its own (a webhook attempt as a warning with
// the render id): this puts workerd's reason into that line in place of the reference and drops the block. A block
// no line claims within a moment is printed as one line, so nothing is ever hidden.
import { createInterface } from "node:readline";
import { stripVTControlCharacters } from "node:util";

/** Where folded lines go: process.stdout or process.stderr. */
type Output = Pick<NodeJS.WritableStream, "write">;

const ERROR_START = /\[ERROR\]/;
const WARNING = /\[WARNING\]/;
const STACK = /^\s*stack: .*wdErrId = (\w+)/;
const REFERENCE = /internal error; reference = (\w+)/;
const UNCLAIMED_MS = 2000;
/** workerd writes a block at once: a line that has not been followed by its stack by then is an ordinary error. */
const BLOCK_MS = 200;

/** "✘ [ERROR] e = rust/worker/ffi.rs:104: failed: failed to lookup address information: ..." -> the reason. */
function reasonOf(errorLine: string): string {
  return stripVTControlCharacters(errorLine)
    .replace(/^.*?\[ERROR\]\s*/, "")
    .replace(/^e = \S+:\d+: failed: /, "")
    .trim();
}

/**
 * A folder of internal errors shared by wrangler's stdout and stderr (a reason held from one may be claimed by a line
 * on the other): `fold(input, output)` copies one stream line by line.
 */
export function internalErrorFolder(): (input: NodeJS.ReadableStream, output: Output) => void {
  const reasons = new Map<string, { reason: string; timer: NodeJS.Timeout }>();
  const hold = (id: string, reason: string, output: Output) => {
    const timer = setTimeout(() => {
      reasons.delete(id);
      output.write(`✘ [ERROR] ${reason} (workerd internal error ${id})\n`);
    }, UNCLAIMED_MS);
    timer.unref();
    reasons.set(id, { reason, timer });
  };
  const claim = (line: string) =>
    line.replace(REFERENCE, (whole, id: string) => {
      const held = reasons.get(id);
      if (!held) return whole;
      clearTimeout(held.timer);
      reasons.delete(id);
      return held.reason;
    });

  return (input, output) => {
    // An [ERROR] line and the blank lines after it, until the next line says what it was.
    let pending: [string, ...string[]] | null = null;
    let pendingTimer: NodeJS.Timeout | undefined;
    let swallowBlanks = false;
    const write = (line: string) => output.write(`${line}\n`);
    const flushPending = () => {
      clearTimeout(pendingTimer);
      pending?.forEach(write);
      pending = null;
    };
    createInterface({ input, crlfDelay: Infinity }).on("line", (line) => {
      if (pending) {
        if (line.trim() === "") {
          pending.push(line);
          return;
        }
        const errorId = STACK.exec(stripVTControlCharacters(line))?.[1];
        if (errorId) {
          clearTimeout(pendingTimer);
          hold(errorId, reasonOf(pending[0]), output);
          pending = null;
          swallowBlanks = true;
          return;
        }
        flushPending();
      }
      if (swallowBlanks && line.trim() === "") return;
      const plain = stripVTControlCharacters(line);
      if (ERROR_START.test(plain)) {
        pending = [line];
        pendingTimer = setTimeout(flushPending, BLOCK_MS);
        return;
      }
      write(claim(line));
      // wrangler spaces a warning with blank lines; a webhook failure stays one line.
      swallowBlanks = WARNING.test(plain);
    });
  };
}
