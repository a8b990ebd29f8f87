// Which `pdfua` prints the render backend mends with the print (src/render/pdf/accessible-pdf.ts,
// docs/accessibility.md#in-a-render): only those the Worker changes nothing of between the print and the mends; and
// the field's wire form, read back only whole.
import { jobFromWire, jobToWire } from "@folio/render-page/job-contract";
import { describe, expect, it } from "vitest";
import { accessibilityAtPrint } from "../../src/render/pdf/accessible-pdf";
import type { PdfFinishing } from "../../src/render/pdf/pdf-finishing";

const MEND = { title: "Invoice INV-7", lang: "en-GB" };
const JOB = { documentId: "3f6c1e0a9b2d4c5e8f7a6b5c4d3e2f1a", metadata: { title: "Invoice INV-7" }, marked: false };
const finishing = (more: Partial<PdfFinishing>): PdfFinishing => ({ attachments: [], ...more });

describe("a pdfua print mended with the print", () => {
  it("when nothing comes between: no finishing, or encryption only (which comes after the mends)", () => {
    const at = { documentId: JOB.documentId, metadata: JOB.metadata, mend: MEND };
    expect(accessibilityAtPrint(MEND, null, JOB)).toEqual(at);
    const encryption = { owner_password: "owner-secret", permissions: {} } as PdfFinishing["encryption"];
    expect(accessibilityAtPrint(MEND, finishing({ encryption }), JOB)).toEqual(at);
    expect(accessibilityAtPrint(MEND, null, { ...JOB, metadata: undefined })?.metadata).toEqual({});
  });

  it("not for a preview's mark, PDF/A, attachments or Factur-X, which the Worker applies first; not without pdfua", () => {
    expect(accessibilityAtPrint(MEND, null, { ...JOB, marked: true })).toBeUndefined();
    expect(accessibilityAtPrint(MEND, finishing({ pdfa: "3b" }), JOB)).toBeUndefined();
    const attachment = { filename: "terms.txt", bytes: new Uint8Array([1]), mimeType: "text/plain" };
    expect(accessibilityAtPrint(MEND, finishing({ attachments: [attachment] }), JOB)).toBeUndefined();
    const eInvoice = { xml: "<x/>", profile: "en16931", validation: "enforce" } as PdfFinishing["eInvoice"];
    expect(accessibilityAtPrint(MEND, finishing({ eInvoice }), JOB)).toBeUndefined();
    expect(accessibilityAtPrint(undefined, null, JOB)).toBeUndefined();
  });

  it("travels on POST /render's body and is read back only whole", () => {
    const job = { html: "<p>x</p>", format: "pdf" as const, options: {}, timeoutMs: 1, allowPrivateEgress: false };
    const at = { documentId: JOB.documentId, metadata: JOB.metadata, mend: MEND };
    const seat = { accountId: "acct_1", share: "paid" as const };
    expect(jobFromWire(jobToWire({ ...job, ...seat, accessibility: at })).accessibility).toEqual(at);
    const wire = JSON.parse(jobToWire({ ...job, ...seat, accessibility: at }));
    for (const key of ["documentId", "metadata", "mend"]) {
      const partial = { ...wire, accessibility: { ...wire.accessibility, [key]: undefined } };
      expect(jobFromWire(JSON.stringify(partial)).accessibility, key).toBeUndefined();
    }
    expect(jobFromWire(jobToWire({ ...job, ...seat })).accessibility).toBeUndefined();
  });
});
