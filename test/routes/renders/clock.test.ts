import { afterEach, describe, expect, it, vi } from "vitest";
import { call, newAccount } from "../../helpers";
import { deliver } from "../../queue";

/** A card that prints the date its render reads, and nothing of its data: only the instant can change its bytes. */
const CARD = {
  name: "dated",
  engine: "satori",
  source: '<div style=\'display:flex;font-size:64px\'>\n  {{ "now" | date: "%Y-%m-%d" }}\n</div>',
};
const SPRING_2021 = new Date("2021-04-05T10:00:00Z");
const SPRING_2031 = new Date("2031-04-05T10:00:00Z");

/** The file behind a render's signed URL, fetched while that URL is fresh. */
async function fileOf(render: { url: string }): Promise<string> {
  const url = new URL(render.url);
  return (await call("GET", url.pathname + url.search)).text;
}

/** The card rendered with `data` with the clock at `moment`: the render and its file. */
async function renderAt(key: string, moment: Date, data: Record<string, unknown>) {
  vi.setSystemTime(moment);
  const res = await call("POST", "/v1/render", { key, body: { template: "dated", data } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { render: res.json, file: await fileOf(res.json) };
}

afterEach(() => vi.useRealTimers());

describe('a template that reads the clock ("now", "today")', () => {
  it("renders with the date of the request; a repeat of the same request is answered from the cache with its first date", async () => {
    const { api_key: key } = await newAccount();
    expect((await call("POST", "/v1/templates", { key, body: CARD })).status).toBe(201);
    const first = await renderAt(key, SPRING_2021, { n: 1 });
    const again = await renderAt(key, SPRING_2031, { n: 1 });
    expect(again.render).toMatchObject({ cached: true });
    expect(again.file).toBe(first.file);
    // Asked for anew (other data, so another cache key), the card prints the new request's date, and only that changes
    // its bytes.
    expect((await renderAt(key, SPRING_2031, { n: 2 })).file).not.toBe(first.file);
    expect((await renderAt(key, SPRING_2021, { n: 3 })).file).toBe(first.file);
  });

  it("renders a queued request with the instant it was accepted, not the consumer's", async () => {
    const { api_key: key } = await newAccount();
    await call("POST", "/v1/templates", { key, body: CARD });
    vi.setSystemTime(SPRING_2021);
    const queued = await call("POST", "/v1/render", { key, body: { template: "dated", data: { n: 1 }, async: true } });
    expect(queued.status).toBe(202);
    const inline2021 = (await renderAt(key, SPRING_2021, { n: 2 })).file;
    vi.setSystemTime(SPRING_2031);
    await deliver(queued.json.id);
    const done = await call("GET", `/v1/renders/${queued.json.id}`, { key });
    expect(done.json).toMatchObject({ status: "succeeded", cached: false });
    expect(await fileOf(done.json)).toBe(inline2021);
  });

  it("previews, carrying the clock_read warning in X-Service-Warnings", async () => {
    const { api_key: key } = await newAccount();
    const res = await call("POST", "/v1/previews", { key, body: { engine: "satori", source: CARD.source } });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    const warnings = JSON.parse(Buffer.from(res.headers.get("x-service-warnings")!, "base64url").toString("utf8"));
    expect(warnings).toEqual([
      { path: "source", code: "clock_read", message: expect.stringMatching(/\(line 2, column 14\)/) },
    ]);
  });

  it("creates, publishes and validates with the clock_read warning", async () => {
    const { api_key: key } = await newAccount();
    const warning = {
      path: "source",
      code: "clock_read",
      message: expect.stringMatching(/\(line 2, column 14\).*date of the render request.*cache.*`data`/s),
    };
    expect((await call("POST", "/v1/templates", { key, body: CARD })).json.warnings).toEqual([warning]);
    expect(
      (
        await call("POST", "/v1/templates/dated/versions", {
          key,
          body: { source: CARD.source.replace("64px", "48px") },
        })
      ).json.warnings,
    ).toEqual([warning]);
    expect((await call("POST", "/v1/templates/dated/validate", { key, body: { data: {} } })).json.warnings).toEqual([
      warning,
    ]);
  });
});
