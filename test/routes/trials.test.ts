import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../src/db/client";
import { startTrial, trialLimiters } from "../../src/domain/accounts/start-trial";
import { trialBucket, trialNetwork } from "../../src/lib/client-address";
import { call, expectError } from "../helpers";

// docs/from-code.md#add-folio-to-an-mcp-client: trials are counted per client (one spelling per address, IPv6 per /64)
// and per deployment. Each test takes addresses of its own, so runs never share a bucket.
const unique = () => Math.floor(Math.random() * 0xffff).toString(16);
const startFrom = (address: string) => call("POST", "/v1/trials", { headers: { "cf-connecting-ip": address } });

describe("the client address a trial is counted under", () => {
  it("is one spelling per address, IPv4-mapped IPv6 as IPv4, and one /64 per IPv6 client", () => {
    expect(
      ["203.0.113.7", " 203.0.113.7 ", "::ffff:203.0.113.7", "::FFFF:cb00:7107", "0:0:0:0:0:ffff:203.0.113.7"].map(
        trialBucket,
      ),
    ).toEqual(Array(5).fill("203.0.113.7"));
    expect(
      [
        "2001:db8:1:2::1",
        "2001:0db8:0001:0002:0000:0000:0000:0001",
        "2001:DB8:1:2:ffff:ffff:ffff:ffff",
        "[2001:db8:1:2::9]",
        "2001:db8:1:2::9%eth0",
      ].map(trialBucket),
    ).toEqual(Array(5).fill("2001:db8:1:2::/64"));
    expect(trialBucket("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(trialBucket("::1")).toBe("0:0:0:0::/64");
    expect(["2001:db8:1:2::9", "2001:0db8:0001:ffff::1", "192.0.2.1", "::ffff:192.0.2.1"].map(trialNetwork)).toEqual([
      "2001:db8:1::/48",
      "2001:db8:1::/48",
      null,
      null,
    ]);
    expect(["local", "not an address", "01.2.3.4", "1:2:3:4:5:6:7:8:9"].map(trialBucket)).toEqual([
      "local",
      "not an address",
      "01.2.3.4",
      "1:2:3:4:5:6:7:8:9",
    ]);
  });

  it("gives one /64 five trials an hour, whichever of its addresses ask, and the next /64 its own five", async () => {
    const prefix = `2001:db8:${unique()}:${unique()}`;
    for (let host = 1; host <= 5; host++) expect((await startFrom(`${prefix}::${host}`)).status).toBe(201);
    const refused = expectError(await startFrom(`${prefix}:ffff:ffff:ffff:ffff`), 429, "rate_limited");
    expect(refused.details).toMatchObject({ limit: 5, window_seconds: 3600 });
    expect(refused.message).toMatch(/from this address/);
    expect((await startFrom(`${prefix.replace(/:[0-9a-f]+$/, ":ffff")}::1`)).status).toBe(201);
  });

  it("gives one IPv6 /48 twenty trials an hour across its /64s, and the next /48 its own", async () => {
    const network = `2001:db8:${unique()}`;
    for (let subnet = 1; subnet <= 20; subnet++)
      expect((await startFrom(`${network}:${subnet.toString(16)}::1`)).status).toBe(201);
    const refused = expectError(await startFrom(`${network}:ffff::1`), 429, "rate_limited");
    expect(refused.details).toMatchObject({ limit: 20, window_seconds: 3600 });
    expect(refused.message).toMatch(/from this network \(an IPv6 \/48\)/);
    expect((await startFrom(`2001:db8:${unique()}:1::1`)).status).toBe(201);
  });

  it("counts other spellings of one IPv4 address as that address", async () => {
    const last = Math.floor(Math.random() * 250) + 1;
    const spellings = [
      `192.0.2.${last}`,
      `::ffff:192.0.2.${last}`,
      `0:0:0:0:0:ffff:c000:2${last.toString(16).padStart(2, "0")}`,
      `::ffff:192.0.2.${last}`,
      `192.0.2.${last}`,
    ];
    for (const address of spellings) expect((await startFrom(address)).status).toBe(201);
    expectError(await startFrom(`0000:0000:0000:0000:0000:ffff:192.0.2.${last}`), 429, "rate_limited");
  });
});

describe("the deployment's trial ceiling", () => {
  it("refuses a start past it with 429 and Retry-After, whatever new addresses keep coming", async () => {
    // The deployment limiter of a test of its own, with a ceiling of 3 (production reads TRIAL_STARTS_PER_HOUR_TOTAL,
    // 200).
    const deployment = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`trial-ceiling-test:${unique()}${unique()}`));
    const start = (address: string) =>
      startTrial(
        database(env.DB),
        {
          ...trialLimiters((name) => env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(name)), address, 3),
          deployment,
        },
        new Date().toISOString(),
      );
    for (let n = 0; n < 3; n++) await start(`198.18.${n}.${Math.floor(Math.random() * 250)}`);
    const refused = await start(`2001:db8:${unique()}:${unique()}::1`).then(
      () => null,
      (error) => error,
    );
    expect(refused).toMatchObject({
      type: "rate_limited",
      extra: {
        details: { limit: 3, window_seconds: 3600 },
        retryAfterSeconds: expect.any(Number),
      },
    });
    expect(Number.isInteger(refused.extra.retryAfterSeconds) && refused.extra.retryAfterSeconds > 0).toBe(true);
    expect(refused.message).toMatch(/on this service this hour/);
  });
});
