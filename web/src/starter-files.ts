// The starter gallery's documents, each a fixture of the repository: `<stem>.liquid.html`, `<stem>.schema.json`,
// `<stem>.data.json` and, when the document needs them, `<stem>.options.json`. Pure: the files come in through
// `read`, so the studio (bundled by Vite) and the tests (read from disk) use the same list and the same rules.
import type { EditorTexts } from "./editor-texts";

export interface GalleryEntry {
  id: string;
  label: string;
  description: string;
  /** The fixture's path from the repository root, without its endings. */
  stem: string;
}

/** A document whose files are not in the checkout is left out of the gallery: adding them adds it. */
export const GALLERY: GalleryEntry[] = [
  {
    id: "invoice",
    label: "Invoice",
    description: "A4, line items, tax and totals, money and dates.",
    stem: "fixtures/invoice",
  },
  {
    id: "receipt",
    label: "Receipt",
    description: "An 80 mm till receipt with tax included.",
    stem: "fixtures/starters/receipt",
  },
  {
    id: "certificate",
    label: "Certificate",
    description: "A4 landscape, framed, with signatures.",
    stem: "fixtures/starters/certificate",
  },
  {
    id: "shipping-label",
    label: "Shipping label",
    description: "4×6 in label: addresses, routing, tracking.",
    stem: "fixtures/starters/shipping-label",
  },
  {
    id: "report",
    label: "Report",
    description: "Several pages, a table, “Page X of Y” in the footer.",
    stem: "fixtures/starters/report",
  },
  {
    id: "swiss-invoice",
    label: "Swiss invoice",
    description: "A4 with the QR-bill payment part at its foot.",
    stem: "fixtures/starters/swiss-invoice",
  },
  {
    id: "statement",
    label: "Statement",
    description: "An account statement over many pages.",
    stem: "fixtures/statement",
  },
];

const withNewline = (text: string) => (text.endsWith("\n") ? text : `${text}\n`);

/** The editors' texts of a gallery document, or null when its files are not all there. */
export function starterTexts(entry: GalleryEntry, read: (path: string) => string | undefined): EditorTexts | null {
  const source = read(`${entry.stem}.liquid.html`);
  const schema = read(`${entry.stem}.schema.json`);
  const example = read(`${entry.stem}.data.json`);
  if (source === undefined || schema === undefined || example === undefined) return null;
  return {
    source,
    schema: withNewline(schema),
    example: withNewline(example),
    options: withNewline(read(`${entry.stem}.options.json`) ?? "{}"),
  };
}
