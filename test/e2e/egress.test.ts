import { type AddressInfo, createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, createTemplate } from "./client";

describe("assets pass only through the SSRF-safe fetcher", () => {
  it.each([
    ["loopback", "https://127.0.0.1/logo.png"],
    ["private", "https://10.1.2.3/logo.png"],
    ["private 192.168", "https://192.168.1.10/logo.png"],
    ["CGNAT", "https://100.64.0.1/logo.png"],
    ["cloud metadata", "https://169.254.169.254/latest/meta-data/"],
    ["decimal-encoded IP", "https://2130706433/logo.png"],
    ["hex-encoded IP", "https://0x7f.1/logo.png"],
    ["short IP", "https://127.1/logo.png"],
    ["IPv6 loopback", "https://[::1]/logo.png"],
    ["IPv4-mapped IPv6", "https://[::ffff:127.0.0.1]/logo.png"],
    ["NAT64 IPv6", "https://[64:ff9b::a9fe:a9fe]/logo.png"],
    ["IPv4-translated IPv6", "https://[::ffff:0:127.0.0.1]/logo.png"],
    ["localhost name with a trailing dot", "https://localhost./logo.png"],
    ["unique-local IPv6", "https://[fd00:ec2::254]/logo.png"],
    ["plain http", "http://example.com/logo.png"],
    ["non-443 port", "https://example.com:8443/logo.png"],
    ["credentials", "https://user:pass@example.com/logo.png"],
    ["file:", "file:///etc/passwd"],
    ["localhost name", "https://localhost/logo.png"],
  ])("refuses a %s image with 400 asset_blocked naming the URL and the reason", async (_, url) => {
    const template = await createTemplate({ name: "asset", source: `<h1>Logo</h1><img src="${url}">` });
    const res = await api("POST", "/v1/render", { template });
    expect(res.status, JSON.stringify(res.json)).toBe(400);
    expect(res.json.error.type).toBe("asset_blocked");
    expect(typeof res.json.error.details.url).toBe("string");
    expect(res.json.error.details.reason.length).toBeGreaterThan(5);
  });

  it("refuses a font and a CSS background on a private address", async () => {
    const template = await createTemplate({
      name: "font",
      source:
        "<style>@font-face{font-family:X;src:url(https://192.168.0.1/x.woff)} body{font-family:X}</style><p>hi</p>",
    });
    const res = await api("POST", "/v1/render", { template });
    expect(res.json.error).toMatchObject({ type: "asset_blocked", details: { url: "https://192.168.0.1/x.woff" } });
  });

  it("lets data: URIs through", async () => {
    const pixel =
      "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
    const template = await createTemplate({ name: "data", source: `<img src="${pixel}" width="20">` });
    expect((await api("POST", "/v1/render", { template })).status).toBe(200);
  });

  it.each([
    [
      "an <iframe>",
      `<iframe src="https://frames.example.com/page"></iframe>`,
      "<iframe>",
      "https://frames.example.com/page",
    ],
    [
      "an <object>",
      `<object data="https://objects.example.com/doc.pdf" type="application/pdf"></object>`,
      "<object>",
      "https://objects.example.com/doc.pdf",
    ],
    [
      "an <embed>",
      `<embed src="https://embeds.example.com/movie.swf">`,
      "<embed>",
      "https://embeds.example.com/movie.swf",
    ],
    [
      "a meta refresh",
      `<meta http-equiv="Refresh" content="0; URL='https://refresh.example.com/next'">`,
      "<meta http-equiv",
      "https://refresh.example.com/next",
    ],
  ])("refuses a document with %s instead of rendering it without", async (_, element, named, url) => {
    const template = await createTemplate({ name: "embedded", source: `<h1>Framed</h1>${element}` });
    const res = await api("POST", "/v1/render", { template });
    expect(res.status, JSON.stringify(res.json)).toBe(400);
    expect(res.json.error.type).toBe("asset_blocked");
    expect(res.json.error.details.reason).toContain(named);
    expect(res.json.error.details.url).toBe(url);
  });

  it("refuses a meta refresh to the document itself instead of reloading it", async () => {
    const template = await createTemplate({
      name: "reload",
      source: `<meta http-equiv="refresh" content="0"><p>again</p>`,
    });
    const res = await api("POST", "/v1/render", { template });
    expect(res.status, JSON.stringify(res.json)).toBe(400);
    expect(res.json.error).toMatchObject({
      type: "asset_blocked",
      details: { reason: expect.stringContaining("<meta http-equiv") },
    });
  });

  describe("scripts reach nothing", () => {
    const seen: string[] = [];
    let port = 0;
    const listener = createServer((socket) => {
      seen.push("connection");
      socket.destroy();
    });
    beforeAll(
      () =>
        new Promise<void>((resolve) =>
          listener.listen(0, "127.0.0.1", () => {
            port = (listener.address() as AddressInfo).port;
            resolve();
          }),
        ),
    );
    afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

    it("a WebSocket, a fetch() and a beacon in a template never connect to a loopback listener", async () => {
      const source = `<p>probe</p><script>
        new WebSocket("ws://127.0.0.1:${port}/socket");
        fetch("http://127.0.0.1:${port}/fetch").catch(() => {});
        navigator.sendBeacon && navigator.sendBeacon("http://127.0.0.1:${port}/beacon", "x");
        const i = document.createElement("iframe"); i.src = "http://127.0.0.1:${port}/frame"; document.body.appendChild(i);
      </script><link rel="prefetch" href="http://127.0.0.1:${port}/prefetch">`;
      const template = await createTemplate({ name: "probe", source });
      const res = await api("POST", "/v1/render", { template, format: "png" });
      expect([200, 400], JSON.stringify(res.json)).toContain(res.status);
      await new Promise((r) => setTimeout(r, 1000));
      expect(seen).toEqual([]);
    });
  });
});
