import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { verify, WebhookVerificationError } from "../../packages/sdk/src/webhooks";

// Signatures crafted independently of the SDK: the standardwebhooks library for the Standard Webhooks scheme,
// Web Crypto for v1. Running in workerd shows the verifier needs nothing beyond fetch-era Web APIs.
const SECRET = `whsec_${btoa("0123456789abcdef0123456789abcdef")}`;
const NOW = 1_800_000_000;
const BODY = JSON.stringify({
  type: "render.succeeded",
  created_at: "2027-01-15T08:00:00.000Z",
  data: { id: "rnd_abc", status: "succeeded" },
});

function standardHeaders(body = BODY, secret = SECRET, timestamp = NOW) {
  const signature = new Webhook(secret).sign("rnd_abc", new Date(timestamp * 1000), body);
  return { "webhook-id": "rnd_abc", "webhook-timestamp": String(timestamp), "webhook-signature": signature };
}

async function v1Headers(body = BODY, secret = SECRET, timestamp = NOW) {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(body)));
  return {
    "X-Service-Signature": `sha256=${[...mac].map((b) => b.toString(16).padStart(2, "0")).join("")}`,
    "X-Service-Timestamp": String(timestamp),
  };
}

const at = { now: () => NOW };
const v1 = { ...at, allowServiceSignature: true };
const reason = (promise: Promise<unknown>) =>
  promise.then(
    () => "verified",
    (e: unknown) => (e instanceof WebhookVerificationError ? e.reason : `threw ${String(e)}`),
  );

describe("webhooks.verify with crafted signatures", () => {
  it("accepts a Standard Webhooks signature and answers the parsed event", async () => {
    expect(await verify(BODY, standardHeaders(), SECRET, at)).toEqual(JSON.parse(BODY));
  });

  it("accepts a v1 signature when asked to, with header names in any case, from a Headers object too", async () => {
    const headers = await v1Headers();
    expect((await verify(BODY, headers, SECRET, v1)).data.id).toBe("rnd_abc");
    expect((await verify(new TextEncoder().encode(BODY), new Headers(headers), SECRET, v1)).type).toBe(
      "render.succeeded",
    );
  });

  it("never lets a captured delivery be replayed by dropping the Standard headers and writing a fresh X-Service-Timestamp", async () => {
    const dayOld = JSON.stringify({ ...JSON.parse(BODY), created_at: new Date((NOW - 86_400) * 1000).toISOString() });
    const replayed = await v1Headers(dayOld, SECRET, NOW);
    // Not asked for: only the Standard Webhooks headers count, and they are missing.
    expect(await reason(verify(dayOld, replayed, SECRET, at))).toBe("missing_headers");
    // Asked for: the body's own created_at (which the signature covers) is what must be recent.
    expect(await reason(verify(dayOld, replayed, SECRET, v1))).toBe("stale_timestamp");
    expect(await reason(verify(BODY, await v1Headers(BODY, SECRET, NOW - 86_400), SECRET, v1))).toBe("verified");
  });

  it("accepts the one matching signature among several (a rotation sends old and new)", async () => {
    const headers = standardHeaders();
    const other = standardHeaders(BODY, `whsec_${btoa("another-secret-another-secret-!!")}`)["webhook-signature"];
    expect(
      await reason(
        verify(BODY, { ...headers, "webhook-signature": `${other} ${headers["webhook-signature"]}` }, SECRET, at),
      ),
    ).toBe("verified");
  });

  it("refuses a changed body, another secret or a forged signature", async () => {
    const changed = BODY.replace("succeeded", "failed");
    expect(await reason(verify(changed, standardHeaders(), SECRET, at))).toBe("bad_signature");
    expect(await reason(verify(changed, await v1Headers(), SECRET, v1))).toBe("bad_signature");
    expect(await reason(verify(BODY, standardHeaders(BODY, `whsec_${btoa("wrong")}`), SECRET, at))).toBe(
      "bad_signature",
    );
    expect(await reason(verify(BODY, await v1Headers(BODY, "wrong"), SECRET, v1))).toBe("bad_signature");
    expect(await reason(verify(BODY, { ...standardHeaders(), "webhook-signature": "v1,not*base64" }, SECRET, at))).toBe(
      "bad_signature",
    );
    expect(await reason(verify(BODY, { ...(await v1Headers()), "X-Service-Signature": "sha256=zz" }, SECRET, v1))).toBe(
      "bad_signature",
    );
  });

  it("refuses a timestamp outside the tolerance, either way, and honours a custom tolerance", async () => {
    expect(await reason(verify(BODY, standardHeaders(BODY, SECRET, NOW - 301), SECRET, at))).toBe("stale_timestamp");
    expect(await reason(verify(BODY, standardHeaders(BODY, SECRET, NOW + 301), SECRET, at))).toBe("stale_timestamp");
    const oldBody = JSON.stringify({ ...JSON.parse(BODY), created_at: new Date((NOW - 301) * 1000).toISOString() });
    expect(await reason(verify(oldBody, await v1Headers(oldBody), SECRET, v1))).toBe("stale_timestamp");
    expect(await reason(verify(BODY, standardHeaders(BODY, SECRET, NOW - 299), SECRET, at))).toBe("verified");
    expect(
      await reason(verify(BODY, standardHeaders(BODY, SECRET, NOW - 3600), SECRET, { ...at, toleranceSeconds: 7200 })),
    ).toBe("verified");
  });

  it("refuses a delivery without signature headers, and a signed body that is not JSON", async () => {
    expect(await reason(verify(BODY, { "content-type": "application/json" }, SECRET, at))).toBe("missing_headers");
    expect(await reason(verify("not json", standardHeaders("not json"), SECRET, at))).toBe("bad_body");
  });
});
