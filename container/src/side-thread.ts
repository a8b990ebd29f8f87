// Work that would hold the event loop driving Chromium (SaxonJS running e-invoice rules, pdf.js drawing a page) runs
// in a worker thread of its own, one per kind of work. A thread that dies fails the work in flight (retryable) and
// is started again for the next request. One request may hold the thread for `timeLimitMs` at most: past it, that
// request fails (not retryable: it would take as long again) and the thread is replaced, so no one request holds
// everyone else's work.
import { parentPort, type Transferable, Worker } from "node:worker_threads";
import { JobFailure, type WireFailure } from "@folio/render-page/job-failure";

type Answer<Out> = { id: number; result: Out } | { id: number; failure: WireFailure };
type Waiting<Out> = { resolve: (result: Out) => void; reject: (error: JobFailure) => void; timer: NodeJS.Timeout };

export class SideThread<In, Out, Ready> {
  /** Absent after a thread died before it was ready: the next request starts one, never a loop of restarts. */
  private worker: Worker | undefined;
  private readonly waiting = new Map<number, Waiting<Out>>();
  private nextId = 0;
  /** What the thread says once it has loaded what it needs; rejects when it dies before that. */
  ready!: Promise<Ready>;

  private readonly script: URL;
  /** The failure the work in flight gets when the thread dies. */
  private readonly stopped: (why: string) => JobFailure;
  private readonly timeLimitMs: number;
  /** Given to the thread's script as `workerData`: which of its kinds of work this thread does. */
  private readonly workerData: unknown;

  constructor(script: URL, stopped: (why: string) => JobFailure, timeLimitMs: number, workerData?: unknown) {
    this.script = script;
    this.stopped = stopped;
    this.timeLimitMs = timeLimitMs;
    this.workerData = workerData;
    this.start();
  }

  /** Takes request `id` out of the waiting list, its timer stopped. */
  private settle(id: number): Waiting<Out> | undefined {
    const waiting = this.waiting.get(id);
    this.waiting.delete(id);
    if (waiting) clearTimeout(waiting.timer);
    return waiting;
  }

  private start(): Worker {
    const worker = new Worker(this.script, { workerData: this.workerData });
    this.worker = worker;
    let isReady = false;
    this.ready = new Promise((resolve, reject) => {
      worker.on("message", (message: Answer<Out> | { ready: Ready }) => {
        if ("ready" in message) {
          isReady = true;
          return resolve(message.ready);
        }
        const waiting = this.settle(message.id);
        if ("result" in message) waiting?.resolve(message.result);
        else waiting?.reject(new JobFailure(message.failure.type, message.failure.message, message.failure.details));
      });
      const lost = (why: string) => {
        reject(this.stopped(why));
        this.lost(worker, why, isReady);
      };
      worker.on("error", (error) => lost(error.message));
      worker.on("exit", (code) => lost(`it exited with code ${code}`));
    });
    // Whoever needs the thread ready awaits `ready`; a thread nobody waits for must not fail the process.
    this.ready.catch(() => undefined);
    // The thread keeps no process alive by itself: the backend stops when its server does.
    worker.unref();
    return worker;
  }

  /** Fails the work in flight; a thread that had loaded is started again at once, so the next request finds it ready. */
  private lost(worker: Worker, why: string, wasReady: boolean): void {
    if (worker !== this.worker) return;
    const failure = this.stopped(why);
    for (const id of [...this.waiting.keys()]) this.settle(id)?.reject(failure);
    this.worker = undefined;
    if (wasReady) this.start();
  }

  /** Sends `input` to the thread (moving `transfer`'s buffers, not copying them) and waits for its answer. */
  ask(input: In, transfer: Transferable[] = []): Promise<Out> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const seconds = this.timeLimitMs / 1000;
        const { type, message, details } = this.stopped(`it took longer than ${seconds} s`);
        this.settle(id)?.reject(
          new JobFailure(type, message.replace(/; retry.*$/, "."), {
            ...details,
            reason: "too_slow",
            retryable: false,
            transient: false,
            limit_ms: this.timeLimitMs,
          }),
        );
        // The others in flight fail retryable, and the next request finds a fresh thread.
        void worker.terminate();
      }, this.timeLimitMs);
      timer.unref();
      this.waiting.set(id, { resolve, reject, timer });
      worker.postMessage({ id, input }, transfer);
    });
  }

  /** Kills the thread as a crash would (tests): work in flight fails, and a thread that had loaded is replaced. */
  async terminate(): Promise<void> {
    await this.worker?.terminate();
  }

  /** Stops the thread for good: nothing replaces it until the next request. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    const failure = this.stopped("it was closed");
    for (const id of [...this.waiting.keys()]) this.settle(id)?.reject(failure);
    await worker?.terminate();
  }
}

/**
 * The thread's side: says `ready`, then answers each request with `handle`'s result, or with the failure it threw
 * (a JobFailure as it is, anything else as `failureOf` words it).
 */
export function serveSideThread<In, Out>(
  ready: unknown,
  handle: (input: In) => Out | Promise<Out>,
  failureOf: (error: Error) => WireFailure,
  transferOf: (result: Out) => Transferable[] = () => [],
): void {
  const port = parentPort;
  if (!port) throw new Error("serveSideThread runs in a worker thread");
  port.postMessage({ ready });
  port.on("message", async ({ id, input }: { id: number; input: In }) => {
    try {
      const result = await handle(input);
      port.postMessage({ id, result }, transferOf(result));
    } catch (error) {
      const failure =
        error instanceof JobFailure
          ? { type: error.type, message: error.message, details: error.details }
          : failureOf(error as Error);
      port.postMessage({ id, failure });
    }
  });
}
