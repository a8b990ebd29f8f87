import { describe, expect, it } from "vitest";
import { call } from "../helpers";

describe("the Codes section of /docs", () => {
  it("shows each filter's example with the code it draws, the Swiss payment part included, and their bounds", async () => {
    const { status, text } = await call("GET", "/docs");
    expect(status).toBe(200);
    const start = text.indexOf('<h2 id="codes">');
    expect(start).toBeGreaterThan(0);
    const section = text.slice(start, text.indexOf("<h2", start + 1));
    for (const label of [
      "https://example.com/tickets/42",
      "FOLIO-0042",
      "5901234123457",
      "(01)09501101530003(17)261231",
      "Payment code: EUR 12.30 to Acme AG, reference RF18539007547034",
    ])
      expect(section).toContain(`role="img" aria-label="${label}"`);
    expect(section).toContain("Payment part</p>");
    expect(section).toContain("Payment code: CHF 1 949.75 to Robert Schneider AG");
    expect(section).toContain("at most 2,000 codes, 1,200 bytes of text each");
  });
});
