import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ServiceError } from "../../src/errors";
import { type BackendInstance, containerDriver } from "../../src/render/chromium/container-driver";
import type { ChromiumJob } from "../../src/render/chromium/driver";
import { InstanceSpread } from "../../src/render/chromium/instance-spread";

// The container driver against real render backend processes on loopback ports, one per stand-in instance
// (test/backend-fleet.ts starts them): only the transport differs from production, where each instance is
// a RenderContainer Durable Object in front of the same backend.
const SECRET = "container-driver-test-secret";
const fleet = (path: string) => fetch(`${inject("backendFleetUrl")}${path}`, { method: "POST" });
let urls: string[];

beforeAll(async () => {
  const res = await fleet(`/start?count=3&secret=${SECRET}`);
  urls = ((await res.json()) as { urls: string[] }).urls;
}, 90_000);

afterAll(async () => void (await fleet(`/stop?${urls.map((url) => `url=${encodeURIComponent(url)}`).join("&")}`)));

/** Stand-in instances over `urls`, recording which instance each job was sent to and how many each held at once. */
function standIns() {
  const sent: string[] = [];
  const holding = new Map<string, number>();
  const peak = new Map<string, number>();
  const instances: BackendInstance[] = urls.map((url, index) => {
    const name = `render-${index}`;
    return {
      name,
      send: async (path, init) => {
        if (path !== "/render") return fetch(`${url}${path}`, init);
        sent.push(name);
        holding.set(name, (holding.get(name) ?? 0) + 1);
        peak.set(name, Math.max(peak.get(name) ?? 0, holding.get(name)!));
        try {
          const res = await fetch(`${url}${path}`, init);
          return new Response(await res.arrayBuffer(), res);
        } finally {
          holding.set(name, holding.get(name)! - 1);
        }
      },
      awake: async () => (await fetch(`${url}/healthz`)).ok,
    };
  });
  return { instances, sent, peak };
}

function setUp(perInstance: number) {
  const standIn = standIns();
  const spread = new InstanceSpread(
    standIn.instances.map((instance) => instance.name),
    { perInstance, maxWaitMs: 60_000, restMs: 60_000 },
  );
  return { ...standIn, spread, driver: containerDriver(standIn.instances, SECRET, spread) };
}

const job = (accountId: string, text = accountId): ChromiumJob => ({
  html: `<p>${text}</p>`,
  format: "pdf",
  options: {},
  timeoutMs: 20_000,
  allowPrivateEgress: false,
  accountId,
  share: "paid",
});

/** An account whose first choices, in order, are `first`. */
function accountPreferring(spread: InstanceSpread, ...first: string[]): string {
  for (let i = 0; ; i++)
    if (spread.order(`acct_${i}`).slice(0, first.length).join() === first.join()) return `acct_${i}`;
}

