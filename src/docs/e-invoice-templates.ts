// The complete e-invoice templates of /docs: the studio gallery's starters (fixtures/starters/e-invoice.*), shown
// as they ship, so what the guide shows is what passes the rules (test/e2e/docs-e-invoice-templates.test.ts renders
// each one from the served page with the rules enforced).

import DATA from "../../fixtures/starters/e-invoice.data.json";
import FACTUR_X_XML from "../../fixtures/starters/e-invoice.factur-x.xml.liquid";
import PEPPOL_XML from "../../fixtures/starters/e-invoice.peppol.xml.liquid";
import { escapeHtml } from "../lib/escape-html";

/** A template or data block, marked so a reader (and the docs' test) can take it as it is. */
const block = (attributes: string, text: string) => `<pre ${attributes}>${escapeHtml(text.trimEnd())}</pre>\n`;

const RENDER =
  "jq -n --rawfile xml factur-x.xml.liquid --slurpfile data data.json \\\n" +
  '  \'{template: "invoice", data: $data[0], options: {e_invoice: {standard: "factur-x", profile: "en16931", ' +
  "xml: $xml}}}' \\\n" +
  '| curl -s "$FOLIO_BASE_URL/v1/render" -H "Authorization: Bearer $FOLIO_API_KEY" \\\n' +
  '  -H "content-type: application/json" -d @-';

export function eInvoiceTemplates(): string {
  return (
    `<h3 id="e-invoice-templates">Complete templates</h3>\n` +
    `<p>A Factur-X EN 16931 invoice (CII) and a Peppol BIS 3.0 invoice (UBL), whole: each passes every rule set ` +
    `Folio ships with no violation, warnings included, for the data below. They are the studio's e-invoice ` +
    `starters (New template, then "E-invoice: Factur-X", "E-invoice: XRechnung" or "E-invoice: Peppol BIS"), ` +
    `where the XML has its own editor with the data's fields completed inside <code>{{ }}</code>. XRechnung on ` +
    `CII is the first with the guideline id <code>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:` +
    `xrechnung_3.0</code>, the Leitweg-ID as <code>invoice.buyer_reference</code>.</p>\n` +
    `<p>The data (<code>data.json</code>), the same for the page and the XML:</p>\n` +
    block('data-e-invoice="data"', JSON.stringify(DATA, null, 2)) +
    `<p>Factur-X EN 16931, CII (<code>factur-x.xml.liquid</code>; <code>standard: "factur-x"</code>, ` +
    `<code>profile: "en16931"</code>):</p>\n` +
    block('data-e-invoice="factur-x" data-profile="en16931"', FACTUR_X_XML) +
    `<p>Peppol BIS Billing 3.0, UBL (<code>standard: "ubl"</code>, <code>cius: "peppol-bis-3"</code>, rendered ` +
    `with <code>format: "xml"</code>):</p>\n` +
    block('data-e-invoice="ubl" data-cius="peppol-bis-3"', PEPPOL_XML) +
    `<p>In a request, <code>xml</code> is the template's text as one JSON string; <code>jq</code> writes it from ` +
    `the file:</p>\n<pre>${escapeHtml(RENDER)}</pre>\n`
  );
}
