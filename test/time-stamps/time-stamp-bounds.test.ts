import { describe, expect, it } from "vitest";
import type { TimeStampAsk } from "../../src/domain/ports/time-stamps";
import { ask, badAuthority, failure, mostAtOnce, queriesFor, uniqueKey, withAuthority } from "./stamp";

// docs/limits.md#time-stamps: at most 8 calls at once to the authority for the deployment and 2 per account, and a
// breaker that stops calling an authority that failed 5 times within a minute.

/**
 * Makes the calls `asks` at once to an authority that holds each answer 3 s: at most `bound` of them are with it at
 * once, and every call ends with a token.
 */
async function atMostAtOnce(asks: TimeStampAsk[], bound: number): Promise<void> {
  const key = uniqueKey();
  const services = withAuthority(badAuthority("hold", key));
  expect(await Promise.all(asks.map((asked) => services.timeStamps.stamp(asked)))).toHaveLength(asks.length);
  expect(await queriesFor(key)).toBe(asks.length);
  expect(await mostAtOnce(key)).toBe(bound);
}

describe("calls at once", () => {
  it("the deployment's 9th call waits until one of 8 ends, then goes through", async () => {
    await atMostAtOnce(
      Array.from({ length: 9 }, () => ask()),
      8,
    );
  });

  it("an account's 3rd call waits while another account's call goes through", async () => {
    const busy = ask();
    await atMostAtOnce([busy, { ...busy }, { ...busy }, ask()], 3);
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
