// The templates whose HTML shows what the PDF/UA-1 check refuses (test/pdfua/authoring-cases.ts), through the real
// service and a real Chromium (docs/accessibility.md#while-you-write): the warning create answers names the
// checkpoint (or FOLIO rule) a `pdfua` render of the example then fails with, and a preview answers 200 with it.
import { describe, expect, inject, it } from "vitest";
import { ACCESSIBLE, AUTHORING_CASES, EXAMPLE } from "../pdfua/authoring-cases";
import { api } from "./client";

const withBackend = inject("chromiumDriver") !== "browser-rendering";

async function createPdfUaTemplate(name: string, source: string) {
  const res = await api("POST", "/v1/templates", {
    name: `${name}-${process.pid}`,
    source,
    example: EXAMPLE,
    options: { pdfua: "1" },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return { template: res.json.name as string, warnings: res.json.warnings as Array<{ code: string; rule?: string }> };
}

async function previewWarnings(template: string) {
  const res = await fetch(`${inject("baseUrl")}/v1/previews`, {
    method: "POST",
    headers: { authorization: `Bearer ${inject("apiKey")}`, "content-type": "application/json" },
    body: JSON.stringify({ template, data: EXAMPLE }),
  });
  const header = res.headers.get("x-service-warnings");
  return { status: res.status, warnings: header ? JSON.parse(Buffer.from(header, "base64url").toString("utf8")) : [] };
}

describe.runIf(withBackend)("a pdfua template's accessibility warnings, against its real render", () => {
  it("the accessible page: no warning at create, and its render passes the check", async () => {
    const { template, warnings } = await createPdfUaTemplate("authoring-clean", ACCESSIBLE);
    expect(warnings).toEqual([]);
    const res = await api("POST", "/v1/render", { template, data: EXAMPLE });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.compliance.accessibility.valid).toBe(true);
  });

  it.each(Object.entries(AUTHORING_CASES))(
    "%s: warned at create; the render fails with that rule; the preview answers 200 with it",
    async (name, { source, rule, line, column }) => {
      const { template, warnings } = await createPdfUaTemplate(`authoring-${name}`, source);
      expect(warnings).toEqual([expect.objectContaining({ code: "accessibility", rule })]);
      const refused = await api("POST", "/v1/render", { template, data: EXAMPLE });
      expect(refused.status, JSON.stringify(refused.json)).toBe(500);
      expect(refused.json.error.details).toMatchObject({ stage: "accessibility", retryable: false });
      const rules = refused.json.error.details.violations.map((v: { rule: string }) => v.rule);
      expect(rules).toContain(rule);
      const preview = await previewWarnings(template);
      expect(preview.status).toBe(200);
      // Both the source's warning at its line and the check of the printed file name the rule.
      const at = `(line ${line}, column ${column})`;
      expect(preview.warnings).toContainEqual(
        expect.objectContaining({ code: "accessibility", rule, message: expect.stringContaining(at) }),
      );
      expect(preview.warnings).toContainEqual(
        expect.objectContaining({
          code: "accessibility",
          rule,
          message: expect.stringMatching(new RegExp(`^${rule} \\(`)),
        }),
      );
    },
  );
});
