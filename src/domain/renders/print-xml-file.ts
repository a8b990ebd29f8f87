import { type EInvoiceOption, eInvoiceKind, renderEInvoiceXml } from "../../render/e-invoice";
import { checkedEInvoice } from "../../render/e-invoice-compliance";
import { embedPdfInUbl } from "../../render/ubl-embed";
import { type FinishedFile, type PrintJob, type ProduceDeps, printFile, type RenderSeat } from "./print-file";
import type { RenderPlan } from "./render-plan";

// `format: "xml"`: the e-invoice's own XML is the file (README, "E-invoices"). A UBL invoice holds the PDF printed from
// the template, finished with every PDF option the render has; the XML is checked as it ships, PDF inside, so the
// receipt is about the very bytes stored. A preview shows the XML alone (either standard): it prints nothing.

/** Renders the e-invoice XML, with the printed PDF inside for a UBL render, and checks it with the official rules. */
export async function printXmlFile(
  job: PrintJob<RenderPlan>,
  invoice: EInvoiceOption,
  deps: Omit<ProduceDeps, "files" | "meter">,
  seat: RenderSeat,
): Promise<FinishedFile> {
  const xml = await renderEInvoiceXml(invoice, job.renderPart);
  const withPdf = invoice.standard === "ubl" && invoice.embed_pdf !== false && !job.mark;
  let shipped = xml;
  let pageCount = 0;
  if (withPdf) {
    const { e_invoice: _, ...pdfOptions } = job.options;
    const pdf = await printFile({ ...job, plan: { ...job.plan, format: "pdf" }, options: pdfOptions }, deps, seat);
    shipped = embedPdfInUbl(xml, pdf.bytes);
    pageCount = pdf.pageCount;
  }
  const compliance = await checkedEInvoice(
    deps.chromium(),
    { xml: shipped, ...eInvoiceKind(invoice) },
    invoice.validation ?? "enforce",
    seat,
  );
  return { bytes: new TextEncoder().encode(shipped), pageCount, compliance: { e_invoice: compliance } };
}
