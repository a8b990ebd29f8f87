import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { GALLERY, starterTexts } from "../../web/src/templates/starter-files";
import { joinInvoiceXml } from "../../web/src/xml/invoice-xml-text";
import { cliUser, ROOT, signedInWithBuiltBinary, unique, userEnv } from "./cli-run";
import { api } from "./client";

const { work, folio } = cliUser();
const readRepo = (path: string) => (existsSync(join(ROOT, path)) ? readFileSync(join(ROOT, path), "utf8") : undefined);

beforeAll(() => signedInWithBuiltBinary(folio));

describe("folio init --from: a folder from the studio's gallery", () => {
  it("writes each gallery document's files as the studio starts from them, and the pages it reserves", () => {
    for (const entry of GALLERY) {
      const texts = starterTexts(entry, readRepo);
      if (!texts) continue;
      const name = unique(`from-${entry.id}`);
      const run = folio(["init", name, "--from", entry.id, "--json"]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.json()).toMatchObject({ name, from: entry.id });
      const file = (f: string) => readFileSync(join(work, name, f), "utf8");
      expect(file("template.html")).toBe(texts.source);
      expect(file("schema.json")).toBe(texts.schema);
      expect(file("example.json")).toBe(texts.example);
      expect(JSON.parse(file("options.json"))).toEqual(joinInvoiceXml(JSON.parse(texts.options), texts.xml));
      expect(JSON.parse(file("folio.json"))).toEqual({
        name,
        engine: "chromium",
        expected_pages: entry.expectedPages,
        description: "",
      });
    }
  });

  it("pushes a report made from the starter as a template that reserves its three pages", async () => {
    const name = unique("from-report");
    expect(folio(["init", name, "--from", "report"]).code).toBe(0);
    const preview = folio(["preview", name, "--json"]);
    expect(preview.code, preview.stderr).toBe(0);
    expect(preview.json().page_count).toBe(3);
    const push = folio(["push", name, "--json"]);
    expect(push.code, push.stderr).toBe(0);
    const created = await api("GET", `/v1/templates/${name}`, undefined, inject("apiKey"));
    expect(created.json.expected_pages).toBe(3);
  });

  it("makes an e-invoice starter's folder whose push renders a valid invoice, its XML in options.json", async () => {
    const name = unique("from-factur-x");
    expect(folio(["init", name, "--from", "factur-x"]).code).toBe(0);
    const options = JSON.parse(readFileSync(join(work, name, "options.json"), "utf8"));
    expect(options.e_invoice).toMatchObject({ standard: "factur-x", profile: "en16931" });
    expect(options.e_invoice.xml).toContain("<rsm:CrossIndustryInvoice");
    const push = folio(["push", name, "--json"]);
    expect(push.code, push.stderr).toBe(0);
    const example = JSON.parse(readFileSync(join(work, name, "example.json"), "utf8"));
    const render = await api("POST", "/v1/render", { template: name, data: example }, inject("apiKey"));
    expect(render.status, JSON.stringify(render.json)).toBe(200);
    expect(render.json.compliance.e_invoice).toMatchObject({ valid: true, violations: [] });
  });

  it("names the starters there are for an unknown one (exit 2), and the address it could not read (exit 1)", () => {
    const unknown = folio(["init", unique("x"), "--from", "nope"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no starter "nope": choose one of invoice, receipt');
    // Nothing listens on port 9 of the loopback (discard): the service a user without a key named is not there.
    const away = folio(["init", unique("y"), "--from", "report"], {
      env: userEnv(mkdtempSync(join(tmpdir(), "folio-cli-")), { FOLIO_BASE_URL: "http://127.0.0.1:9" }),
    });
    expect(away.code).toBe(1);
    expect(away.stderr).toContain("could not read the starters at http://127.0.0.1:9/studio/starters.json");
    expect(away.stderr).toContain("is the service running?");
  });
});
