import { html } from "satori-html";
import { describe, expect, inject, it } from "vitest";
import { ServiceError } from "../../src/errors";
import { inlineSatoriAssets, type SatoriNode } from "../../src/render/satori/satori-assets";
import { call, expectError, newAccount } from "../helpers";

const production = { allowHttp: false, allowPrivate: false };
const development = { allowHttp: false, allowPrivate: true };
const PIXEL =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

async function refusal(markup: string, policy = production): Promise<{ url: string; reason: string }> {
  const error = await inlineSatoriAssets(html(markup) as unknown as SatoriNode, policy).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  expect((error as ServiceError).type).toBe("asset_blocked");
  return (error as ServiceError).extra.details as { url: string; reason: string };
}

describe("satori: every URL Satori would fetch goes through the egress policy first", () => {
  it.each([
    [
      "a CSS background-image on loopback over http",
      "<div style='display:flex;background-image:url(http://127.0.0.1:8080/x.png)'>x</div>",
      "http://127.0.0.1:8080/x.png",
      "plain http",
    ],
    [
      "a quoted background-image on localhost.",
      `<div style='display:flex;background-image:url("https://localhost./x.png")'>x</div>`,
      "https://localhost./x.png",
      "localhost is not a public name",
    ],
    [
      "a background shorthand on a private address",
      "<div style='display:flex;background:url(https://10.0.0.1/x.png) no-repeat'>x</div>",
      "https://10.0.0.1/x.png",
      "private address 10.0.0.1",
    ],
    [
      "a mask-image on an IPv4-translated loopback",
      "<div style=\"display:flex;mask-image:url('https://[::ffff:0:127.0.0.1]/m.png')\">x</div>",
      "https://[::ffff:0:127.0.0.1]/m.png",
      "loopback address 127.0.0.1",
    ],
    [
      "an SVG <image href> on the metadata address",
      "<div style='display:flex'><svg width='10' height='10'><image href='https://169.254.169.254/latest' width='10' height='10'/></svg></div>",
      "https://169.254.169.254/latest",
      "169.254.169.254",
    ],
    [
      "an SVG <image xlink:href> on a private address",
      "<div style='display:flex'><svg width='10' height='10'><image xlink:href='https://192.168.1.1/x.png'/></svg></div>",
      "https://192.168.1.1/x.png",
      "private address 192.168.1.1",
    ],
  ])("refuses %s with asset_blocked naming the URL and the reason", async (_, markup, url, reason) => {
    const details = await refusal(markup);
    expect(details.url).toBe(url);
    expect(details.reason).toContain(reason);
  });

  it("leaves data: URIs and references inside the SVG untouched", async () => {
    const tree = html(
      `<div style="display:flex;background-image:url(${PIXEL}), linear-gradient(red, blue)"><svg width="10" height="10"><rect fill="url(#g)" width="10" height="10"/></svg></div>`,
    ) as unknown as SatoriNode;
    const before = JSON.stringify(tree);
    await inlineSatoriAssets(tree, production);
    expect(JSON.stringify(tree)).toBe(before);
  });

  it("fetches an allowed URL itself and hands Satori a data: URI", async () => {
    const tag = `satori-bg-${crypto.randomUUID()}`;
    const tree = html(
      `<div style="display:flex;background-image:url(${inject("receiverUrl")}/${tag})">x</div>`,
    ) as unknown as SatoriNode;
    await inlineSatoriAssets(tree, development);
    const card = (tree.props.children as SatoriNode[])[0]!;
    expect(card.props.style?.backgroundImage).toMatch(/^url\(data:[^)]+;base64,b2s=\)$/);
    const arrived = (await (await fetch(`${inject("receiverUrl")}/log/${tag}`)).json()) as unknown[];
    expect(arrived).toHaveLength(1);
  });

  it("refuses an image its server will not serve", async () => {
    const details = await refusal(
      `<div style="display:flex;background-image:url(${inject("receiverUrl")}/fail)">x</div>`,
      development,
    );
    expect(details.reason).toBe("answered HTTP 500");
  });
});

describe("POST /v1/render with satori CSS and SVG images", () => {
  async function render(source: string) {
    const { api_key: key } = await newAccount();
    expect(
      (await call("POST", "/v1/templates", { key, body: { name: "card", engine: "satori", source } })).status,
    ).toBe(201);
    return call("POST", "/v1/render", { key, body: { template: "card" } });
  }

  it.each([
    [
      "an ftp: background-image",
      "<div style='display:flex;width:100px;height:100px;background-image:url(ftp://example.com/x.png)'>x</div>",
      "ftp://example.com/x.png",
    ],
    [
      "a mask-image with credentials",
      "<div style='display:flex;width:100px;height:100px;mask-image:url(https://user:pass@example.com/m.png)'>x</div>",
      "https://user:pass@example.com/m.png",
    ],
    [
      "an SVG <image> on file:",
      "<div style='display:flex'><svg width='10' height='10'><image href='file:///etc/passwd' width='10' height='10'/></svg></div>",
      "file:///etc/passwd",
    ],
  ])("answers %s with 400 asset_blocked, never a 500", async (_, source, url) => {
    const error = expectError(await render(source), 400, "asset_blocked");
    expect(error.details.url).toBe(url);
    expect(error.details.reason.length).toBeGreaterThan(5);
  });

  it("still renders a data: background", async () => {
    const res = await render(
      `<div style="display:flex;width:200px;height:100px;background-image:url('${PIXEL}')">Data</div>`,
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.status).toBe("succeeded");
  });
});
