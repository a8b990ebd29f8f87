// What the preview's status line and its "out of date" banner say. No DOM here.
import type { FolioError, PreviewFile } from "@folio/sdk";
import { type EditorId, TAB_LABELS } from "../editors/editor-texts";
import type { Problem } from "../problems/problems";
import type { Format } from "../state/draft";
import { ruleViolations } from "../xml/xml-violations";

export type PreviewState = "idle" | "pending" | "busy" | "ok" | "error" | "warn";

const labels = (ids: EditorId[]) => ids.map((id) => TAB_LABELS[id]).join(", ");
const plural = (n: number) => (n === 1 ? "" : "s");

/** A preview drawn: its pages (or image format), how long it took, and its warnings. */
export function previewDone(
  result: Pick<PreviewFile, "pageCount" | "truncated" | "warnings">,
  format: Format | "xml",
  ms: number,
): { state: PreviewState; text: string } {
  const pages =
    format === "pdf"
      ? `${result.pageCount} page${plural(result.pageCount)}${result.truncated ? " (first shown)" : ""}`
      : format.toUpperCase();
  // An e-invoice's fatal rule violations are errors: a render enforcing the rules refuses the file.
  const fatal = ruleViolations(result.warnings).filter((v) => v.severity === "error").length;
  const warnings = result.warnings.length - fatal;
  const counts = [
    fatal ? `${fatal} fatal rule violation${plural(fatal)}` : "",
    warnings ? `${warnings} warning${plural(warnings)}` : "",
  ];
  return {
    state: fatal ? "error" : warnings ? "warn" : "ok",
    text: [`${pages}`, `${ms} ms`, ...counts.filter(Boolean)].join(" · "),
  };
}

/** A preview that waits for JSON editors to parse. */
export function brokenJson(broken: EditorId[]): { status: string; stale: string } {
  return {
    status: `Fix the JSON in ${labels(broken)}`,
    stale: `Out of date: ${labels(broken)} ${broken.length > 1 ? "are" : "is"} not valid JSON yet.`,
  };
}

const HEADLINES: Record<string, string> = {
  validation_error: "The example data does not match the schema",
  render_failed: "The template failed to render",
  invalid_request: "The template has an error",
  asset_blocked: "An asset was blocked",
};

/** A preview the service refused: a headline for the status, and the first problem (at its line) for the banner. */
export function previewFailed(
  error: FolioError,
  problems: Problem[],
  firstLine: number | null,
): { status: string; stale: string } {
  const first = problems[0];
  const where = first?.editor ? ` in ${TAB_LABELS[first.editor]}${firstLine ? `, line ${firstLine}` : ""}` : "";
  return {
    status: HEADLINES[error.type] ?? error.message,
    stale:
      `Out of date: ${problems.length} ` +
      `problem${plural(problems.length)}${where}. ${first?.message ?? error.message}`,
  };
}
