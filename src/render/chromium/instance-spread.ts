// Which of N Chromium instances (render backend containers, Browser Rendering sessions) takes a job.
// Cloudflare routes a Durable Object name to its one instance and balances nothing itself, so the Worker
// chooses: each key (the account) ranks the instances in an order of its own (rendezvous hashing), a job
// goes to the first one in that order with room under the per-instance cap, and waits when all are full.
// An account's jobs stay on one warm instance while it has room, and losing an instance moves only the keys
// that ranked it first. A job is never split: the whole render, every page of it, runs on one instance.
import { ServiceError } from "../../errors";

/** Thrown by a job's work when its instance could not take it (unreachable, failing to start, gone mid-job). */
export class InstanceUnavailable extends Error {}

interface SpreadSettings {
  /** Jobs one instance is given at once from this isolate; more wait for room. */
  perInstance: number;
  /** How long a job waits for room before it fails as busy. */
  maxWaitMs: number;
  /** How long an instance that could not take a job is passed over while another has room. */
  restMs: number;
}

interface Seat {
  inFlight: number;
  jobs: number;
  failures: number;
  restingUntil: number;
}

/** A 32-bit FNV-1a hash with a final avalanche, so keys that differ by one character rank instances unrelatedly. */
function weight(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

export class InstanceSpread {
  private readonly seats = new Map<string, Seat>();
  /** Jobs waiting for room, oldest first; each takes a place when one frees up and says whether it did. */
  private waiting: Array<() => boolean> = [];
  readonly names: readonly string[];
  private readonly settings: SpreadSettings;

  constructor(names: readonly string[], settings: SpreadSettings) {
    if (names.length === 0) throw new Error("an instance spread needs at least one instance");
    this.names = names;
    this.settings = settings;
    for (const name of names) this.seats.set(name, { inFlight: 0, jobs: 0, failures: 0, restingUntil: 0 });
  }

  /** The instances in `key`'s order of preference. */
  order(key: string): string[] {
    return [...this.names].sort((a, b) => weight(`${key}\u0000${b}`) - weight(`${key}\u0000${a}`));
  }

  /**
   * Runs `work` on the first instance in `key`'s order with room. When that instance could not take the job
   * (`InstanceUnavailable`), it rests a while and the job is tried once more, on the next instance. With `only`,
   * the job runs on that instance or fails (a chunked render's pieces are kept where the first one printed).
   */
  async run<T>(key: string, work: (name: string) => Promise<T>, only?: string): Promise<T> {
    const order = only === undefined ? this.order(key) : [only];
    let failed: string | null = null;
    for (;;) {
      const name = await this.take(order.filter((n) => n !== failed));
      try {
        return await work(name);
      } catch (error) {
        if (!(error instanceof InstanceUnavailable)) throw error;
        const seat = this.seat(name);
        seat.failures++;
        seat.restingUntil = Date.now() + this.settings.restMs;
        if (failed !== null || order.length === 1) throw error;
        failed = name;
      } finally {
        this.release(name);
      }
    }
  }

  stats() {
    const now = Date.now();
    return this.names.map((name) => {
      const seat = this.seat(name);
      return {
        name,
        in_flight: seat.inFlight,
        jobs: seat.jobs,
        failures: seat.failures,
        resting: seat.restingUntil > now,
      };
    });
  }

  /** Every name the spread hands out is one of its instances, each seated in the constructor. */
  private seat(name: string): Seat {
    const seat = this.seats.get(name);
    if (!seat) throw new Error(`${name} is not an instance of this spread`);
    return seat;
  }

  /** Instances that are not resting come first, each group in the key's order; the first with room wins. */
  private pick(candidates: string[]): string | null {
    const now = Date.now();
    const resting = (name: string) => this.seat(name).restingUntil > now;
    for (const name of [...candidates.filter((n) => !resting(n)), ...candidates.filter(resting)]) {
      const seat = this.seat(name);
      if (seat.inFlight < this.settings.perInstance) {
        seat.inFlight++;
        seat.jobs++;
        return name;
      }
    }
    return null;
  }

  private take(candidates: string[]): Promise<string> {
    const now = this.pick(candidates);
    if (now !== null) return Promise.resolve(now);
    return new Promise((resolve, reject) => {
      const attempt = () => {
        const name = this.pick(candidates);
        if (name === null) return false;
        clearTimeout(timer);
        resolve(name);
        return true;
      };
      const timer = setTimeout(() => {
        this.waiting = this.waiting.filter((w) => w !== attempt);
        reject(
          new ServiceError(
            "render_failed",
            `Every Chromium instance stayed busy for ${Math.round(this.settings.maxWaitMs / 1000)} s; retry shortly.`,
            { details: { stage: "browser", reason: "renderers_busy", transient: true, retryable: true } },
          ),
        );
      }, this.settings.maxWaitMs);
      this.waiting.push(attempt);
    });
  }

  private release(name: string): void {
    this.seat(name).inFlight--;
    // The oldest waiter that can use the freed place takes it (a retry may not use the instance that failed it).
    const index = this.waiting.findIndex((attempt) => attempt());
    if (index >= 0) this.waiting.splice(index, 1);
  }
}

/** How long a job waits for room: about two full-length renders, like the account's own Chromium slots. */
const MAX_WAIT_MS = 60_000;
/** An instance that could not take a job (starting, replaced, gone) is passed over this long while others have room. */
const REST_MS = 30_000;
const shared = new Map<string, InstanceSpread>();

/** The isolate's one spread over these instances, so the cap counts every request the isolate serves at once. */
export function sharedSpread(names: readonly string[], perInstance: number): InstanceSpread {
  const key = `${names.join(",")}/${perInstance}`;
  let spread = shared.get(key);
  if (!spread) {
    spread = new InstanceSpread(names, { perInstance, maxWaitMs: MAX_WAIT_MS, restMs: REST_MS });
    shared.set(key, spread);
  }
  return spread;
}
