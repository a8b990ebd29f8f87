// The e-invoice's rule violations as the studio's problems (one per rule, fatal as errors), the publish's question
// about enforced rules, and `options.e_invoice.xml` kept in its own editor.
import type { TemplateWarning } from "@folio/sdk";
import { FolioError } from "@folio/sdk";
import { describe, expect, it } from "vitest";
import { textsOf } from "../../web/src/editors/editor-texts";
import { enforcedRuleFailures, ruleTitle } from "../../web/src/problems/e-invoice-problems";
import { problemsOfError, problemsOfWarnings } from "../../web/src/problems/problems";
import { problemPlace, problemSummary } from "../../web/src/shared/wording";
import { joinInvoiceXml, splitInvoiceXml } from "../../web/src/xml/invoice-xml-text";

const AT = "/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction";
const rule = (id: string, severity: "fatal" | "warning", where: string): TemplateWarning => ({
  path: "options.e_invoice.xml",
  code: "e_invoice_rule",
  rule: id,
  message: `${id} (${severity}, at ${AT}${where}): The rule's own words.`,
});

describe("e-invoice rule violations in Problems", () => {
  const warnings = [
    rule("BR-CO-10", "fatal", "/ram:A[1]"),
    rule("FX-SCH-A-000372", "warning", "/ram:B[1]"),
    rule("BR-CO-10", "fatal", "/ram:A[2]"),
    rule("BR-CO-10", "fatal", "/ram:A[3]"),
    { path: "source", code: "clock_read", message: "prints the date" } as TemplateWarning,
  ];

  it("groups them by rule with a count, a fatal rule an error, placed in the XML view, not the Options", () => {
    const problems = problemsOfWarnings(warnings);
    expect(problems.map((p) => [p.severity, p.rule ? ruleTitle(p.rule) : p.path])).toEqual([
      ["error", "BR-CO-10 ×3"],
      ["warning", "FX-SCH-A-000372"],
      ["warning", "source"],
    ]);
    const [fatal] = problems;
    expect(fatal?.rule?.locations).toEqual([`${AT}/ram:A[1]`, `${AT}/ram:A[2]`, `${AT}/ram:A[3]`]);
    expect(fatal?.editor).toBeNull();
    expect(problemPlace(fatal as never, 57)).toBe("XML view · line 57");
    expect(problemPlace(fatal as never, null)).toBe("XML view");
    expect(problemSummary(problems).text).toBe("1 error, 2 warnings");
  });

  it("asks before publishing only when the options enforce the rules a preview found broken", () => {
    const problems = problemsOfWarnings(warnings);
    expect(enforcedRuleFailures(problems, { e_invoice: { standard: "factur-x" } })).toEqual(["BR-CO-10 ×3"]);
    expect(enforcedRuleFailures(problems, { e_invoice: { validation: "enforce" } })).toEqual(["BR-CO-10 ×3"]);
    expect(enforcedRuleFailures(problems, { e_invoice: { validation: "report" } })).toEqual([]);
    expect(enforcedRuleFailures(problemsOfWarnings([warnings[1] as TemplateWarning]), { e_invoice: {} })).toEqual([]);
  });

  it("puts a Liquid error of the XML in the XML editor, at its line", () => {
    const error = new FolioError(
      {
        type: "render_failed",
        message: "The e-invoice XML failed: unexpected token, line:3, col:4",
        docs_url: "",
        details: { stage: "template", part: "e_invoice.xml" },
      },
      400,
    );
    const [problem] = problemsOfError(error);
    expect(problem?.editor).toBe("xml");
    const text = "<a>\n<b/>\n<c>{{ x | }}</c>\n";
    expect(problem?.diagnostic?.locate(text)?.from).toBe(text.indexOf("{{"));
  });
});

describe("options.e_invoice.xml in its own editor", () => {
  const xml = '<?xml version="1.0"?>\n<Invoice>{{ invoice.number }}</Invoice>\n';

  it("shows the options without the XML, and the XML as it is: no escaped JSON string", () => {
    const template = { source: "", options: { pdfa: "3b", e_invoice: { standard: "ubl", cius: "peppol-bis-3", xml } } };
    const texts = textsOf(template as never);
    expect(texts.xml).toBe(xml);
    expect(JSON.parse(texts.options)).toEqual({ pdfa: "3b", e_invoice: { standard: "ubl", cius: "peppol-bis-3" } });
    expect(texts.options).not.toContain("Invoice");
  });

  it("puts the XML back for a request, and leaves options without an e-invoice alone", () => {
    const { options } = splitInvoiceXml({ e_invoice: { standard: "factur-x", profile: "en16931", xml } });
    expect(joinInvoiceXml(options, xml)).toEqual({ e_invoice: { standard: "factur-x", profile: "en16931", xml } });
    expect(joinInvoiceXml({ scale: 2 }, xml)).toEqual({ scale: 2 });
    // An empty XML editor keeps an `xml` typed into the options themselves.
    expect(joinInvoiceXml({ e_invoice: { xml: "<a/>" } }, " ")).toEqual({ e_invoice: { xml: "<a/>" } });
  });
});
