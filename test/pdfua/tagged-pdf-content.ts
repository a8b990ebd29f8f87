// The test document's page content: every run in a marked-content sequence with the MCID its structure element
// names (tagged-pdf-structure.ts), the running header and a table rule as artifacts.

/** Each names one way the good file is altered; test/pdfua/checker.test.ts says which checkpoint it breaks. */
export const ALTERATIONS = [
  "no-xmp",
  "no-pdfuaid",
  "no-dc-title",
  "no-display-doc-title",
  "display-doc-title-false",
  "no-lang",
  "bad-lang-on-element",
  "no-mark-info",
  "suspects",
  "no-struct-tree",
  "untagged-text",
  "untagged-path",
  "mcid-not-in-tree",
  "artifact-in-tagged",
  "tagged-in-artifact",
  "td-outside-tr",
  "li-without-lbody",
  "figure-without-alt",
  "first-heading-h2",
  "heading-skipped",
  "h-and-numbered",
  "th-without-scope",
  "table-without-headers",
  "link-without-text",
  "unmapped-type",
  "circular-role-map",
  "standard-type-remapped",
  "link-without-contents",
  "link-outside-structure",
  "no-tabs",
  "tabs-row",
  "font-not-embedded",
  "unembedded-font-invisible",
  "type3-without-unicode",
] as const;
export type Alteration = (typeof ALTERATIONS)[number];

/** The page's marked runs, MCIDs 0 to 8 in reading order. */
export const MARKED_RUNS = ["H1", "P", "H2", "TH", "TD", "Lbl", "LBody", "Figure", "Link"] as const;

const text = (hex: string, x: number, y: number, font = "F1") => `BT /${font} 11 Tf ${x} ${y} Td ${hex} Tj ET`;

export function pageContent(encode: (text: string) => string, alter: Set<Alteration>): string {
  const ops: string[] = [];
  const marked = (tag: string, mcid: number, body: string) => ops.push(`/${tag} <</MCID ${mcid}>> BDC ${body} EMC`);
  ops.push(`/Artifact <</Type /Pagination /Subtype /Header>> BDC ${text(encode("Folio Ltd"), 40, 810)} EMC`);
  marked("H1", 0, text(encode("Invoice"), 40, 760));
  const paragraph = [text(encode("Thank you for your order."), 40, 730)];
  if (alter.has("artifact-in-tagged")) paragraph.push("/Artifact BMC 40 725 m 300 725 l S EMC");
  if (alter.has("font-not-embedded")) paragraph.push("BT /F2 11 Tf 40 715 Td (Helvetica) Tj ET");
  // Render mode 3: read (by a screen reader, a search) but never drawn, as an OCR layer under a picture.
  if (alter.has("unembedded-font-invisible")) paragraph.push("BT 3 Tr /F2 11 Tf 40 705 Td (hidden) Tj ET");
  if (alter.has("type3-without-unicode")) paragraph.push("BT /T3 11 Tf 200 715 Td (A) Tj ET");
  const p = `/P <</MCID 1>> BDC ${paragraph.join(" ")} EMC`;
  ops.push(alter.has("tagged-in-artifact") ? `/Artifact BMC ${p} EMC` : p);
  marked("H2", 2, text(encode("Lines"), 40, 690));
  ops.push("/Artifact BMC 0.5 w 40 655 m 300 655 l S EMC");
  marked("TH", 3, text(encode("Item"), 40, 660));
  marked("TD", 4, text(encode("Paper"), 40, 640));
  marked("Lbl", 5, text(encode("1."), 40, 600));
  marked("LBody", 6, text(encode("Pay within 30 days"), 60, 600));
  marked("Figure", 7, "q 50 0 0 50 40 500 cm /Im1 Do Q");
  marked("Link", 8, text(encode("Terms of sale"), 40, 444));
  if (alter.has("untagged-text")) ops.push(text(encode("Untagged"), 40, 400));
  if (alter.has("untagged-path")) ops.push("40 380 100 10 re f");
  if (alter.has("mcid-not-in-tree")) marked("P", 99, text(encode("Orphan"), 40, 360));
  return ops.join("\n");
}
