// The studio's words for what it shows: times, counts, summaries, error messages. No DOM here.
import { FolioError, type Template, type Usage } from "@folio/sdk";
import { EDITOR_IDS, type EditorId, TAB_LABELS } from "../editors/editor-texts";
import type { Problem } from "../problems/problems";

const counted = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export function ago(iso: string, now = Date.now()): string {
  const s = Math.max(0, (now - Date.parse(iso)) / 1000);
  if (s < 45) return "just now";
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86400) return `${Math.round(s / 3600)} h ago`;
  return new Date(iso).toLocaleDateString(undefined, { month: "short", day: "numeric", year: "numeric" });
}

/** A service message cut at its `code` spans, which are shown as code. */
export function messageParts(message: string): Array<{ code: boolean; text: string }> {
  return message
    .split(/(`[^`]+`)/)
    .map((part) =>
      part.startsWith("`") && part.endsWith("`") && part.length > 2
        ? { code: true, text: part.slice(1, -1) }
        : { code: false, text: part },
    );
}

/** The service's message for a failed call, or `fallback` when the call never got an answer. */
export const errorMessage = (error: unknown, fallback: string) =>
  error instanceof FolioError ? error.message : fallback;

export const UNREACHABLE = "The service could not be reached.";

export function trialRefusal(error: unknown): string {
  if (!(error instanceof FolioError) || error.status !== 429) return errorMessage(error, UNREACHABLE);
  const wait = error.retryAfter ? `in ${Math.ceil(error.retryAfter / 60)} min` : "later";
  return `Too many trials from this address: try again ${wait}, or use an API key.`;
}

/** The account chip and the account menu's plan line. A trial counts units (a PDF page or an image each). */
export function usageWording(usage: Usage): { chip: string; line: string } {
  const plan = usage.plan.charAt(0).toUpperCase() + usage.plan.slice(1);
  if (usage.trial)
    return {
      chip: `Trial · ${usage.trial.renders_remaining} of ${usage.trial.renders_total} left`,
      line: `Trial, ${counted(usage.trial.renders_remaining, "unit")} left (a PDF page or an image each)`,
    };
  return { chip: `${plan} plan`, line: `${plan}, ${counted(usage.units.used, "unit")} this month` };
}

export type Severity = "error" | "warning";

/** Local JSON errors come first: they stop the preview. */
export function jsonProblems(jsonErrors: (id: EditorId) => number): Problem[] {
  return EDITOR_IDS.flatMap((id): Problem[] => {
    const n = jsonErrors(id);
    if (n === 0) return [];
    const message = `${TAB_LABELS[id]} is not valid JSON${n > 1 ? ` (${n} errors)` : ""}: the preview waits for it.`;
    return [{ severity: "error", editor: id, path: id, message, diagnostic: null }];
  });
}

/** The Problems heading's summary and the panel's state. */
export function problemSummary(problems: Problem[]): { text: string; state: "error" | "warning" | "clean" } {
  const errors = problems.filter((p) => p.severity === "error").length;
  const warnings = problems.length - errors;
  const parts = [errors ? counted(errors, "error") : "", warnings ? counted(warnings, "warning") : ""];
  return {
    text: problems.length === 0 ? "None" : parts.filter(Boolean).join(", "),
    state: errors ? "error" : warnings ? "warning" : "clean",
  };
}

/** A tab's count: its errors, else its warnings; none when it has neither. */
export function tabCount(problems: Problem[], id: EditorId): { count: number; severity: Severity } {
  const of = (severity: Severity) => problems.filter((p) => p.editor === id && p.severity === severity).length;
  const errors = of("error");
  return { count: errors || of("warning"), severity: errors ? "error" : "warning" };
}

/** Where a problem is: its editor and line, else the path the service named. */
export function problemPlace(problem: Problem, line: number | null): string {
  if (problem.rule) return `XML view${line ? ` · line ${line}` : ""}`;
  const where = problem.editor ? `${TAB_LABELS[problem.editor]}${line ? ` · line ${line}` : ""}` : "";
  return where || problem.path;
}

/** The publish dialog's words: the first publish creates the template as v1. */
export function publishWording(name: string, published: Template | null) {
  if (!published)
    return {
      title: `Create ${name}`,
      lede: "Creates the template with this source, schema, example and options as version 1.",
      submit: "Create v1",
    };
  const next = published.version + 1;
  return {
    title: `Publish ${name} v${next}`,
    lede:
      `Version ${next} becomes what renders of “${name}” use; ` +
      `v${next - 1} stays available as ${name}@${next - 1}.`,
    submit: `Publish v${next}`,
  };
}

/** What the curl dialog says of the command: it renders the published version, not the unsaved edits. */
export function curlLede(ref: string, dirty: boolean): string {
  return dirty
    ? `Renders ${ref} with the example data. Your unsaved edits are not in that version: publish them first.`
    : `Renders ${ref} with the example data. Set FOLIO_API_KEY first, or include your key.`;
}
