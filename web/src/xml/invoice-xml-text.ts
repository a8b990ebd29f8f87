// `options.e_invoice.xml` is edited in its own XML editor, not as one escaped JSON string: the Options editor
// shows `e_invoice` without its `xml`, and every request puts the XML editor's text back in its place. Pure: no DOM.

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The options make an e-invoice: the XML editor is offered. */
export const holdsEInvoice = (options: unknown): boolean => isObject(options) && isObject(options.e_invoice);

/** A template's options split in two: the options without the e-invoice's XML, and that XML ("" when none). */
export function splitInvoiceXml(options: unknown): { options: unknown; xml: string } {
  if (!isObject(options) || !isObject(options.e_invoice) || typeof options.e_invoice.xml !== "string")
    return { options, xml: "" };
  const { xml, ...e_invoice } = options.e_invoice;
  return { options: { ...options, e_invoice }, xml };
}

/**
 * The options a request sends: the XML editor's text as `e_invoice.xml` when the options hold an e-invoice. An
 * empty XML editor leaves an `xml` written in the options themselves as it is.
 */
export function joinInvoiceXml(options: unknown, xml: string): unknown {
  if (!isObject(options) || !isObject(options.e_invoice) || !xml.trim()) return options;
  return { ...options, e_invoice: { ...options.e_invoice, xml } };
}
