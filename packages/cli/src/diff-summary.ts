import type { Template } from "@folio/sdk";
import { canonicalJson } from "@folio/sdk";
import type { TemplateFolder } from "./template-folder.js";

export interface DiffSummary {
  /** Lines of template.html added and removed, counted as multisets of lines (moves count as neither). */
  source: { added: number; removed: number };
  engine: boolean;
  schema: boolean;
  options: boolean;
}

function lineCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of text.split("\n")) counts.set(line, (counts.get(line) ?? 0) + 1);
  return counts;
}

/** Lines of `from` with no counterpart in `to`. */
function unmatched(from: Map<string, number>, to: Map<string, number>): number {
  let count = 0;
  for (const [line, n] of from) count += Math.max(0, n - (to.get(line) ?? 0));
  return count;
}

/** What publishing this folder would change in the definition of `latest`, the template's newest version. */
export function diffSummary(folder: TemplateFolder, latest: Template): DiffSummary {
  const local = lineCounts(folder.source);
  const remote = lineCounts(latest.source);
  return {
    source: { added: unmatched(local, remote), removed: unmatched(remote, local) },
    engine: folder.meta.engine !== latest.engine,
    schema: canonicalJson(folder.schema) !== canonicalJson(latest.schema),
    options: canonicalJson(folder.options) !== canonicalJson(latest.options),
  };
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
