import { FairSlots, type SlotLease } from "@folio/render-page/fair-slots";
import type { SlotShare } from "@folio/render-page/job-contract";
import { JobFailure } from "@folio/render-page/job-failure";
import { describe, expect, it } from "vitest";

// README "How a render stays safe": no set of accounts holds every slot of an instance.
const LONG_WAIT = 60_000;

/** Asks for a slot and reports whether it was given by the time pending work has run. */
function ask(slots: FairSlots, account: string, share: SlotShare = "paid") {
  const asked = { lease: null as SlotLease | null };
  void slots.acquire(account, share).then((lease) => (asked.lease = lease));
  return asked;
}
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
const timeout = new JobFailure("render_failed", "The render did not finish within 30000 ms.", {
  stage: "browser",
  reason: "timeout",
});

describe("fair slots", () => {
  it("let free work (free and trial accounts, previews) hold at most half the slots, while a paying account gets one at once", async () => {
    const slots = new FairSlots(4, LONG_WAIT);
    const flood = ["trial-1", "trial-2", "trial-3", "trial-4"].map((account) => ask(slots, account, "free"));
    await settled();
    expect(flood.filter((asked) => asked.lease).length).toBe(2);
    const paying = ask(slots, "paying");
    await settled();
    expect(paying.lease).not.toBeNull();
    expect(slots.stats).toMatchObject({ active: 3, free_active: 2, queued: 2 });
    // A free slot frees: the next free job takes it, not more.
    flood.find((asked) => asked.lease)!.lease!.release();
    await settled();
    expect(flood.filter((asked) => asked.lease).length).toBe(3);
    expect(slots.stats).toMatchObject({ active: 3, free_active: 2, queued: 1 });
  });

  it("never give the last free slot to an account that already holds one", async () => {
    const slots = new FairSlots(4, LONG_WAIT);
    const greedy = [ask(slots, "greedy"), ask(slots, "greedy"), ask(slots, "greedy"), ask(slots, "greedy")];
    await settled();
    expect(greedy.filter((asked) => asked.lease).length).toBe(3);
    const other = ask(slots, "other");
    await settled();
    expect(other.lease).not.toBeNull();
    expect(greedy.filter((asked) => asked.lease).length).toBe(3);
  });

  it("hold an account whose jobs ran out of time twice in ten minutes to one slot for ten minutes", async () => {
    let now = 1_000_000;
    const slots = new FairSlots(4, LONG_WAIT, () => now);
    for (let strike = 0; strike < 2; strike++) (await slots.acquire("heavy")).release({ error: timeout });
    const held = [ask(slots, "heavy"), ask(slots, "heavy")];
    await settled();
    expect(held.map((asked) => asked.lease !== null)).toEqual([true, false]);
    expect(slots.stats.accounts_limited).toBe(1);
    held[0]!.lease!.release();
    await settled();
    expect(held[1]!.lease).not.toBeNull();
    now += 10 * 60_000 + 1;
    const later = [ask(slots, "heavy"), ask(slots, "heavy")];
    await settled();
    expect(later.every((asked) => asked.lease)).toBe(true);
  });

  it("count a timeout when it is answered: settled, not yet given back, the account is already limited", async () => {
    const slots = new FairSlots(4, LONG_WAIT);
    const stuck = [await slots.acquire("heavy"), await slots.acquire("heavy")];
    for (const lease of stuck) lease.settled({ error: timeout });
    expect(slots.stats.accounts_limited).toBe(1);
    // Given back later, the outcome is not counted twice, and the account takes one slot at a time.
    for (const lease of stuck) lease.release({ error: timeout });
    const next = [ask(slots, "heavy"), ask(slots, "heavy")];
    await settled();
    expect(next.map((asked) => asked.lease !== null)).toEqual([true, false]);
  });

  it("still take turns: the waiting account with the fewest jobs running goes first", async () => {
    const slots = new FairSlots(2, LONG_WAIT);
    const first = await slots.acquire("busy");
    await slots.acquire("quiet");
    const busyAgain = ask(slots, "busy");
    const quietAgain = ask(slots, "quiet-2");
    await settled();
    first.release();
    await settled();
    expect(quietAgain.lease).not.toBeNull();
    expect(busyAgain.lease).toBeNull();
  });
});
