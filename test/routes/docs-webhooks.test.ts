import { describe, expect, it } from "vitest";
import { WEBHOOK_SENDS_PER_MINUTE } from "../../src/domain/accounts/admission";
import { DELIVERIES_PER_HOST_PER_MINUTE } from "../../src/domain/webhooks/host-gate";
import { MAX_RESENDS } from "../../src/domain/webhooks/retry-schedule";
import { call } from "../helpers";

/** The text of /docs from `id` to the next section heading of the same level, as a browser shows it. */
async function sectionText(id: string, heading: "h2" | "h3"): Promise<string> {
  const { status, text } = await call("GET", "/docs");
  expect(status).toBe(200);
  const start = text.indexOf(`id="${id}"`);
  expect(start).toBeGreaterThan(0);
  const end = text.indexOf(`<${heading}`, start);
  return text
    .slice(start, end)
    .replace(/<[^>]*>/g, "")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

describe("webhook deliveries in /docs", () => {
  it("documents the list, the resend and the test event with the limits the code enforces", async () => {
    const list = await sectionText("webhook-deliveries", "h3");
    expect(list).toContain("GET /v1/renders/{id}/deliveries");
    expect(list).toMatch(/connection_refused.*dns.*tls.*blocked.*redirect/s);
    // The requests themselves are the endpoints' examples, which run as written (test/e2e/docs-examples.test.ts).
    expect(list).toContain("Each endpoint's example, under it in the reference, runs as written.");
    const resend = await sectionText("webhook-resend", "h3");
    expect(resend).toContain(`at most ${MAX_RESENDS} resends`);
    expect(resend).toContain("X-Service-Resend: n");
    const test = await sectionText("webhook-test", "h2");
    expect(test).toContain(`${WEBHOOK_SENDS_PER_MINUTE} a minute per API key`);
    expect(test).toContain(`${DELIVERIES_PER_HOST_PER_MINUTE} a minute for the whole service`);
    const limits = await sectionText("limits", "h2");
    expect(limits).toContain(`test events and resends together ${WEBHOOK_SENDS_PER_MINUTE} a minute per API key`);
  });
});
