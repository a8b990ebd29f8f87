import { TypeGuards } from "liquidjs";
import type { RenderOptions } from "../../contract/render-options/options-schema";
import { type FieldError, ServiceError } from "../../errors";
import { CODE_FILTER_NAMES } from "../../render/codes/code-filters";
import { type CodeFinding, CodeLedger } from "../../render/codes/code-ledger";
import { templatePage } from "../../render/codes/page-geometry";
import { liquidBudget, parsedSource, renderLiquid } from "../../render/liquid/liquid";
import { valuesIn } from "../../render/liquid/liquid-parse";
import { XML_TYPE } from "../../render/pdf/pdf-finishing";
import type { TemplateDefinition } from "./checksum";

/** Each code filter a part uses: its name, where, and the variable it is applied to when that is all its input. */
interface CodeUse {
  name: string;
  line: number;
  column: number;
  variable?: string;
}

function codeUses(source: string): CodeUse[] {
  let templates: ReturnType<typeof parsedSource>["templates"];
  try {
    templates = parsedSource(source).templates;
  } catch {
    return [];
  }
  const uses: CodeUse[] = [];
  for (const value of valuesIn(templates)) {
    const [initial] = value.initial.postfix;
    const variable =
      value.initial.postfix.length === 1 && initial && TypeGuards.isPropertyAccessToken(initial)
        ? initial.getText()
        : undefined;
    for (const filter of value.filters) {
      if (!CODE_FILTER_NAMES.has(filter.name)) continue;
      const [line = 0, column = 0] = (filter as unknown as { token: { getPosition(): number[] } }).token.getPosition();
      uses.push({ name: filter.name, line, column, ...(variable === undefined ? {} : { variable }) });
    }
  }
  return uses;
}

/**
 * Code filters where they cannot work, refused at create: in the e-invoice XML or an XML attachment (they draw
 * markup, not text), and the Swiss payment part in a satori card (a printed page's block).
 */
export function codeProblems(definition: TemplateDefinition): FieldError[] {
  const options = definition.options as RenderOptions;
  const xmlParts: Array<[string, string | undefined]> = [
    ["options.e_invoice.xml", options.e_invoice?.xml],
    ...(options.attachments ?? []).map((a, i): [string, string | undefined] => [
      `options.attachments[${i}].content`,
      a.encoding !== "base64" && XML_TYPE.test(a.mime_type) ? a.content : undefined,
    ]),
  ];
  const problems: FieldError[] = [];
  for (const [path, source] of xmlParts)
    for (const use of source === undefined ? [] : codeUses(source))
      problems.push({
        path,
        message: `\`${path}\` uses \`${use.name}\` (line ${use.line}, column ${use.column}): code filters draw SVG markup, not XML text.`,
        expected: "no code filter in XML",
        received: use.name,
      });
  if (definition.engine === "satori")
    for (const use of codeUses(definition.source).filter((u) => u.name === "swiss_qr_bill"))
      problems.push({
        path: "source",
        message: `\`source\` uses \`swiss_qr_bill\` (line ${use.line}, column ${use.column}): the Swiss payment part is printed by the chromium engine only.`,
        expected: "engine chromium",
        received: "satori",
      });
  return problems;
}

/** A refusal met over the example, as the warning that names it (docs/codes.md#refusals). */
export interface CodeWarning {
  path: string;
  code: "invalid_code";
  rule: string;
  message: string;
}

function codeWarning(part: string, uses: CodeUse[], { refusal, line, column }: CodeFinding): CodeWarning {
  const use = uses.find((u) => u.line === line && u.column === column);
  return {
    path: use?.variable ? `example.${use.variable}` : part,
    code: "invalid_code",
    rule: refusal.rule,
    message:
      `\`${part}\` (line ${line}, column ${column}): ${refusal.message} (field \`${refusal.field}\`, rule ` +
      `\`${refusal.rule}\`); rendering the example fails with render_failed.`,
  };
}

/**
 * The code filters run over the example, as a render of it would run them (the page of the template's options):
 * each value they refuse is a warning at its line, or at `example.<field>` when the filter's input is that field.
 */
export async function codeWarnings(
  version: {
    engine: string;
    source: string;
    options: unknown;
  },
  example: unknown,
): Promise<CodeWarning[]> {
  const options = version.options as RenderOptions;
  const parts: Array<[string, string | undefined]> = [
    ["source", version.source],
    ["options.header_html", options.header_html],
    ["options.footer_html", options.footer_html],
  ];
  const page = templatePage(version.engine, options);
  const warnings: CodeWarning[] = [];
  for (const [path, source] of parts) {
    const uses = source === undefined ? [] : codeUses(source);
    if (!source || uses.length === 0) continue;
    const findings: CodeFinding[] = [];
    const budget = liquidBudget(page, new CodeLedger(page, findings));
    try {
      await renderLiquid(source, { data: example ?? {}, instant: new Date(), budget }, path);
    } catch (error) {
      // Liquid failing otherwise is the other warnings' concern, or the render's.
      if (!(error instanceof ServiceError)) throw error;
    }
    warnings.push(...findings.map((finding) => codeWarning(path, uses, finding)));
  }
  return warnings;
}
