import { describe, expect, inject, it } from "vitest";
import { holdExpired } from "../../src/domain/accounts/metering";
import { type GateStub, withChromiumSlot } from "../../src/domain/renders/render-capacity";
import type { Env } from "../../src/env";
import { ERROR_TYPES } from "../../src/error-table";
import { errorEnvelope, RENDER_STAGES, ServiceError } from "../../src/errors";
import { config } from "../../src/lib/config";
import { backendDriver } from "../../src/render/chromium/backend-driver";
import { selectRenderBackend } from "../../src/render/chromium/select-driver";
import { renderLiquid } from "../../src/render/liquid/liquid";
import { layoutSatoriCard, satoriTree } from "../../src/render/satori/satori";

const caught = (work: () => unknown) =>
  Promise.resolve()
    .then(work)
    .then(
      () => expect.unreachable("expected a failure"),
      (error: unknown) => error as ServiceError,
    );

function expectStage(error: ServiceError, stage: string, retryable: boolean) {
  expect(error).toBeInstanceOf(ServiceError);
  expect(error.type).toBe("render_failed");
  expect(error.extra.details).toMatchObject({ stage, retryable });
  expect(errorEnvelope("http://x", error).error.details).toMatchObject({ stage, retryable });
}

describe("every render_failed carries details.stage and details.retryable", () => {
  it.each([
    ["no details at all", undefined, "browser", true],
    ["a template stage", { stage: "template" }, "template", false],
    ["a layout stage", { stage: "layout", reason: "raster_too_large" }, "layout", false],
    ["storage", { stage: "storage" }, "storage", true],
    ["the queue", { stage: "queue" }, "queue", true],
    ["a time-stamp authority's failure", { stage: "signature" }, "signature", true],
    ["a stage of the render backend's own", { stage: "backend" }, "browser", true],
    ["a transient browser failure", { stage: "browser", transient: true }, "browser", true],
    ["a browser failure that is not transient", { stage: "browser", transient: false }, "browser", false],
    ["an explicit retryable", { stage: "browser", retryable: false, transient: false }, "browser", false],
  ])("completes %s", (_, details, stage, retryable) => {
    expectStage(new ServiceError("render_failed", "x", details ? { details } : {}), stage, retryable);
  });

  it("keeps the other details and leaves other error types alone", () => {
    expect(
      new ServiceError("render_failed", "x", { details: { stage: "template", filter: "shiny" } }).extra.details,
    ).toEqual({ stage: "template", filter: "shiny", retryable: false });
    expect(new ServiceError("internal_error", "x", { details: { stage: "queue" } }).extra.details).toEqual({
      stage: "queue",
    });
    expect(RENDER_STAGES).toEqual([
      "template",
      "layout",
      "browser",
      "e_invoice",
      "accessibility",
      "signature",
      "storage",
      "queue",
    ]);
  });

  it("documents stage and retryable on the render_failed page", () => {
    const { meaning, retry } = ERROR_TYPES.render_failed;
    for (const stage of RENDER_STAGES) expect(meaning).toContain(`\`${stage}\``);
    expect(meaning).toContain("`details.retryable`");
    expect(retry).toContain("`details.retryable`");
  });

  it("at each place one is built", async () => {
    expectStage(
      await caught(() => renderLiquid("{{ x | shiny }}", { data: {}, instant: new Date() })),
      "template",
      false,
    );
    expectStage(
      await caught(() => renderLiquid("{{ 5 | money: 'NOPE' }}", { data: {}, instant: new Date() })),
      "template",
      false,
    );
    expectStage(
      await caught(() => layoutSatoriCard(satoriTree("<div><b>a</b><i>b</i></div>"), 100, 100)),
      "layout",
      false,
    );
    expectStage(holdExpired(), "queue", true);
    // A render backend answering 500 without an error body (the receiver's /fail paths): a crash on the browser's side.
    const crashedBackend = backendDriver(`${inject("receiverUrl")}/fail`, "secret");
    expectStage(
      await caught(() =>
        crashedBackend.print({
          html: "x",
          format: "pdf",
          options: {},
          timeoutMs: 1000,
          allowPrivateEgress: false,
          accountId: "a",
          share: "paid",
        }),
      ),
      "browser",
      true,
    );
    expectStage(await caught(() => chromium({} as Env)), "browser", false);
    const busyGate = { acquire: async () => false } as unknown as GateStub;
    expectStage(
      await caught(() => withChromiumSlot(busyGate, "t", { perAccount: 1, maxWaitMs: 1 }, 1000, async () => 1)),
      "browser",
      true,
    );
  });
});

/** The driver `env` selects, as the services choose it. */
function chromium(env: Env) {
  return selectRenderBackend(env, config(env));
}
