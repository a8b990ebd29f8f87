import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Backend, renderOn, startBackend } from "./backend-process";

// Chromium opens some connections on its own, outside request interception: the render backend's deny-proxy
// refuses them and lists them at /proxy-log. A template must not be able to cause any.
let backend: Backend;

/** Chromium's own calls to Google services at start-up, which no template causes. */
const BROWSER_SERVICES =
  /^(CONNECT (accounts\.google\.com|update\.googleapis\.com):443|POST http:\/\/update\.googleapis\.com\/)/;

async function proxyLog(): Promise<string[]> {
  return (
    (await (await fetch(`${backend.url}/proxy-log`, { headers: { "x-render-secret": backend.secret } })).json()) as {
      refused: string[];
    }
  ).refused;
}

beforeAll(async () => {
  backend = await startBackend("chromium-connections-test-secret", { RENDER_CONCURRENCY: "1" });
});

afterAll(() => backend?.stop());

describe("Chromium connects to nothing a template names", () => {
  it.each([
    ["a plain document", "<p>plain</p>"],
    ["<link rel=preconnect>", `<link rel="preconnect" href="https://preconnect.example.com"><p>x</p>`],
    ["<link rel=dns-prefetch>", `<link rel="dns-prefetch" href="https://dns-prefetch.example.com"><p>x</p>`],
    [
      "<link rel=prefetch> and prerender",
      `<link rel="prefetch" href="https://prefetch.example.com/x"><link rel="prerender" href="https://prerender.example.com/x"><p>x</p>`,
    ],
    ["a form", `<form action="https://form.example.com/" method="post"><input name="a" value="b"></form>`],
    ["a link with a ping", `<a href="https://link.example.com/" ping="https://ping.example.com/">link</a>`],
    ["an <iframe>", `<iframe src="https://iframe.example.com/x"></iframe><p>x</p>`],
    ["a meta refresh", `<meta http-equiv="refresh" content="0;url=https://refresh.example.com/x"><p>x</p>`],
  ])("%s leaves the deny-proxy log empty", async (_, html) => {
    const before = (await proxyLog()).length;
    const res = await renderOn(backend, { html, format: "png" });
    expect([200, 400], res.bytes.toString("utf8").slice(0, 300)).toContain(res.status);
    // Preconnects are not awaited by the render: give any a moment to reach the proxy.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await proxyLog()).slice(before).filter((line) => !BROWSER_SERVICES.test(line))).toEqual([]);
  });
});
