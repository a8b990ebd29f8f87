// What the tests of the render backend's job run it over: the checker's mutation corpus (tagged-pdf.ts), less the
// encrypted files the mends refuse, and Chromium's own output (fixtures/pdfua/).
import { readFileSync } from "node:fs";
import type { Change } from "./tagged-pdf.ts";

export const JOB_OPTIONS = { title: "Invoice INV-1", lang: "en-GB" };
/** The mends refuse an encrypted file (they run before encryption): those are checked as printed only. */
export const ENCRYPTED = new Set<Change>(["encrypted-without-p", "encrypted-without-accessibility"]);
export const CHROMIUM = [
  "invoice-header-footer.pdf",
  "invoice-tagged-outline.pdf",
  "japanese-and-emoji.pdf",
  "link-and-list.pdf",
];

export const chromiumOutput = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../fixtures/pdfua/${name}`, import.meta.url)));
