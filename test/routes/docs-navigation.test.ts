import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { tools } from "../../src/mcp/tools";
import { call } from "../helpers";

const decode = (html: string) =>
  html.replace(/&(lt|gt|quot|amp|#39|#34);/g, (_, name: string) =>
    name === "lt" ? "<" : name === "gt" ? ">" : name === "amp" ? "&" : name === "#39" ? "'" : '"',
  );

describe("the served docs' navigation", () => {
  it("gives every page a sidebar of the pages and of its own sections, and no script", async () => {
    for (const path of ["/docs", "/docs/sdk", "/docs/cli", "/docs/mcp", "/docs/errors"]) {
      const { status, text } = await call("GET", path);
      expect(status).toBe(200);
      for (const page of ["/docs/sdk", "/docs/cli", "/docs/mcp", "/docs/errors"]) expect(text).toContain(`${page}"`);
      expect(text).toContain('action="http://localhost:8787/docs/search"');
      expect(text).not.toMatch(/<script/i);
    }
    const { text } = await call("GET", "/docs");
    const sidebar = text.slice(text.indexOf('<nav class="sidebar"'), text.indexOf("</nav>"));
    for (const id of ["options", "finishing", "liquid", "webhooks", "errors", "createRender", "schema-Render"])
      expect(sidebar).toContain(`href="#${id}"`);
  });

  it("shows an example request, in curl and through the SDK, and its answer for every endpoint", async () => {
    const document = (await call("GET", "/openapi.json")).json as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.values(document.paths).flatMap((methods) => Object.keys(methods));
    const { text } = await call("GET", "/docs");
    const examples = text.split("<h4>Example</h4>").slice(1);
    expect(examples).toHaveLength(operations.length);
    for (const example of examples) {
      const [curl = "", sdk = "", answer = ""] = [...example.matchAll(/<pre>([\s\S]*?)<\/pre>/g)].map((m) =>
        decode(m[1] ?? ""),
      );
      // Comment lines first say where a `$NAME` value comes from (docs/served-docs.md#examples).
      expect(curl.replace(/^# .*\n/gm, "")).toMatch(/^curl -s/);
      const body = /-d '([\s\S]*)'$/.exec(curl)?.[1];
      if (body) expect(() => JSON.parse(body.replace(/'\\''/g, "'"))).not.toThrow();
      // A signed link kept from an answer is fetched as it is; a refusal shown keeps its envelope as the answer.
      expect(sdk).toMatch(
        /await unwrap\(folio\.api\.(GET|POST|DELETE|PATCH)\("\/|const \{ error: answer \} = await folio\.api\.(GET|POST|DELETE|PATCH)\("\/|await fetch\(process\.env\.\w+\)/,
      );
      // An answer is a success, or a refusal that shows its error envelope.
      expect(answer).toMatch(/^HTTP 2\d\d\n|^HTTP 4\d\d\n\{\n {2}"error": \{/);
    }
  });

  it("lists every MCP tool with each of its arguments", async () => {
    const { text } = await call("GET", "/docs/mcp");
    for (const tool of tools) {
      const section = text.slice(text.indexOf(`id="tool-${tool.name}"`)).split("<h3")[0] ?? "";
      for (const argument of [...Object.keys(tool.input), "api_key"])
        expect(section).toContain(`<td><code>${argument}</code>`);
    }
  });

  it("has the studio's logo as its icon, and answers /favicon.ico with it", async () => {
    const icon = await call("GET", "/favicon.ico");
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toBe("image/svg+xml");
    expect(icon.text).toContain("<svg");
    expect((await call("GET", "/docs/cli")).text).toContain(
      '<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,',
    );
  });

  it("is the same page on every request", async () => {
    for (const path of ["/docs/sdk", "/docs/cli", "/docs/mcp"])
      expect((await call("GET", path)).text).toBe((await call("GET", path)).text);
  });
});

describe("the docs' search", () => {
  it("jumps to a section titled as asked, whatever its case", async () => {
    // Fetched with redirect "manual": the helper's requests follow a redirect, and this test is about the redirect.
    const request = new Request("http://localhost/docs/search?q=document%20FINISHING", { redirect: "manual" });
    const jump = await exports.default.fetch(request);
    expect(jump.status).toBe(302);
    expect(jump.headers.get("location")).toBe("http://localhost:8787/docs#finishing");
  });

  it("lists the sections of every page that hold every word, the words marked", async () => {
    const { status, text } = await call("GET", "/docs/search?q=webhook%20secret");
    expect(status).toBe(200);
    expect(text).toContain('href="http://localhost:8787/docs#webhooks"');
    expect(text).toContain("<mark>webhook</mark>");
    const none = await call("GET", "/docs/search?q=zebra%20quartz");
    expect(none.text).toContain("No section holds every word");
    expect(none.text).toContain('name="q" value="zebra quartz"');
    const markup = await call("GET", "/docs/search?q=%3Cb%3Ebold");
    expect(markup.text).not.toContain("<b>bold");
    expect((await call("GET", "/docs/search?q=folio%20push")).text).toContain("/docs/cli#cli-commands");
  });

  it("reads the first 200 characters of a query: a 60 KB one is answered as those", async () => {
    const long = `webhook ${"secret ".repeat(9_000)}`;
    const { status, text } = await call("GET", `/docs/search?q=${encodeURIComponent(long)}`);
    expect(status).toBe(200);
    expect(text).toContain(`name="q" value="${long.slice(0, 200)}"`);
    expect(text).toContain('href="http://localhost:8787/docs#webhooks"');
    expect(text).not.toContain(long.slice(0, 201));
  });

  it("shows a snippet's characters, never their references: the SDK's Promise<WebhookEvent> reads as written", async () => {
    const { text } = await call("GET", "/docs/search?q=verify%20WebhookEvent");
    expect(text).toContain("Promise&#60;<mark>WebhookEvent</mark>&#62;");
    expect(text).not.toMatch(/&#38;#\d+;/);
  });
});
