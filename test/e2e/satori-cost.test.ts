import { describe, expect, inject, it } from "vitest";
import { api, createTemplate, download, imageSize, newKey } from "./client";

/** A list of large blurs, as the probe's: five elements of it held the Worker 10 s, 400 of them 14 minutes. */
const SHADOWS = Array.from({ length: 11 }, (_, i) => `${i}px ${i}px 1000px 1000px rgba(0, 0, 0, 0.5)`).join(", ");
const BLURRED = `<div style="display:flex">${`<div style="display:flex;width:100px;height:100px;box-shadow:${SHADOWS}"></div>`.repeat(5)}</div>`;

/** The probe's drawing: 57 elements of nested <use>s that draw 100,000 rectangles. */
function nestedUses(): string {
  let defs = `<rect id="u0" width="1" height="1"/>`;
  for (let level = 1; level <= 5; level++)
    defs += `<g id="u${level}">${Array.from({ length: 10 }, (_, x) => `<use href="#u${level - 1}" x="${x}"/>`).join("")}</g>`;
  return `<svg style="display:flex" width="400" height="400"><defs>${defs}</defs><use href="#u5"/></svg>`;
}

async function healthz() {
  const res = await fetch(`${inject("baseUrl")}/healthz`);
  return res.status;
}

describe("a satori card's drawing cost, counted before it is drawn", () => {
  it("refuses at create and in a preview a source whose blurs or <use>s alone pass the ceilings, at `source`", async () => {
    const cases = [
      { source: BLURRED, details: { max_blur_area: 500_000 } },
      { source: `<div style="display:flex">${nestedUses()}</div>`, details: { max_svg_elements: 10_000 } },
    ];
    for (const { source, details } of cases) {
      const created = await api("POST", "/v1/templates", { name: "costly", engine: "satori", source });
      expect(created.status).toBe(400);
      expect(created.json.error).toMatchObject({ type: "invalid_request", details, errors: [{ path: "source" }] });
      const preview = await api("POST", "/v1/previews", { engine: "satori", source });
      expect(preview.status).toBe(400);
      expect(preview.json.error).toMatchObject({ details });
    }
  });

  it("fails a render whose data makes the drawing pass a ceiling at stage layout, before the work, /healthz answering", async () => {
    const key = await newKey();
    const template = await createTemplate(
      {
        name: "data-blur",
        engine: "satori",
        source: `<div style="display:flex">{% for i in (1..5) %}<div style="display:flex;width:100px;height:100px;box-shadow:{{ shadow }}"></div>{% endfor %}{{ drawing }}</div>`,
      },
      key,
    );
    let settled = false;
    // Distinct data per render, so each one is refused on its own rather than waiting on an identical one.
    const renders = Promise.all([
      ...Array.from({ length: 4 }, (_, n) =>
        api("POST", "/v1/render", { template, data: { shadow: `${n}px ${SHADOWS}`, drawing: "" } }, key),
      ),
      api("POST", "/v1/render", { template, data: { shadow: "none", drawing: nestedUses() } }, key),
    ]).finally(() => (settled = true));
    const checks: number[] = [];
    do checks.push(await healthz());
    while (!settled);
    expect(checks.every((status) => status === 200)).toBe(true);
    const answers = await renders;
    for (const res of answers.slice(0, 4)) {
      expect(res.status).toBe(500);
      expect(res.json.error).toMatchObject({
        type: "render_failed",
        details: { stage: "layout", retryable: false, max_blur_area: 500_000 },
      });
    }
    expect(answers[4]?.json.error).toMatchObject({
      type: "render_failed",
      details: { stage: "layout", max_svg_elements: 10_000 },
    });
  });

  it("fails a card resvg cannot draw (a shadow cast far outside it) at stage layout, never a 500", async () => {
    const template = await createTemplate({
      name: "far-shadow",
      engine: "satori",
      source: `<div style="display:flex"><div style="display:flex;width:200px;height:200px;box-shadow:3000px 3000px 0 black"></div></div>`,
    });
    const res = await api("POST", "/v1/render", { template });
    expect(res.status).toBe(500);
    expect(res.json.error).toMatchObject({ type: "render_failed", details: { stage: "layout", retryable: false } });
  });

  it("draws a card exactly at the announced raster ceiling, and refuses one past it at `options`, never a 500", async () => {
    const template = await createTemplate({
      name: "raster",
      engine: "satori",
      source: `<div style="display:flex;width:100%;height:100%;background:#0f172a;color:white;font-size:80px">Card</div>`,
    });
    const atCeiling = await api("POST", "/v1/render", { template, options: { width: 3000, height: 2000 } });
    expect(atCeiling.status).toBe(200);
    expect(imageSize((await download(atCeiling.json.url)).bytes)).toEqual({ type: "png", width: 3000, height: 2000 });
    // The probe's card at 40 megapixels answered a 500 after 3 s.
    const probe = { width: 4000, height: 2500, device_scale_factor: 2 };
    for (const options of [probe, { width: 3000, height: 2000, device_scale_factor: 1.01 }]) {
      const past = await api("POST", "/v1/render", { template, options });
      expect(past.status).toBe(400);
      expect(past.json.error).toMatchObject({
        type: "invalid_request",
        details: { max_pixels: 6_000_000 },
        errors: [{ path: "options" }],
      });
    }
    // The same card as a JPG goes through Chromium, whose ceiling is the 40 megapixels of any page.
    const jpg = await api("POST", "/v1/render", { template, format: "jpg", options: { width: 3000, height: 2100 } });
    expect(jpg.status).toBe(200);
  });
});
