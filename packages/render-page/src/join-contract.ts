// The last step of a chunked render (docs/rendering.md#long-documents) as the Worker asks the render backend for
// it (POST /join): join the session's pieces, lay the headers and footers over them, finish the whole.
import type { SlotShare } from "./job-contract.ts";
import type { DocumentIdentity } from "./joined-pdf.ts";
import { finishFromWire, finishToWire, type PdfFinish } from "./pdf-finish.ts";

export interface JoinJob {
  session: string;
  /** The rendered header and footer, printed once over the whole page count; absent when there are neither. */
  margins?: { header_html?: string; footer_html?: string; margin?: unknown; scale?: number } | undefined;
  identity: DocumentIdentity;
  finish: PdfFinish | null;
  /** For printing the margins document: the same per-job budget and share as a piece. */
  timeoutMs: number;
  accountId: string;
  share: SlotShare;
}

export function joinToWire(job: JoinJob): string {
  return JSON.stringify({ ...job, finish: job.finish && finishToWire(job.finish) });
}

export function joinFromWire(text: string): JoinJob {
  const body = JSON.parse(text) as JoinJob & { finish: unknown };
  if (typeof body.session !== "string" || typeof body.identity?.documentId !== "string")
    throw new Error("a join names its session and its document's identity");
  return {
    ...body,
    finish: body.finish ? finishFromWire(body.finish) : null,
    timeoutMs: typeof body.timeoutMs === "number" ? body.timeoutMs : 30_000,
    share: body.share === "paid" ? "paid" : "free",
  };
}
