// The backend's e-invoice checks, answered by one worker thread that holds every rule set (e-invoice-worker.ts), so
// the event loop that drives Chromium stays free while SaxonJS runs. A worker that dies fails the checks in flight
// (retryable) and is started again for the next one.
import { Worker } from "node:worker_threads";
import type { EInvoiceValidation } from "@folio/e-invoice/validate";
import { JobFailure, type WireFailure } from "@folio/render-page/job-failure";

type Answer = { id: number; result: EInvoiceValidation } | { id: number; failure: WireFailure };
type Waiting = { resolve: (result: EInvoiceValidation) => void; reject: (error: JobFailure) => void };

export class EInvoiceThread {
  private worker!: Worker;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 0;
  /** When the rules are loaded: how many rule sets, and how long it took. */
  ready!: Promise<{ ruleSets: number; ms: number }>;

  constructor() {
    this.start();
  }

  private start(): void {
    const worker = new Worker(new URL("./e-invoice-worker.ts", import.meta.url));
    this.worker = worker;
    this.ready = new Promise((resolve) => {
      worker.on("message", (message: Answer | { ready: { ruleSets: number; ms: number } }) => {
        if ("ready" in message) return resolve(message.ready);
        const waiting = this.waiting.get(message.id);
        this.waiting.delete(message.id);
        if ("result" in message) waiting?.resolve(message.result);
        else waiting?.reject(new JobFailure(message.failure.type, message.failure.message, message.failure.details));
      });
    });
    worker.on("error", (error) => this.lost(worker, error.message));
    worker.on("exit", (code) => this.lost(worker, `it exited with code ${code}`));
    // The thread keeps no process alive by itself: the backend stops when its server does.
    worker.unref();
  }

  private lost(worker: Worker, why: string): void {
    if (worker !== this.worker) return;
    const failure = new JobFailure("render_failed", `The e-invoice check stopped (${why}); retry the render.`, {
      stage: "e_invoice",
      reason: "check_stopped",
      retryable: true,
      transient: true,
    });
    for (const waiting of this.waiting.values()) waiting.reject(failure);
    this.waiting.clear();
    this.start();
  }

  /** Checks a `/validate-e-invoice` body (`{xml, standard, profile | cius}`) with the official rules. */
  check(text: string): Promise<EInvoiceValidation> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, text });
    });
  }
}
