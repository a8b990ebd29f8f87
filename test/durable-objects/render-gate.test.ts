import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { coalesce, type GateStub } from "../../src/domain/renders/render-capacity";
import { ServiceError } from "../../src/errors";

const gateFor = (name: string): GateStub => env.RENDER_GATE.get(env.RENDER_GATE.idFromName(name));
const slot = (ticket: string, maxWaitMs = 5_000) => ({ ticket, limit: 1, leaseMs: 60_000, maxWaitMs });
const pending = async (promise: Promise<unknown>) =>
  (await Promise.race([
    promise.then(() => "settled"),
    new Promise((resolve) => setTimeout(resolve, 100, "pending")),
  ])) === "pending";

describe("RenderGate: one call to enter with a slot, one to leave", () => {
  it("a leader holds its slot from entering: the account's next render waits until the leader leaves", async () => {
    const gate = gateFor(`gate-slots-${crypto.randomUUID()}`);
    expect(await gate.enter("key-a", 60_000, 5_000, slot("t1"))).toBe("lead");
    const second = gate.enter("key-b", 60_000, 5_000, slot("t2"));
    expect(await pending(second)).toBe(true);
    await gate.leave("key-a", "t1");
    expect(await second).toBe("lead");
    await gate.leave("key-b", "t2");
  });

  it("an identical render entering meanwhile follows the leader and is told to look in the cache once it leaves", async () => {
    const gate = gateFor(`gate-follow-${crypto.randomUUID()}`);
    expect(await gate.enter("same", 60_000, 5_000, slot("t1"))).toBe("lead");
    const follower = gate.enter("same", 60_000, 5_000, slot("t2"));
    expect(await pending(follower)).toBe(true);
    await gate.leave("same", "t1");
    expect(await follower).toBe("settled");
    // The follower took no slot: a new render enters at once.
    expect(await gate.enter("other", 60_000, 5_000, slot("t3"))).toBe("lead");
  });

  it("'busy' when no slot frees in time, and the lead is let go: the same render can enter again", async () => {
    const gate = gateFor(`gate-busy-${crypto.randomUUID()}`);
    expect(await gate.enter("first", 60_000, 5_000, slot("t1"))).toBe("lead");
    expect(await gate.enter("second", 60_000, 5_000, slot("t2", 50))).toBe("busy");
    await gate.leave("first", "t1");
    expect(await gate.enter("second", 60_000, 5_000, slot("t2"))).toBe("lead");
  });

  it("coalesce turns 'busy' into render_failed at stage browser, retryable, without producing anything", async () => {
    const gate = gateFor(`gate-coalesce-${crypto.randomUUID()}`);
    const settings = { perAccount: 1, maxWaitMs: 50 };
    expect(await gate.enter("holder", 60_000, 5_000, slot("t1"))).toBe("lead");
    let produced = false;
    const error = await coalesce(
      gate,
      "blocked",
      1_000,
      async () => undefined,
      async () => (produced = true),
      { slot: { ticket: "t2", settings } },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).extra.details).toMatchObject({
      stage: "browser",
      reason: "account_busy",
      retryable: true,
    });
    expect(produced).toBe(false);
  });

  it("coalesce tells the leader it holds its slot, and lets go of both when done", async () => {
    const gate = gateFor(`gate-holds-${crypto.randomUUID()}`);
    const settings = { perAccount: 1, maxWaitMs: 5_000 };
    const once = await coalesce(
      gate,
      "k",
      1_000,
      async () => undefined,
      async (holdsSlot) => holdsSlot,
      { slot: { ticket: "t1", settings } },
    );
    expect(once).toEqual({ produced: true });
    // Slot and lead are free again: the same key leads, and the one slot is granted at once.
    expect(await gate.enter("k", 60_000, 5_000, slot("t2", 50))).toBe("lead");
  });
});
