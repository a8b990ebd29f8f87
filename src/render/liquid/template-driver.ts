/**
 * Work done between two turns of the event loop, at most: long enough to be cheap, short enough that a request waiting
 * meanwhile is served promptly.
 */
const SLICE_MS = 10;
/**
 * Where the clock stands still while code runs (Workers in production), a slice ends after this many steps instead
 * (about 10 ms of Liquid).
 */
const SLICE_STEPS = 50_000;
/** Steps between two looks at the clock, which costs more than a step. */
const CLOCK_CHECK_STEPS = 1024;

/** Thrown when the template is still rendering at its deadline; the message is liquidjs's own for its render limit. */
export class TemplateTimeLimit extends Error {
  constructor() {
    super("template render limit exceeded");
    this.name = "TemplateTimeLimit";
  }
}

function isIterator(value: unknown): value is Iterator<unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Iterator<unknown>).next === "function" &&
    typeof (value as Iterator<unknown>).throw === "function"
  );
}

function isPromise(value: unknown): value is PromiseLike<unknown> {
  return typeof value === "object" && value !== null && typeof (value as PromiseLike<unknown>).then === "function";
}

/** Sends `error` back into `iterator`: liquidjs's generators take it; its root is typed as a plain iterator. */
function throwInto(iterator: Iterator<unknown>, error: unknown): IteratorResult<unknown> {
  if (!iterator.throw) throw new TypeError("the template's iterator takes no error back");
  return iterator.throw(error);
}

const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Runs a liquidjs render generator (`Liquid#_render`) to its result, as liquidjs's own `toPromise` does
 * (a yielded generator runs to completion and its result is sent back; a yielded promise is awaited;
 * an error goes back in with `throw`), with two differences. It gives the event loop a turn after every
 * slice of work: liquidjs chains microtasks only, so an isolate rendering a looping template would serve
 * no other request (not even /healthz) until the render ended. And it stops the render at `deadline`
 * (Date.now() milliseconds), measured across those turns. Nested generators live on an explicit stack,
 * so a deep template never recurses here.
 */
export async function driveTemplate(root: Iterator<unknown>, deadline: number): Promise<unknown> {
  const stack = [root];
  let input: unknown;
  let throwing = false;
  let sliceStart = Date.now();
  let sliceSteps = 0;
  // A promise stands for a costly step (a code drawn: codes/code-filters.ts): the clock is read after each.
  let awaited = false;
  for (;;) {
    sliceSteps++;
    const readClock = awaited || sliceSteps % CLOCK_CHECK_STEPS === 0;
    awaited = false;
    if (sliceSteps >= SLICE_STEPS || (readClock && Date.now() - sliceStart >= SLICE_MS)) {
      await nextTurn();
      // The render is abandoned where it stands: no template code can catch this.
      if (Date.now() >= deadline) throw new TemplateTimeLimit();
      sliceStart = Date.now();
      sliceSteps = 0;
    }
    const top = stack.at(-1);
    // Never empty here: the root leaving the stack ends the drive.
    if (!top) throw new Error("the template driver ran out of generators");
    let step: IteratorResult<unknown>;
    try {
      step = throwing ? throwInto(top, input) : top.next(input);
    } catch (error) {
      stack.pop();
      if (stack.length === 0) throw error;
      input = error;
      throwing = true;
      continue;
    }
    throwing = false;
    let value = step.value;
    if (isIterator(value)) {
      // A generator returned (not yielded) stands in for the one that returned it.
      if (step.done) stack.pop();
      stack.push(value);
      input = undefined;
      continue;
    }
    if (isPromise(value)) {
      awaited = true;
      try {
        value = await value;
      } catch (error) {
        if (step.done) stack.pop();
        if (stack.length === 0) throw error;
        input = error;
        throwing = true;
        continue;
      }
    }
    if (step.done) {
      stack.pop();
      if (stack.length === 0) return value;
    }
    input = value;
  }
}
