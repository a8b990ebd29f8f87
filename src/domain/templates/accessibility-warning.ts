// A `pdfua` preview's file that fails the PDF/UA-1 check (docs/accessibility.md#in-a-render): each violation a
// warning naming its checkpoint, where a render would be refused with the same list.
import type { PdfUaViolation } from "@folio/render-page/pdfua/violations";
import type { TemplateWarning } from "./template-warnings";

export function accessibilityWarning({ rule, message, count, location }: PdfUaViolation): TemplateWarning {
  const where = location ? `, first at ${location}` : "";
  return { path: "source", code: "accessibility", rule, message: `${rule} (${count}x${where}): ${message}` };
}
