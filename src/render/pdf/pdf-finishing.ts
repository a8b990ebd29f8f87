// Post-processing of Chromium's PDF (/docs#finishing, src/docs/finishing-guide.ts): PDF/A, attachments, Factur-X and
// encryption, with @cantoo/pdf-lib in the Worker after either driver returns, so both drivers get the same finishing
// (a chunked render is finished by the render backend once it joined the pieces, with the same package code).
// The loaded document is modified in place and saved whole: pages are never copied (pdf-lib's page copy drops the
// structure tree and the outline). pdf-lib writes no date here and keeps the /ID normalizePdf set, except when it
// encrypts: salts and /ID are then random, so nothing in the file derives from a password.
import { PDFDocument } from "@cantoo/pdf-lib";
import { applyFinishing, type EmbeddedFile, type PdfFinish } from "@folio/render-page/pdf-finish";
import type { EInvoiceValidationMode } from "../../contract/render-options/e-invoice-option";
import { facturXFileName } from "../../contract/render-options/e-invoice-option";
import type { RenderOptions } from "../../contract/render-options/options-schema";
import { ServiceError } from "../../errors";
import { FACTUR_X_LEVELS, type FacturXProfile, renderEInvoiceXml } from "../e-invoice/e-invoice";
import { checkDataOnlyXml } from "../e-invoice/xml-gate";
import type { RenderPart } from "../liquid/liquid";

/** What a render's attachments may come to in all, rendered (docs/contributing.md, "How a render stays safe"). */
const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

/** text/xml, application/xml and every +xml type. */
export const XML_TYPE = /^[a-z]+\/(?:[^;]*\+)?xml\b/i;

/** What a printed PDF still needs, with every Liquid part already rendered. */
export interface PdfFinishing {
  pdfa?: "2b" | "3b" | undefined;
  attachments: EmbeddedFile[];
  /** A Factur-X invoice's CII XML, embedded in the PDF (a UBL invoice holds the PDF instead: ubl-embed.ts). */
  eInvoice?: { xml: string; profile: FacturXProfile; validation: EInvoiceValidationMode } | undefined;
  encryption?: RenderOptions["encryption"];
}

function decodeBase64(content: string): Uint8Array {
  return Uint8Array.from(atob(content), (c) => c.charCodeAt(0));
}

/**
 * The post-processing `options` ask for, or null when there is none. Runs before Chromium is asked for
 * anything, so a Liquid mistake or a refused XML costs no browser time.
 */
export async function preparePdfFinishing(
  options: RenderOptions,
  renderPart: RenderPart,
): Promise<PdfFinishing | null> {
  const { pdfa, attachments = [], e_invoice: eInvoice, encryption } = options;
  const files = await Promise.all(
    attachments.map(async (a, i) => {
      const path = `options.attachments[${i}].content`;
      // A file declared as XML has its Liquid outputs escaped, and is embedded as data only, like the e-invoice.
      const xml = XML_TYPE.test(a.mime_type);
      const bytes =
        a.encoding === "base64"
          ? decodeBase64(a.content)
          : new TextEncoder().encode(await renderPart(a.content, path, xml ? "xml" : "html"));
      if (xml) checkDataOnlyXml(new TextDecoder().decode(bytes), path);
      return { filename: a.filename, bytes, mimeType: a.mime_type, description: a.description };
    }),
  );
  const total = files.reduce((sum, file) => sum + file.bytes.byteLength, 0);
  if (total > MAX_ATTACHMENT_BYTES) {
    throw new ServiceError(
      "render_failed",
      `The attachments come to ${total.toLocaleString("en-US")} bytes once rendered; a render may embed at ` +
        `most ${MAX_ATTACHMENT_BYTES.toLocaleString("en-US")} (10 MiB). Send large files separately, or shorten ` +
        `what their Liquid writes.`,
      {
        details: {
          stage: "template",
          part: "options.attachments",
          reason: "attachments_too_large",
          max_attachment_bytes: MAX_ATTACHMENT_BYTES,
        },
      },
    );
  }
  let invoice: PdfFinishing["eInvoice"];
  if (eInvoice?.standard === "factur-x") {
    const xml = await renderEInvoiceXml(eInvoice, renderPart);
    invoice = { xml, profile: eInvoice.profile, validation: eInvoice.validation ?? "enforce" };
  }
  if (!pdfa && files.length === 0 && !invoice && !encryption) return null;
  return { pdfa, attachments: files, eInvoice: invoice, encryption };
}

/** What the package's finishing applies, from the prepared finishing (the Factur-X level named as the XMP names it). */
export function pdfFinish(finishing: PdfFinishing): PdfFinish {
  const { eInvoice, ...rest } = finishing;
  return {
    ...rest,
    ...(eInvoice
      ? {
          facturX: {
            xml: eInvoice.xml,
            level: FACTUR_X_LEVELS[eInvoice.profile],
            fileName: facturXFileName(eInvoice.profile),
          },
        }
      : {}),
  };
}

/** Applies `finishing` to a normalized PDF (its /ID and info dictionary already final). */
export async function finishPdf(bytes: Uint8Array, finishing: PdfFinishing): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  await applyFinishing(doc, pdfFinish(finishing));
  return doc.save();
}
