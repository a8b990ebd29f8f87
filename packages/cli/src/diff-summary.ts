import type { Template } from "@folio/sdk";
import { canonicalJson } from "@folio/sdk";
import type { TemplateFolder } from "./template-folder.js";

export interface DiffSummary {
  /**
   * Lines of template.html added and removed, counted as multisets of lines (moves count as neither), and the lines
   * themselves in the order their file has them.
   */
  source: { added: number; removed: number; addedLines: string[]; removedLines: string[] };
  engine: boolean;
  schema: boolean;
  options: boolean;
}

function lineCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of text.split("\n")) counts.set(line, (counts.get(line) ?? 0) + 1);
  return counts;
}

/** The lines of `from`, in its order, with no counterpart in `to`. */
function unmatched(from: string, to: Map<string, number>): string[] {
  const left = new Map(to);
  return from.split("\n").filter((line) => {
    const n = left.get(line) ?? 0;
    if (n > 0) left.set(line, n - 1);
    return n === 0;
  });
}

/** Lines a message shows of each side before it says how many more there are. */
const SHOWN_LINES = 20;

/** What publishing this folder would change in the definition of `latest`, the template's newest version. */
export function diffSummary(folder: TemplateFolder, latest: Template): DiffSummary {
  const addedLines = unmatched(folder.source, lineCounts(latest.source));
  const removedLines = unmatched(latest.source, lineCounts(folder.source));
  return {
    source: { added: addedLines.length, removed: removedLines.length, addedLines, removedLines },
    engine: folder.meta.engine !== latest.engine,
    schema: canonicalJson(folder.schema) !== canonicalJson(latest.schema),
    options: canonicalJson(folder.options) !== canonicalJson(latest.options),
  };
}

/** The lines, each after its sign, at most SHOWN_LINES of them. */
function shown(sign: string, lines: string[]): string[] {
  const more = lines.length - SHOWN_LINES;
  return [...lines.slice(0, SHOWN_LINES).map((line) => `  ${sign} ${line}`), ...(more > 0 ? [`  … ${more} more`] : [])];
}

/** template.html's lines removed (-) and added (+), one a line, for a person to see what would be lost; or "". */
export function changedLines(diff: DiffSummary): string {
  const lines = [...shown("-", diff.source.removedLines), ...shown("+", diff.source.addedLines)];
  return lines.map((line) => `${line}\n`).join("");
}

export function describeDiff(diff: DiffSummary): string {
  const parts = [];
  if (diff.source.added || diff.source.removed)
    parts.push(`template.html +${diff.source.added} -${diff.source.removed} lines`);
  if (diff.engine) parts.push("engine changed");
  if (diff.schema) parts.push("schema.json changed");
  if (diff.options) parts.push("options.json changed");
  return parts.length ? parts.join(", ") : "whitespace-only or reordered lines in template.html";
}
