// The starter gallery's documents, each a fixture of the repository: `<stem>.liquid.html`, `<stem>.schema.json`,
// `<stem>.data.json` and, when the document needs them, `<stem>.options.json`; an e-invoice starter adds the
// Liquid of its XML, over the same data as its page. Pure: the files come in through `read`, so the studio
// (bundled by Vite) and the tests (read from disk) use the same list and the same rules.
import { type EditorTexts, pretty } from "../editors/editor-texts.ts";

/** The e-invoice a starter makes: `options.e_invoice` without its XML, which is read from `xmlFile`. */
export type StarterEInvoice = { xmlFile: string } & (
  | { standard: "factur-x"; profile: "en16931" | "xrechnung" }
  | { standard: "ubl"; cius: "peppol-bis-3" }
);

export interface GalleryEntry {
  id: string;
  label: string;
  description: string;
  /** The fixture's path from the repository root, without its endings. */
  stem: string;
  /** The pages its example prints to (checked by the gallery's test): what a template made from it reserves. */
  expectedPages: number;
  eInvoice?: StarterEInvoice;
}

const E_INVOICE_STEM = "fixtures/starters/e-invoice";

/** The e-invoice starters: one page and one data set, three standards, each valid with its example as it is. */
export const E_INVOICE_STARTERS: Array<GalleryEntry & { eInvoice: StarterEInvoice }> = [
  {
    id: "factur-x",
    label: "E-invoice: Factur-X",
    description: "PDF/A-3 with its EN 16931 XML (CII) inside.",
    stem: E_INVOICE_STEM,
    expectedPages: 1,
    eInvoice: { standard: "factur-x", profile: "en16931", xmlFile: `${E_INVOICE_STEM}.factur-x.xml.liquid` },
  },
  {
    id: "xrechnung",
    label: "E-invoice: XRechnung",
    description: "Germany's XRechnung 3.0 (CII) in a PDF/A-3.",
    stem: E_INVOICE_STEM,
    expectedPages: 1,
    eInvoice: { standard: "factur-x", profile: "xrechnung", xmlFile: `${E_INVOICE_STEM}.xrechnung.xml.liquid` },
  },
  {
    id: "peppol",
    label: "E-invoice: Peppol BIS",
    description: "A Peppol BIS 3.0 UBL invoice, its PDF inside.",
    stem: E_INVOICE_STEM,
    expectedPages: 1,
    eInvoice: { standard: "ubl", cius: "peppol-bis-3", xmlFile: `${E_INVOICE_STEM}.peppol.xml.liquid` },
  },
];

/** A document whose files are not in the checkout is left out of the gallery: adding them adds it. */
export const GALLERY: GalleryEntry[] = [
  {
    id: "invoice",
    label: "Invoice",
    description: "A4, line items, tax and totals, money and dates.",
    stem: "fixtures/invoice",
    expectedPages: 1,
  },
  {
    id: "receipt",
    label: "Receipt",
    description: "An 80 mm till receipt with tax included.",
    stem: "fixtures/starters/receipt",
    expectedPages: 1,
  },
  {
    id: "certificate",
    label: "Certificate",
    description: "A4 landscape, framed, with signatures.",
    stem: "fixtures/starters/certificate",
    expectedPages: 1,
  },
  {
    id: "shipping-label",
    label: "Shipping label",
    description: "4×6 in label: addresses, routing, tracking.",
    stem: "fixtures/starters/shipping-label",
    expectedPages: 1,
  },
  {
    id: "report",
    label: "Report",
    description: "Several pages, a table, “Page X of Y” in the footer.",
    stem: "fixtures/starters/report",
    expectedPages: 3,
  },
  {
    id: "swiss-invoice",
    label: "Swiss invoice",
    description: "A4 with the QR-bill payment part at its foot.",
    stem: "fixtures/starters/swiss-invoice",
    expectedPages: 1,
  },
  {
    id: "statement",
    label: "Statement",
    description: "An account statement over many pages.",
    stem: "fixtures/statement",
    expectedPages: 10,
  },
  ...E_INVOICE_STARTERS,
];

const withNewline = (text: string) => (text.endsWith("\n") ? text : `${text}\n`);

/** The editors' texts of a gallery document, or null when its files are not all there. */
export function starterTexts(entry: GalleryEntry, read: (path: string) => string | undefined): EditorTexts | null {
  const source = read(`${entry.stem}.liquid.html`);
  const schema = read(`${entry.stem}.schema.json`);
  const example = read(`${entry.stem}.data.json`);
  const xml = entry.eInvoice ? read(entry.eInvoice.xmlFile) : "";
  if (source === undefined || schema === undefined || example === undefined || xml === undefined) return null;
  if (entry.eInvoice) {
    const { xmlFile: _, ...e_invoice } = entry.eInvoice;
    return { source, schema: withNewline(schema), example: withNewline(example), options: pretty({ e_invoice }), xml };
  }
  return {
    source,
    schema: withNewline(schema),
    example: withNewline(example),
    options: withNewline(read(`${entry.stem}.options.json`) ?? "{}"),
    xml: "",
  };
}
