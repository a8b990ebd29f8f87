// A Chromium's page slots (the render backend's, a Browser Rendering session's), and the render backend's side
// threads (e-invoice checks, page images), shared fairly between accounts (docs/limits.md#fair-share). When every slot is busy, the next free one goes to the waiting
// job whose account has the fewest jobs running, and among equals to the account served longest ago. Three rules
// keep any set of accounts from holding the whole instance: the last free slot never goes to an account that
// already holds one; free work (free and trial accounts, and every preview) holds at most half the slots; and an
// account whose jobs ran out of time or memory twice in ten minutes holds one slot at a time for ten minutes.
import type { SlotShare } from "./job-contract.ts";
import { JobFailure } from "./job-failure.ts";

/**
 * A held slot. `settled` tells how its job ended the moment it is answered, so a timeout counts against the account
 * before its page is even given back (closing a page stuck in a print takes a while, and the account's next renders
 * would meanwhile run as if nothing happened); `release` gives the slot back, counting its outcome unless settled.
 */
export interface SlotLease {
  settled(outcome: { error?: unknown }): void;
  release(outcome?: { error?: unknown }): void;
}

interface Waiter {
  account: string;
  share: SlotShare;
  grant(): void;
}

const STRIKE_WINDOW_MS = 10 * 60_000;
const STRIKES_TO_LIMIT = 2;
const LIMITED_FOR_MS = 10 * 60_000;

/** The refusal of a job that waited the longest wait: what stayed busy, in the words of what the slots are. */
const CHROMIUM_BUSY = (seconds: number) =>
  new JobFailure("render_failed", `Every Chromium page stayed busy for ${seconds} s; retry shortly.`, {
    stage: "browser",
    reason: "renderer_busy",
    transient: true,
    retryable: true,
  });

/** A job that held its page to the end of its time or past the memory ceiling: the costly kind to repeat. */
function strikes(error: unknown): boolean {
  return error instanceof JobFailure && (error.details.reason === "timeout" || error.details.reason === "memory_limit");
}

export class FairSlots {
  private active = 0;
  private freeActive = 0;
  private waiting: Waiter[] = [];
  private running = new Map<string, number>();
  /** When each account with jobs running or waiting was last given a slot, as a grant sequence number. */
  private lastServed = new Map<string, number>();
  private grants = 0;
  private struck = new Map<string, number[]>();
  private limitedUntil = new Map<string, number>();
  private readonly capacity: number;
  private readonly maxWaitMs: number;
  private readonly now: () => number;
  private readonly busy: (seconds: number) => JobFailure;

  constructor(
    capacity: number,
    maxWaitMs: number,
    now: () => number = Date.now,
    busy: (seconds: number) => JobFailure = CHROMIUM_BUSY,
  ) {
    this.capacity = capacity;
    this.maxWaitMs = maxWaitMs;
    this.now = now;
    this.busy = busy;
  }

  get stats() {
    return {
      active: this.active,
      queued: this.waiting.length,
      accounts_running: this.running.size,
      free_active: this.freeActive,
      accounts_limited: [...this.limitedUntil.values()].filter((until) => until > this.now()).length,
    };
  }

  get idle(): boolean {
    return this.active === 0;
  }

  /** The most slots free work may hold at once: half the instance, and at least one. */
  get freeCapacity(): number {
    return Math.max(1, Math.floor(this.capacity / 2));
  }

  private count(account: string, delta: number): void {
    const next = (this.running.get(account) ?? 0) + delta;
    if (next > 0) this.running.set(account, next);
    else this.running.delete(account);
    if (delta > 0) this.lastServed.set(account, ++this.grants);
    else if (next <= 0 && !this.waiting.some((w) => w.account === account)) this.lastServed.delete(account);
  }

  /** Whether a slot may go to `account` now, under the three rules. */
  private mayTake(account: string, share: SlotShare): boolean {
    const holding = this.running.get(account) ?? 0;
    if (this.active >= this.capacity) return false;
    if (holding > 0 && this.active === this.capacity - 1) return false;
    if (share === "free" && this.freeActive >= this.freeCapacity) return false;
    return holding === 0 || (this.limitedUntil.get(account) ?? 0) <= this.now();
  }

  /** Orders waiters: fewer jobs running first, then the account served longest ago, then arrival. */
  private before(a: Waiter, b: Waiter): boolean {
    const load = (w: Waiter) => this.running.get(w.account) ?? 0;
    if (load(a) !== load(b)) return load(a) < load(b);
    return (this.lastServed.get(a.account) ?? 0) < (this.lastServed.get(b.account) ?? 0);
  }

  private take(account: string, share: SlotShare): SlotLease {
    this.active++;
    if (share === "free") this.freeActive++;
    this.count(account, 1);
    let released = false;
    let counted = false;
    const settled = (outcome: { error?: unknown }) => {
      if (counted) return;
      counted = true;
      if (strikes(outcome.error)) this.strike(account);
    };
    return {
      settled,
      release: (outcome = {}) => {
        if (released) return;
        released = true;
        settled(outcome);
        this.active--;
        if (share === "free") this.freeActive--;
        this.count(account, -1);
        this.dispatch();
      },
    };
  }

  private strike(account: string): void {
    const now = this.now();
    const recent = [...(this.struck.get(account) ?? []).filter((at) => at > now - STRIKE_WINDOW_MS), now];
    this.struck.set(account, recent);
    if (recent.length >= STRIKES_TO_LIMIT) this.limitedUntil.set(account, now + LIMITED_FOR_MS);
  }

  /** Hands free slots to the waiters whose turn it is and whom the rules allow; the rest keep waiting. */
  private dispatch(): void {
    for (;;) {
      let chosen: Waiter | undefined;
      for (const waiter of this.waiting) {
        if (this.mayTake(waiter.account, waiter.share) && (!chosen || this.before(waiter, chosen))) chosen = waiter;
      }
      if (!chosen) return;
      this.waiting.splice(this.waiting.indexOf(chosen), 1);
      chosen.grant();
    }
  }

  /** Takes a slot for `account`, waiting in turn; refused as a transient failure after the longest wait. */
  async acquire(account: string, share: SlotShare = "paid"): Promise<SlotLease> {
    if (this.mayTake(account, share) && this.waiting.length === 0) return this.take(account, share);
    return new Promise<SlotLease>((resolve, reject) => {
      const waiter: Waiter = {
        account,
        share,
        grant: () => {
          clearTimeout(timer);
          resolve(this.take(account, share));
        },
      };
      const timer = setTimeout(() => {
        this.waiting = this.waiting.filter((w) => w !== waiter);
        this.count(account, 0);
        reject(this.busy(this.maxWaitMs / 1000));
      }, this.maxWaitMs);
      this.waiting.push(waiter);
      this.dispatch();
    });
  }

  /** Runs `job` once `account` has a slot, and gives the slot back when it ends (a failure it throws counts). */
  async run<T>(account: string, share: SlotShare, job: () => Promise<T>): Promise<T> {
    const lease = await this.acquire(account, share);
    let error: unknown;
    try {
      return await job();
    } catch (thrown) {
      error = thrown;
      throw thrown;
    } finally {
      lease.release({ error });
    }
  }
}
