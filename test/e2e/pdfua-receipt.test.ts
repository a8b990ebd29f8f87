// A `pdfua` render's receipt wherever the Render is shown (docs/accessibility.md#in-a-render): the inline answer,
// GET, the list, a cached repeat and the webhook a real receiver gets; and a queued `pdfua` render whose check fails:
// failed with the checkpoints, said so by its webhook, nothing stored, nothing billed.
import { describe, expect, it } from "vitest";
import { until } from "../poll";
import { deliveriesService } from "./deliveries-fixture";
import { ACCESSIBLE, DATA } from "./pdfua-documents";

const RECEIPT = { standard: "PDF/UA-1", checker: "folio-pdfua-1", checks: expect.any(Number), valid: true };

describe("a pdfua render's receipt and refusal, queued, with a real webhook receiver", () => {
  const { ctx, hook, raw } = deliveriesService();
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await raw(method, path, body);
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : undefined };
  };
  const template = async (name: string, source: string) => {
    const created = await call("POST", "/v1/templates", { name, source });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    return name;
  };
  /** A queued render with its webhook on the receiver: the render's id and the event the receiver got for it. */
  const queued = async (body: Record<string, unknown>) => {
    const path = `/pdfua/${crypto.randomUUID()}`;
    const res = await call("POST", "/v1/render", { ...body, webhook_url: `${ctx.base}${path}` });
    expect(res.status, JSON.stringify(res.json)).toBe(202);
    const delivery = await until(
      async () => hook.received.find((r) => r.path === path),
      (found) => found !== undefined,
      60_000,
    );
    return { id: res.json.id as string, event: JSON.parse(delivery!.body) };
  };

  it("shows compliance.accessibility inline, on GET, in the list, on a cached repeat and in render.succeeded", async () => {
    const name = await template("pdfua-receipt", ACCESSIBLE);
    const request = { template: name, data: DATA, options: { pdfua: "1" } };
    const inline = await call("POST", "/v1/render", request);
    expect(inline.status, JSON.stringify(inline.json)).toBe(200);
    expect(inline.json.compliance).toEqual({ accessibility: RECEIPT });
    const { compliance } = inline.json;
    expect((await call("GET", `/v1/renders/${inline.json.id}`)).json.compliance).toEqual(compliance);
    const listed = (await call("GET", "/v1/renders?limit=5")).json.data.find(
      (r: { id: string }) => r.id === inline.json.id,
    );
    expect(listed?.compliance).toEqual(compliance);
    const repeat = await call("POST", "/v1/render", request);
    expect(repeat.json).toMatchObject({ cached: true, compliance });
    const { event } = await queued({ ...request, data: { ...DATA, number: "A-18" } });
    expect(event).toMatchObject({ type: "render.succeeded", data: { status: "succeeded", compliance } });
  });

  it("fails a queued render whose check fails: render_failed stage accessibility, render.failed, not stored or billed", async () => {
    const name = await template("pdfua-queued-no-lang", ACCESSIBLE.replace('<html lang="en">', "<html>"));
    const usage = (await call("GET", "/v1/usage")).json.units;
    const { id, event } = await queued({ template: name, data: DATA, options: { pdfua: "1" } });
    const failed = await until(
      () => call("GET", `/v1/renders/${id}`),
      (r) => r.json.status !== "queued" && r.json.status !== "processing",
      60_000,
    );
    expect(failed.json).toMatchObject({
      status: "failed",
      url: null,
      byte_size: null,
      billable_units: null,
      error: { type: "render_failed", details: { stage: "accessibility", retryable: false } },
    });
    expect(failed.json.error.details.violations).toContainEqual(expect.objectContaining({ rule: "11-006" }));
    expect(failed.json).not.toHaveProperty("compliance");
    expect(event).toMatchObject({ type: "render.failed", data: { id, status: "failed", error: failed.json.error } });
    expect((await call("GET", "/v1/usage")).json.units).toEqual(usage);
  });
});
