// The whole strategy: the page printed once, in one Chromium call on one of the account's slots. An XML file's PDF
// prints this way too; an XML file without one prints nothing.
import { ServiceError } from "../../../errors";
import { UNTIMED } from "../../../lib/render-timings";
import type { RenderedFile } from "../../../render/chromium/driver";
import { chunkHint } from "../../../render/chunk-hint";
import { accessibilityAtPrint } from "../../../render/pdf/accessible-pdf";
import { markOverlayHtml } from "../../../render/pdf/preview-mark";
import type { RenderPlan } from "../render-plan";
import type { PreparedPrint, PrintJob } from "./prepare-print";
import { inAccountSlot, type PrintDeps, type RenderSeat } from "./print-context";

/**
 * A print stopped at the backend's memory ceiling, its message naming the data's array to chunk over. A chunked
 * plan already chunks: chunk-failures.ts words its advice (a preview prints the whole array whatever the size).
 */
function withChunkHint(error: unknown, plan: Pick<RenderPlan, "data" | "options">): unknown {
  if (!(error instanceof ServiceError) || error.extra.details?.reason !== "memory_limit" || plan.options.chunk)
    return error;
  const message = error.message.replace(/ Split it into several renders\.$/, "");
  return new ServiceError(error.type, `${message} ${chunkHint(plan.data)}`, error.extra);
}

/**
 * Prints `html` as the prepared format. The e-invoice is checked while its page prints: it adds little wall time, and
 * an enforced refusal answers without waiting for the print.
 */
export async function printWhole(
  html: string,
  { plan, mark, options: asked }: PrintJob,
  prepared: PreparedPrint,
  deps: PrintDeps,
  seat: RenderSeat,
): Promise<RenderedFile | null> {
  const { format, options, timeoutMs } = prepared;
  if (!format) return null;
  const accessibility =
    format === "pdf"
      ? accessibilityAtPrint(prepared.accessibility, prepared.finishing, {
          documentId: plan.documentId,
          metadata: asked.metadata,
          marked: mark !== undefined,
        })
      : undefined;
  const timings = deps.timings ?? UNTIMED;
  const print = () =>
    timings.measure("render", () =>
      deps.chromium().print({
        html,
        format,
        options,
        timeoutMs,
        allowPrivateEgress: deps.egress.allowPrivate,
        accountId: seat.accountId,
        share: seat.share,
        ...(mark && format !== "pdf" ? { markHtml: markOverlayHtml(mark) } : {}),
        ...(format === "pdf"
          ? { maxPages: seat.maxUnits, ...(seat.cutAtMaxUnits ? { cutAtMaxPages: true } : {}) }
          : {}),
        ...(accessibility ? { accessibility } : {}),
      }),
    );
  const printing = inAccountSlot(print, timeoutMs, deps, seat).catch((error) => {
    throw withChunkHint(error, plan);
  });
  const [file] = await Promise.all([printing, prepared.checking]);
  return file;
}
