// The service's answers (field errors, Liquid errors, warnings) as problems: each in its editor, at its line.
import type { FieldError, FolioError, TemplateWarning } from "@folio/sdk";
import type { EditorId, ServerDiagnostic } from "../editors/editor-texts";
import { locate, parsePath } from "../editors/json-paths";
import { groupRuleWarnings, type RuleGroup } from "./e-invoice-problems";

export interface Problem {
  severity: "error" | "warning";
  /** The editor the problem sits in, when it has one. */
  editor: EditorId | null;
  /** The field path as the service names it (`data.items[0].quantity`), shown beside the message. */
  path: string;
  message: string;
  diagnostic: ServerDiagnostic | null;
  /** An e-invoice rule the rendered XML breaks, and where (shown in the XML view, not in an editor). */
  rule?: RuleGroup;
}

/** The e-invoice XML's Liquid: its own editor, where a Liquid error's line and column point. */
const INVOICE_XML = "options.e_invoice.xml";

/** Which editor a path's root belongs to, and the path inside that editor's JSON. */
const ROOTS: Array<[RegExp, EditorId]> = [
  [/^data(?=$|[.[])/, "example"],
  [/^example(?=$|[.[])/, "example"],
  [/^schema(?=$|[.[])/, "schema"],
  [/^options(?=$|[.[])/, "options"],
];

/** "line:3, col:12" (liquidjs) or "line 3, column 12" in a message: the 1-based place. */
function lineColOf(text: string): { line: number; col: number } | null {
  const m = /line[:\s]\s*(\d+)(?:,?\s*col(?:umn)?[:\s]\s*(\d+))?/i.exec(text);
  return m ? { line: Number(m[1]), col: Number(m[2] ?? 1) } : null;
}

function atLineCol(place: { line: number; col: number } | null): ServerDiagnostic["locate"] {
  return (text) => {
    const lines = text.split("\n");
    if (!place) return { from: 0, to: Math.min(lines[0]?.length ?? 0, text.length) };
    const index = Math.min(Math.max(place.line, 1), lines.length) - 1;
    let start = 0;
    for (const line of lines.slice(0, index)) start += line.length + 1;
    const lineText = lines[index] ?? "";
    const col = Math.min(Math.max(place.col - 1, 0), lineText.length);
    // Underline the word, the Liquid tag or the stray closing delimiter that starts at the column, else the rest of
    // the line.
    const rest = lineText.slice(col);
    const token = /^(\{\{.*?\}\}|\{%.*?%\}|%\}|\}\}|[\w-]+)/.exec(rest)?.[0] ?? rest;
    return { from: start + col, to: start + col + Math.max(token.length, 1) };
  };
}

function atPath(path: string): ServerDiagnostic["locate"] {
  const segments = parsePath(path);
  return (text) => locate(text, segments);
}

function problemFor(severity: Problem["severity"], path: string, message: string, extraText = ""): Problem {
  if (path === "source" || path.startsWith("source.") || path === "" || path === INVOICE_XML) {
    const place = lineColOf(message) ?? lineColOf(extraText);
    return {
      severity,
      editor: path === INVOICE_XML ? "xml" : "source",
      path: path || "source",
      message,
      diagnostic: { severity, message, locate: atLineCol(place) },
    };
  }
  for (const [re, editor] of ROOTS) {
    if (re.test(path)) {
      const inner = path.replace(re, "").replace(/^\./, "");
      return { severity, editor, path, message, diagnostic: { severity, message, locate: atPath(inner) } };
    }
  }
  return { severity, editor: null, path, message, diagnostic: null };
}

const fieldMessage = (e: FieldError) => e.message;

/** The problems of a failed preview or publish. */
export function problemsOfError(error: FolioError): Problem[] {
  const details = error.details;
  if (error.errors.length) return error.errors.map((e) => problemFor("error", e.path, fieldMessage(e)));
  if (error.type === "render_failed" && details.stage === "template") {
    const part = typeof details.part === "string" ? details.part : "source";
    const cause = typeof details.cause === "string" ? details.cause : "";
    if (part === "source") return [problemFor("error", "source", error.message, cause)];
    return [problemFor("error", `options.${part}`, error.message)];
  }
  return [{ severity: "error", editor: null, path: error.type, message: error.message, diagnostic: null }];
}

/** Warnings as problems; the e-invoice's rule violations one per rule, a fatal rule an error. */
export function problemsOfWarnings(warnings: TemplateWarning[]): Problem[] {
  const { rules, others } = groupRuleWarnings(warnings);
  return [...rules, ...others.map((w) => problemFor("warning", w.path, w.message))];
}

/** Problems grouped as the editors take them. */
export function diagnosticsByEditor(problems: Problem[]): Partial<Record<EditorId, ServerDiagnostic[]>> {
  const out: Partial<Record<EditorId, ServerDiagnostic[]>> = {};
  for (const p of problems) {
    if (!p.editor || !p.diagnostic) continue;
    const list = out[p.editor] ?? [];
    list.push(p.diagnostic);
    out[p.editor] = list;
  }
  return out;
}
