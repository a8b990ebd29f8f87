import { describe, expect, it } from "vitest";
import type { TimeStampAsk } from "../../src/domain/ports/time-stamps";
import { until } from "../poll";
import { ask, badAuthority, failure, queriesFor, release, uniqueKey, withAuthority } from "./stamp";

// docs/limits.md#time-stamps: at most 8 calls at once to the authority for the deployment and 2 per account, and a
// breaker that stops calling an authority that failed 5 times within a minute.

/** Long enough for a call let through by mistake to reach the authority. */
const SETTLE_MS = 500;

/**
 * Makes the calls `asks` to an authority that holds every answer: exactly `reaching` of them reach it while it holds,
 * the others wait; once it answers, every call ends with a token.
 */
async function onlySomeReach(asks: TimeStampAsk[], reaching: number): Promise<void> {
  const key = uniqueKey();
  const services = withAuthority(badAuthority("hold", key));
  const calls = asks.map((asked) => services.timeStamps.stamp(asked));
  await until(
    () => queriesFor(key),
    (count) => count === reaching,
    10_000,
  );
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  expect(await queriesFor(key)).toBe(reaching);
  await release(key);
  expect(await Promise.all(calls)).toHaveLength(asks.length);
  expect(await queriesFor(key)).toBe(asks.length);
}

describe("calls at once", () => {
  it("the deployment's 9th call waits until one of 8 ends, then goes through", async () => {
    await onlySomeReach(
      Array.from({ length: 9 }, () => ask()),
      8,
    );
  });

  it("an account's 3rd call waits while another account's call goes through", async () => {
    const busy = ask();
    await onlySomeReach([busy, { ...busy }, { ...busy }, ask()], 3);
  });
});

describe("the breaker", () => {
  it("after 5 failures within a minute, the 6th call fails at once without calling", async () => {
    const key = uniqueKey();
    const services = withAuthority(badAuthority("fail", key));
    for (let failed = 0; failed < 5; failed++)
      expect((await failure(services.timeStamps.stamp(ask()))).message).toContain("answered HTTP 500");
    const sixth = await failure(services.timeStamps.stamp(ask()));
    expect(sixth.message).toContain("failed 5 times within the last minute");
    expect(sixth.details).toMatchObject({ stage: "signature", retryable: true });
    expect(await queriesFor(key)).toBe(5);
  });
});