describe("the container driver over several render backends", () => {
  it("keeps an account's renders on the instance its key ranks first, and spreads accounts over every instance", async () => {
    const { driver, spread, sent } = setUp(4);
    const accounts = Array.from({ length: 9 }, (_, i) => `acct_spread_${i}`);
    for (const account of accounts) {
      const file = await driver.print(job(account));
      expect(file.pageCount).toBe(1);
      expect(new TextDecoder().decode(file.bytes.slice(0, 5))).toBe("%PDF-");
    }
    expect(sent).toEqual(accounts.map((account) => spread.order(account)[0]));
    expect(new Set(sent).size).toBe(3);

    const sticky = accounts[0]!;
    for (let i = 0; i < 3; i++) await driver.print(job(sticky, `again ${i}`));
    expect(sent.slice(-3)).toEqual(Array(3).fill(spread.order(sticky)[0]));
  });

  it("keeps a chunked render's pieces and its join on the instance of its first piece, waiting for it when it is full", async () => {
    const { driver, spread, sent } = setUp(1);
    const account = "acct_chunked";
    const [first] = spread.order(account);
    const printer = driver.chunks?.open(account);
    if (!printer) throw new Error("the container driver prints chunked renders");
    const piece = (index: number) => ({ ...job(account, `piece ${index}`), chunk: { session: "rnd_pinned", index } });
    expect(await printer.print(piece(0))).toEqual({ pageCount: 1, totalPages: 1 });
    // The account's own render holds its first choice (cap 1): an ordinary job would go on to the next instance,
    // the piece waits for the one that holds piece 0.
    const [other, second] = await Promise.all([driver.print(job(account, "beside")), printer.print(piece(1))]);
    expect(other.pageCount).toBe(1);
    expect(second).toEqual({ pageCount: 1, totalPages: 2 });
    expect(sent).toEqual([first, first, first]);
    const joined = await printer.join({
      session: "rnd_pinned",
      identity: { documentId: "0".repeat(32), metadata: {} },
      finish: null,
      timeoutMs: 20_000,
      accountId: account,
      share: "paid",
    });
    expect(joined.pageCount).toBe(2);
    expect(new TextDecoder().decode(new Uint8Array(await new Response(joined.body).arrayBuffer()).slice(0, 5))).toBe(
      "%PDF-",
    );
  });

  it("never gives an instance more than its cap: the overflow goes down the account's order, then waits", async () => {
    const { driver, spread, sent, peak } = setUp(2);
    const account = "acct_capped";
    const first = await Promise.all(Array.from({ length: 6 }, (_, i) => driver.print(job(account, `burst ${i}`))));
    expect(first.every((file) => file.pageCount === 1)).toBe(true);
    // Six at once, two a place: the account's first choice, then its second, then its third.
    expect(sent).toEqual(spread.order(account).flatMap((name) => [name, name]));

    const second = await Promise.all(Array.from({ length: 10 }, (_, i) => driver.print(job(account, `flood ${i}`))));
    expect(second).toHaveLength(10);
    for (const name of spread.names) expect(peak.get(name)).toBeLessThanOrEqual(2);
    expect(spread.stats().every((seat) => seat.in_flight === 0)).toBe(true);
  });

  it("retries a job once, on the next instance, when its instance's backend was killed; then passes over the dead one", async () => {
    const { driver, spread, sent } = setUp(4);
    const [dead, next] = spread.order("acct_victim");
    await fleet(`/kill?url=${encodeURIComponent(urls[Number(dead!.slice(-1))]!)}`);

    const file = await driver.print(job("acct_victim", "after the kill"));
    expect(file.pageCount).toBe(1);
    expect(sent).toEqual([dead, next]);
    expect(spread.stats().find((seat) => seat.name === dead)).toMatchObject({ failures: 1, resting: true });

    await driver.print(job("acct_victim", "once more"));
    expect(sent.slice(2)).toEqual([next]);
    expect(await driver.health()).toMatch(/render instance unavailable/);
  });

  it("gives up after that one retry when the next instance is dead too, and leaves the rest untouched", async () => {
    const { driver, spread, sent } = setUp(4);
    const alive = urls.map((url, index) => ({ url, name: `render-${index}` }));
    const healthy = (
      await Promise.all(
        alive.map(async (instance) =>
          (await fetch(`${instance.url}/healthz`).catch(() => null))?.ok ? instance.name : null,
        ),
      )
    ).filter((name) => name !== null);
    const [survivor, victim] = healthy as string[];
    await fleet(`/kill?url=${encodeURIComponent(urls[Number(victim!.slice(-1))]!)}`);
    const dead = spread.names.filter((name) => name !== survivor);
    const account = accountPreferring(spread, ...dead);

    const failure = await driver.print(job(account)).then(
      () => expect.unreachable("both of its instances are dead"),
      (error: unknown) => error as ServiceError,
    );
    expect(failure).toBeInstanceOf(ServiceError);
    expect(failure.type).toBe("render_failed");
    expect(failure.extra.details).toMatchObject({ stage: "browser", reason: "backend_unreachable", retryable: true });
    expect(sent).toEqual(dead);

    // Both now rest: the next job goes straight to the one that lives.
    expect((await driver.print(job(account, "to the survivor"))).pageCount).toBe(1);
    expect(sent.slice(2)).toEqual([survivor]);
  });
});
