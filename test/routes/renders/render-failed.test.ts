import { describe, expect, it } from "vitest";
import { call, expectError, newAccount } from "../../helpers";
import { deliver } from "../../queue";

describe("render_failed says where and whether to retry", () => {
  it("an unknown filter is stage template, not retryable, inline and queued alike", async () => {
    const { api_key: key } = await newAccount();
    await call("POST", "/v1/templates", {
      key,
      body: { name: "shiny", engine: "satori", source: "<div style='display:flex'>{{ x | shiny }}</div>" },
    });
    const inline = expectError(
      await call("POST", "/v1/render", { key, body: { template: "shiny", data: { x: 1 } } }),
      500,
      "render_failed",
    );
    expect(inline.details).toMatchObject({ stage: "template", retryable: false, filter: "shiny" });
    const queued = await call("POST", "/v1/render", { key, body: { template: "shiny", data: { x: 2 }, async: true } });
    await deliver(queued.json.id);
    const failed = await call("GET", `/v1/renders/${queued.json.id}`, { key });
    expect(failed.json).toMatchObject({
      status: "failed",
      error: { type: "render_failed", details: { stage: "template", retryable: false } },
    });
  });

  it("a satori element without display is stage layout, not retryable", async () => {
    const { api_key: key } = await newAccount();
    await call("POST", "/v1/templates", {
      key,
      body: {
        name: "card",
        engine: "satori",
        source: "<div style='display:flex'><div><b>{{ who }}</b><i>!</i></div></div>",
      },
    });
    const error = expectError(
      await call("POST", "/v1/render", { key, body: { template: "card", data: { who: "Ada" } } }),
      500,
      "render_failed",
    );
    expect(error.details).toMatchObject({ stage: "layout", retryable: false });
    expect(error.message).toContain("display");
  });
});
