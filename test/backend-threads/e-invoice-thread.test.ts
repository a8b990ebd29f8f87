// The render backend's e-invoice checks run in a worker thread holding every rule set (container/src/e-invoice-thread.ts, a side-thread.ts):
// the same verdicts as in-process, a refused body as its JobFailure, and a thread that dies fails what it held,
// retryable, and is replaced for the next check.
import { readFileSync } from "node:fs";
import { JobFailure } from "@folio/render-page/job-failure";
import { afterAll, describe, expect, it } from "vitest";
import { eInvoiceThread } from "../../container/src/e-invoice-thread";

const xml = readFileSync(new URL("../../fixtures/e-invoice/factur-x-en16931.xml", import.meta.url), "utf8");
const body = (profile: string) => JSON.stringify({ xml, standard: "factur-x", profile });

describe("the e-invoice thread", () => {
  const thread = eInvoiceThread();
  afterAll(async () => {
    await thread.close();
  });

  it("loads every rule set, then answers the rules' verdicts", async () => {
    expect((await thread.ready).ruleSets).toBeGreaterThan(10);
    expect(await thread.ask(body("en16931"))).toMatchObject({ valid: true, violations: [] });
    const mismatch = await thread.ask(body("minimum"));
    expect(mismatch.valid).toBe(false);
    expect(mismatch.violations[0]?.rule).toBe("FOLIO-PROFILE");
  });

  it("answers a body it cannot read as the check's own failure", async () => {
    const refused = await thread.ask("{not json").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(JobFailure);
    expect(refused).toMatchObject({ type: "render_failed", details: { stage: "e_invoice", reason: "bad_check" } });
  });

  it("fails the check in flight when the thread dies, retryable, and answers the next one from a new thread", async () => {
    const inFlight = thread.ask(body("en16931")).catch((error: unknown) => error);
    await thread.terminate();
    expect(await inFlight).toMatchObject({
      type: "render_failed",
      details: { stage: "e_invoice", reason: "check_stopped", retryable: true },
    });
    expect(await thread.ask(body("en16931"))).toMatchObject({ valid: true });
  });
});
