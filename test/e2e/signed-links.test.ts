import { createHmac } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { api, createTemplate, download } from "./client";

/** Signs as the service does, with the secret `npm run dev` generated for this test's state. */
const sign = (id: string, expires: string) =>
  createHmac("sha256", inject("signingSecret")).update(`${id}:${expires}`).digest("hex");

describe("signed file links", () => {
  async function rendered() {
    const template = await createTemplate({
      name: "link",
      engine: "satori",
      source: "<div style='display:flex;font-size:40px'>{{ t }}</div>",
    });
    const res = await api("POST", "/v1/render", { template, data: { t: `link ${Math.random()}` } });
    expect(res.status).toBe(200);
    return res.json as { id: string; url: string; expires_at: string };
  }

  it("is valid for an hour and re-signed, free, by GET /v1/renders/{id}", async () => {
    const render = await rendered();
    const url = new URL(render.url);
    const expires = Number(url.searchParams.get("expires"));
    expect(expires * 1000 - Date.now()).toBeGreaterThan(3590_000);
    expect(new Date(render.expires_at).getTime()).toBe(expires * 1000);
    expect((await download(render.url)).status).toBe(200);
    const again = await api("GET", `/v1/renders/${render.id}`);
    expect(again.json.url).toMatch(new RegExp(`/v1/files/${render.id}\\?expires=\\d+&signature=[0-9a-f]{64}$`));
    expect((await download(again.json.url)).status).toBe(200);
  });

  it("refuses expired, tampered and non-canonical links with 403 permission_error", async () => {
    const render = await rendered();
    const url = new URL(render.url);
    const base = `${url.origin}${url.pathname}`;
    const past = String(Math.floor(Date.now() / 1000) - 10);
    const expires = url.searchParams.get("expires")!;
    const signature = url.searchParams.get("signature")!;
    const cases = [
      `${base}?expires=${past}&signature=${sign(render.id, past)}`,
      `${base}?expires=${expires}&signature=${signature.replace(/.$/, (c) => (c === "0" ? "1" : "0"))}`,
      `${base}?expires=${Number(expires) + 60}&signature=${signature}`,
      `${base}?expires=0${expires}&signature=${sign(render.id, `0${expires}`)}`,
      `${base}?expires=%20${expires}&signature=${signature}`,
      `${base}?expires=${expires}e0&signature=${signature}`,
      `${base}?expires=${expires}`,
      `${url.origin}/v1/files/rnd_other?expires=${expires}&signature=${signature}`,
    ];
    for (const link of cases) {
      const res = await fetch(link);
      expect(res.status, link).toBe(403);
      expect(((await res.json()) as { error: { type: string } }).error.type).toBe("permission_error");
    }
  });
});
