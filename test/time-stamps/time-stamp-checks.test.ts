import * as pkijs from "pkijs";
import { describe, expect, inject, it } from "vitest";
import { ask, badAuthority, failure, queriesFor, uniqueKey, withAuthority } from "./stamp";

// docs/limits.md#time-stamps: every check the authority's answer must pass before its token enters a B-T signature.

const SIGNATURE_FAILURE = { stage: "signature", retryable: true };

describe("a B-T time-stamp from the development authority", () => {
  it.each(["SHA-256", "SHA-384"] as const)(
    "is a checked token over the signature value's %s digest",
    async (digest) => {
      const asked = ask(undefined, digest);
      const stamp = await withAuthority(inject("tsaUrl")).timeStamps.stamp(asked);
      expect(stamp.authority).toBe("CN=Folio development time-stamp authority (not trusted anywhere)");
      expect(stamp.serial).toMatch(/^[0-9A-F]+$/);
      expect(Math.abs(Date.parse(stamp.time) - Date.now())).toBeLessThan(60_000);
      const signed = new pkijs.SignedData({ schema: stamp.token.content });
      const info = pkijs.TSTInfo.fromBER(signed.encapContentInfo.eContent?.getValue() ?? new ArrayBuffer(0));
      const imprint = new Uint8Array(await crypto.subtle.digest(digest, asked.signature));
      expect(new Uint8Array(info.messageImprint.hashedMessage.valueBlock.valueHexView)).toEqual(imprint);
    },
  );
});

describe("an authority's answer that does not check out", () => {
  it.each([
    ["wrong-nonce", "does not carry the nonce Folio sent"],
    ["no-nonce", "does not carry the nonce Folio sent"],
    ["wrong-imprint", "over another digest than the signature's"],
    ["no-eku", "certificate is not one for time-stamping"],
    ["soft-eku", "certificate is not one for time-stamping"],
    ["forged", "token signature does not verify with its certificate"],
    ["time-ahead", "is more than 5 minutes from Folio's clock"],
    ["time-behind", "is more than 5 minutes from Folio's clock"],
    ["rejection", "refused the request (status rejection)"],
    ["redirect", "answered with a redirect, which Folio does not follow"],
    ["redirect-307", "answered with a redirect, which Folio does not follow"],
    ["huge", "answer is larger than 64 KB"],
    ["fail", "answered HTTP 500"],
    ["garbage", "something other than an RFC 3161 response"],
  ])("%s: render_failed at the signature stage, retryable", async (mode, reason) => {
    const key = uniqueKey();
    const { message, details } = await failure(withAuthority(badAuthority(mode, key)).timeStamps.stamp(ask()));
    expect(message).toContain(reason);
    expect(details).toMatchObject(SIGNATURE_FAILURE);
    expect(await queriesFor(key)).toBe(1);
  });

  it.each([
    ["slow", "an answer that starts after 5 s"],
    ["trickle", "an answer whose bytes take past 5 s"],
  ])("%s (%s): the authority did not answer within 5 s", async (mode) => {
    const { message, details } = await failure(withAuthority(badAuthority(mode)).timeStamps.stamp(ask()));
    expect(message).toContain("the time-stamp authority did not answer within 5 s");
    expect(details).toMatchObject(SIGNATURE_FAILURE);
  });

  it("names neither the authority's URL nor its address in the error", async () => {
    const url = badAuthority("fail");
    const { message, details } = await failure(withAuthority(url).timeStamps.stamp(ask()));
    expect(`${message} ${JSON.stringify(details)}`).not.toContain(new URL(url).host);
  });
});

describe("where the authority may be", () => {
  const production = { ENVIRONMENT: "production" };
  it.each([
    ["loopback", (key: string) => badAuthority("ok", key)],
    ["localhost", (key: string) => badAuthority("ok", key).replace("127.0.0.1", "localhost")],
    ["localhost with a trailing dot", (key: string) => badAuthority("ok", key).replace("127.0.0.1", "localhost.")],
    ["IPv4-mapped loopback", (key: string) => badAuthority("ok", key).replace("127.0.0.1", "[::ffff:127.0.0.1]")],
    ["a private address", () => "http://10.0.0.7/tsa"],
    ["cloud metadata", () => "http://169.254.169.254/tsa"],
    ["another scheme", () => "ftp://tsa.example.com/"],
    ["credentials in the URL", () => "https://user:pass@tsa.example.com/"],
    ["a port other than 80 or 443", () => "https://tsa.example.com:8443/"],
  ])("in production, %s is refused before any call", async (_form, url) => {
    const key = uniqueKey();
    const { message, details } = await failure(withAuthority(url(key), production).timeStamps.stamp(ask()));
    expect(message).toContain("(SIGN_TSA_URL) is not an address Folio may call");
    expect(details).toMatchObject(SIGNATURE_FAILURE);
    expect(await queriesFor(key)).toBe(0);
  });

  it("outside production, the development authority on loopback is reached (as npm run dev's is)", async () => {
    const key = uniqueKey();
    const services = withAuthority(badAuthority("ok", key), { ALLOW_PRIVATE_EGRESS: "false" });
    await services.timeStamps.stamp(ask());
    expect(await queriesFor(key)).toBe(1);
  });
});
