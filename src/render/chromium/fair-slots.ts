// A Chromium's page slots (the render backend's, a Browser Rendering session's), shared fairly between
// accounts. When every slot is busy, the next free one goes to the waiting job whose account has the fewest
// jobs running, and among equals to the account served longest ago, so an account with many jobs queued
// takes turns with one that has a single job.
import { JobFailure } from "./page-job.ts";

interface Waiter {
  account: string;
  grant(): void;
}

export class FairSlots {
  private active = 0;
  private waiting: Waiter[] = [];
  private running = new Map<string, number>();
  /** When each account with jobs running or waiting was last given a slot, as a grant sequence number. */
  private lastServed = new Map<string, number>();
  private grants = 0;
  private readonly capacity: number;
  private readonly maxWaitMs: number;

  constructor(capacity: number, maxWaitMs: number) {
    this.capacity = capacity;
    this.maxWaitMs = maxWaitMs;
  }

  get stats() {
    return { active: this.active, queued: this.waiting.length, accounts_running: this.running.size };
  }

  get idle(): boolean {
    return this.active === 0;
  }

  private count(account: string, delta: number): void {
    const next = (this.running.get(account) ?? 0) + delta;
    if (next > 0) this.running.set(account, next);
    else this.running.delete(account);
    if (delta > 0) this.lastServed.set(account, ++this.grants);
    else if (next <= 0 && !this.waiting.some((w) => w.account === account)) this.lastServed.delete(account);
  }

  /** Orders waiters: fewer jobs running first, then the account served longest ago, then arrival. */
  private before(a: Waiter, b: Waiter): boolean {
    const load = (w: Waiter) => this.running.get(w.account) ?? 0;
    if (load(a) !== load(b)) return load(a) < load(b);
    return (this.lastServed.get(a.account) ?? 0) < (this.lastServed.get(b.account) ?? 0);
  }

  /** Takes a slot for `account`, waiting in turn; refused as a transient failure after the longest wait. */
  async acquire(account: string): Promise<void> {
    if (this.active < this.capacity) {
      this.active++;
      this.count(account, 1);
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { account, grant: () => (clearTimeout(timer), resolve()) };
      const timer = setTimeout(() => {
        this.waiting = this.waiting.filter((w) => w !== waiter);
        this.count(account, 0);
        reject(new JobFailure("render_failed", `Every Chromium page stayed busy for ${this.maxWaitMs / 1000} s; retry shortly.`, { stage: "browser", reason: "renderer_busy", transient: true, retryable: true }));
      }, this.maxWaitMs);
      this.waiting.push(waiter);
    });
  }

  /** Frees `account`'s slot and hands it straight to the waiter whose turn it is. */
  release(account: string): void {
    this.count(account, -1);
    let chosen = -1;
    for (let i = 0; i < this.waiting.length; i++) if (chosen < 0 || this.before(this.waiting[i]!, this.waiting[chosen]!)) chosen = i;
    if (chosen < 0) {
      this.active--;
      return;
    }
    const [next] = this.waiting.splice(chosen, 1);
    this.count(next!.account, 1);
    next!.grant();
  }
}
