import { unwrap } from "@folio/sdk";
import { client } from "../config.js";
import { type Output, UsageError } from "../output.js";

/** Rows as aligned columns, the first row the heading. */
export function table(rows: string[][]): string {
  const [heading = []] = rows;
  const widths = heading.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? "").length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** `folio templates ls`: every live template at its latest version. */
export async function listTemplates(out: Output): Promise<void> {
  const list = await unwrap(client().api.GET("/v1/templates"));
  const rows = list.data.map((t) => [t.name, `@${t.latest_version}`, t.engine, t.updated_at, t.description]);
  out.result(
    list,
    list.data.length ? table([["NAME", "LATEST", "ENGINE", "UPDATED", "DESCRIPTION"], ...rows]) : "no templates",
  );
}

const STATUSES = ["queued", "succeeded", "failed"] as const;

export interface RenderListFlags {
  limit?: string;
  status?: string;
}

/** `folio renders ls`: the newest renders first. */
export async function listRenders(flags: RenderListFlags, out: Output): Promise<void> {
  const limit = flags.limit === undefined ? 20 : Number(flags.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw new UsageError("--limit is a whole number from 1 to 100");
  const status = flags.status as (typeof STATUSES)[number] | undefined;
  if (status !== undefined && !STATUSES.includes(status))
    throw new UsageError(`--status is one of ${STATUSES.join(", ")}`);
  const list = await unwrap(
    client().api.GET("/v1/renders", { params: { query: { limit, ...(status ? { status } : {}) } } }),
  );
  const rows = list.data.map((r) => [r.id, r.status, r.template, r.format, String(r.page_count ?? "-"), r.created_at]);
  out.result(
    list,
    list.data.length ? table([["ID", "STATUS", "TEMPLATE", "FORMAT", "PAGES", "CREATED"], ...rows]) : "no renders",
  );
}
