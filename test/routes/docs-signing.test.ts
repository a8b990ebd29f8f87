import { describe, expect, it } from "vitest";
import { call } from "../helpers";

describe("the Signing section of /docs", () => {
  it("says what a certificate upload takes and refuses, and what an uploaded key is and is not", async () => {
    const { status, text } = await call("GET", "/docs");
    expect(status).toBe(200);
    const start = text.indexOf('<h2 id="signing">');
    expect(start).toBeGreaterThan(0);
    const section = text.slice(start, text.indexOf("<h2", start + 1));
    for (const words of [
      "POST /v1/certificates",
      "10 uploads a minute per key",
      "at most 20 live",
      "64 KB",
      "1,000,000 key-derivation iterations",
      "advanced electronic signature or seal at most, never a qualified one",
      "AATL",
      "EU trust lists",
      "certificate_unreadable",
      "RFC 3161",
      "8 at once for the whole service and 2 per account",
      "no redirects, 5 s, 64 KB",
      "after 5 failures within a minute",
      "within 5 minutes of Folio's clock",
    ])
      expect(section).toContain(words);
    expect(text).toContain("<td>certificates</td>");
    expect(text).toContain("<td>B-T time-stamps</td>");
  });
});
