// What a chunked render makes once for the whole document (docs/rendering.md#long-documents): the header and footer
// rendered with the whole data, the finishing, and the e-invoice check, which runs while the chunks print.
import type { JoinJob } from "@folio/render-page/join-contract";
import type { Compliance } from "../../contract/compliance";
import { UNTIMED } from "../../lib/render-timings";
import { templatePage } from "../../render/codes/page-geometry";
import { checkedEInvoice } from "../../render/e-invoice-compliance";
import { liquidBudget, type RenderPart, renderLiquid } from "../../render/liquid";
import { preparePdfFinishing } from "../../render/pdf-finishing";
import type { ProduceDeps, RenderSeat } from "./print-file";
import type { RenderPlan } from "./render-plan";

export interface WholeDocument {
  /** The rendered header and footer with the margins they print in; absent when there are neither. */
  margins: JoinJob["margins"];
  finishing: Awaited<ReturnType<typeof preparePdfFinishing>>;
  /** The e-invoice's receipt (its refusal still comes before anything is stored), or undefined without one. */
  checking: Promise<Compliance["e_invoice"] | undefined>;
}

export async function prepareWhole(
  plan: RenderPlan,
  deps: Omit<ProduceDeps, "files" | "meter">,
  seat: RenderSeat,
): Promise<WholeDocument> {
  const timings = deps.timings ?? UNTIMED;
  const whole = {
    data: plan.data,
    instant: plan.receivedAt,
    budget: liquidBudget(templatePage(plan.version.engine, plan.options)),
  };
  const renderPart: RenderPart = (part, path, markup) =>
    timings.measure("template", () => renderLiquid(part, whole, path, markup));
  const { header_html, footer_html, margin, scale } = plan.options;
  const header = header_html === undefined ? undefined : await renderPart(header_html, "options.header_html");
  const footer = footer_html === undefined ? undefined : await renderPart(footer_html, "options.footer_html");
  const finishing = await preparePdfFinishing(plan.options, renderPart);
  const invoice = finishing?.eInvoice;
  const checking = invoice
    ? checkedEInvoice(
        deps.chromium(),
        { xml: invoice.xml, standard: "factur-x", profile: invoice.profile },
        invoice.validation,
        seat,
      )
    : Promise.resolve(undefined);
  checking.catch(() => undefined);
  const margins =
    header === undefined && footer === undefined
      ? undefined
      : {
          ...(header === undefined ? {} : { header_html: header }),
          ...(footer === undefined ? {} : { footer_html: footer }),
          ...(margin === undefined ? {} : { margin }),
          ...(scale === undefined ? {} : { scale }),
        };
  return { margins, finishing, checking };
}
