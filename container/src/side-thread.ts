// Work that would hold the event loop driving Chromium (SaxonJS running e-invoice rules, pdf.js drawing a page) runs
// in a worker thread of its own, one per kind of work, one job at a time in the order asked (the kind's seats,
// @folio/render-page/side-seats, decide whose job is asked next). A job's time limit counts from the moment the
// thread starts it, never while it waits: past it, that job fails (not retryable: it would take as long again) and
// the thread is replaced, so no one job holds everyone else's work. A thread that dies fails the job it ran
// (retryable) and is started again for the next. Failures are said in Folio's words; why a thread stopped goes to
// the log only.
import { type Transferable, Worker } from "node:worker_threads";
import type { SideSeat } from "@folio/render-page/job-contract";
import { JobFailure, type WireFailure } from "@folio/render-page/job-failure";

type Answer<Out> = { result: Out } | { failure: WireFailure };
interface Job<In, Out> {
  input: In;
  transfer: Transferable[];
  resolve: (result: Out) => void;
  reject: (error: JobFailure) => void;
}

export interface SideThreadOptions {
  script: URL;
  /** The work, as an answer names it: "The e-invoice check". */
  work: string;
  /** The failures' details: `stage`, and the `reason` of a job whose thread stopped. */
  details: { stage: string; reason: string };
  timeLimitMs: number;
  /** Given to the thread's script as `workerData`: which of its kinds of work this thread does. */
  workerData?: unknown;
}

/** A kind of side work as the backend's routes use it: its threads, behind the seats that decide whose job is next. */
export interface SideWork<In, Out, Ready> {
  /** What the threads said once they loaded; a getter, as a thread that died is started again with its own. */
  readonly ready: Promise<Ready>;
  /** Runs `input` once `seat`'s turn comes; its time limit counts from when its thread starts it. */
  ask(input: In, seat: SideSeat): Promise<Out>;
  /** The seats' counters, for the backend's /stats. */
  readonly stats: Record<string, number>;
  /** Kills the threads as a crash would (tests): the work in flight fails retryable, new threads take the next. */
  terminate(): Promise<void>;
  close(): Promise<void>;
}

export class SideThread<In, Out, Ready> {
  /** Absent after a thread died before it was ready: the next request starts one, never a loop of restarts. */
  private worker: Worker | undefined;
  /** Jobs asked and not started, in the order asked. */
  private readonly queue: Job<In, Out>[] = [];
  /** The job the thread runs (or waits to be ready for), with its time limit's timer once started. */
  private current: { job: Job<In, Out>; timer?: NodeJS.Timeout } | undefined;
  /** What the thread says once it has loaded what it needs; rejects when it dies before that. */
  ready!: Promise<Ready>;
  private readonly options: SideThreadOptions;

  constructor(options: SideThreadOptions) {
    this.options = options;
    this.start();
  }

  /** The failure of the job a thread ran when it stopped: retryable, the next attempt finds a new thread. */
  private stopped(): JobFailure {
    return new JobFailure("render_failed", `${this.options.work} stopped before it finished; retry.`, {
      ...this.options.details,
      retryable: true,
      transient: true,
    });
  }

  private start(): Worker {
    const worker = new Worker(this.options.script, { workerData: this.options.workerData });
    this.worker = worker;
    let isReady = false;
    this.ready = new Promise((resolve, reject) => {
      worker.on("message", (message: Answer<Out> | { ready: Ready }) => {
        if ("ready" in message) {
          isReady = true;
          return resolve(message.ready);
        }
        if (worker !== this.worker) return;
        if ("result" in message) this.finish((job) => job.resolve(message.result));
        else {
          const { type, message: text, details } = message.failure;
          this.finish((job) => job.reject(new JobFailure(type, text, details)));
        }
      });
      const lost = (why: string) => {
        reject(this.stopped());
        this.lost(worker, why, isReady);
      };
      worker.on("error", (error) => lost(error.stack ?? error.message));
      worker.on("exit", (code) => lost(`it exited with code ${code}`));
    });
    // Whoever needs the thread ready awaits `ready`; a thread nobody waits for must not fail the process.
    this.ready.catch(() => undefined);
    // The thread keeps no process alive by itself: the backend stops when its server does.
    worker.unref();
    return worker;
  }

  /** Ends the running job with `settle`, and starts the next. */
  private finish(settle: (job: Job<In, Out>) => void): void {
    const running = this.current;
    if (!running) return;
    clearTimeout(running.timer);
    this.current = undefined;
    settle(running.job);
    void this.next();
  }

  /** Starts the next job once the thread is ready; its time limit starts with it. */
  private async next(): Promise<void> {
    if (this.current) return;
    const job = this.queue.shift();
    if (!job) return;
    const running: { job: Job<In, Out>; timer?: NodeJS.Timeout } = { job };
    this.current = running;
    const worker = this.worker ?? this.start();
    await this.ready.catch(() => undefined);
    // The thread died while loading: lost() failed the job already.
    if (this.current !== running) return;
    running.timer = setTimeout(() => this.tooSlow(worker), this.options.timeLimitMs);
    running.timer.unref();
    worker.postMessage(job.input, job.transfer);
  }

  /** The running job passed its time limit: it fails on its own, and a new thread takes the jobs waiting. */
  private tooSlow(worker: Worker): void {
    const { work, details, timeLimitMs } = this.options;
    this.worker = undefined;
    void worker.terminate();
    this.start();
    const failure = new JobFailure(
      "render_failed",
      `${work} ran longer than ${timeLimitMs / 1000} s and was stopped.`,
      {
        ...details,
        reason: "too_slow",
        retryable: false,
        transient: false,
        limit_ms: timeLimitMs,
      },
    );
    this.finish((job) => job.reject(failure));
  }

  /** Fails the running job; a thread that had loaded is started again at once, one that had not fails the queue. */
  private lost(worker: Worker, why: string, wasReady: boolean): void {
    if (worker !== this.worker) return;
    console.error(`render backend: the thread for ${this.options.work.toLowerCase()} stopped: ${why}`);
    this.worker = undefined;
    const failure = this.stopped();
    if (wasReady) this.start();
    else for (const job of this.queue.splice(0)) job.reject(failure);
    if (this.current) this.finish((job) => job.reject(failure));
  }

  /** Queues `input` for the thread (moving `transfer`'s buffers, not copying them) and waits for its answer. */
  ask(input: In, transfer: Transferable[] = []): Promise<Out> {
    return new Promise((resolve, reject) => {
      this.queue.push({ input, transfer, resolve, reject });
      void this.next();
    });
  }

  /** Kills the thread as a crash would (tests): the running job fails, and a thread that had loaded is replaced. */
  async terminate(): Promise<void> {
    await this.worker?.terminate();
  }

  /** Stops the thread for good: nothing replaces it until the next request. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    const failure = this.stopped();
    for (const job of this.queue.splice(0)) job.reject(failure);
    if (this.current) this.finish((job) => job.reject(failure));
    await worker?.terminate();
  }
}
