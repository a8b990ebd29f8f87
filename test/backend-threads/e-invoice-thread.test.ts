// The render backend's e-invoice checks run in two worker threads, the syntax's rules in one and the profile's in
// the other (container/src/e-invoice-thread.ts, side-thread.ts): the same verdicts as in-process, a refused body as
// its JobFailure, and threads that die fail what they held, retryable, and are replaced for the next check.
import { readFileSync } from "node:fs";
import { validateEInvoice } from "@folio/e-invoice/validate";
import { JobFailure } from "@folio/render-page/job-failure";
import { afterAll, describe, expect, it } from "vitest";
import { eInvoiceThreads } from "../../container/src/e-invoice-thread";

const xml = readFileSync(new URL("../../fixtures/e-invoice/factur-x-en16931.xml", import.meta.url), "utf8");
const body = (profile: string) => JSON.stringify({ xml, standard: "factur-x", profile });
const SEAT = { accountId: "acct_test", share: "paid" } as const;

describe("the e-invoice threads", () => {
  const thread = eInvoiceThreads();
  afterAll(async () => {
    await thread.close();
  });

  it("loads every rule set, then answers the rules' verdicts", async () => {
    expect((await thread.ready).ruleSets).toBeGreaterThan(10);
    expect(await thread.ask(body("en16931"), SEAT)).toEqual(
      validateEInvoice(xml, { standard: "factur-x", profile: "en16931" }),
    );
    const mismatch = await thread.ask(body("minimum"), SEAT);
    expect(mismatch.valid).toBe(false);
    expect(mismatch.violations[0]?.rule).toBe("FOLIO-PROFILE");
  });

  it("answers a body it cannot read as the check's own failure", async () => {
    const refused = await thread.ask("{not json", SEAT).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(JobFailure);
    expect(refused).toMatchObject({ type: "render_failed", details: { stage: "e_invoice", reason: "bad_check" } });
  });

  it("fails the check in flight when the thread dies, retryable, and answers the next one from a new thread", async () => {
    const inFlight = thread.ask(body("en16931"), SEAT).catch((error: unknown) => error);
    await thread.terminate();
    expect(await inFlight).toMatchObject({
      type: "render_failed",
      details: { stage: "e_invoice", reason: "check_stopped", retryable: true },
    });
    expect(await thread.ask(body("en16931"), SEAT)).toMatchObject({ valid: true });
  });
});
