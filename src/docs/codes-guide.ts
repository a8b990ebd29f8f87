// The "Codes" part of /docs (docs/codes.md): each filter's example, rendered by the filter itself as the page
// loads, so every example runs as written.

import { escapeHtml } from "../lib/escape-html";
import { MAX_CODES } from "../render/codes/code-ledger";
import { MAX_QR_BYTES } from "../render/codes/qr-code";
import { MIN_MODULE_MM } from "../render/codes/symbol-svg";
import { liquidBudget, renderLiquid } from "../render/liquid/liquid";

/** The examples' data: a SEPA payment and a Swiss QR-bill to a QR-IBAN. */
const DATA = {
  payment: { name: "Acme AG", iban: "DE89 3704 0044 0532 0130 00", amount: 12.3, reference: "RF18539007547034" },
  bill: {
    creditor: {
      iban: "CH44 3199 9123 0008 8901 2",
      name: "Robert Schneider AG",
      address: { street: "Rue du Lac", building_number: "1268", postal_code: "2501", town: "Biel", country: "CH" },
    },
    amount: 1949.75,
    currency: "CHF",
    reference: "210000000003139471430009017",
    language: "en",
  },
};

const EXAMPLES = [
  '{{ "https://example.com/tickets/42" | qr_code: size: "25mm" }}',
  '{{ "FOLIO-0042" | barcode: "code128", width: "50mm", height: "12mm" }}',
  '{{ "590123412345" | barcode: "ean13" }}',
  '{{ "(01)09501101530003(17)261231" | barcode: "gs1-datamatrix", width: "15mm" }}',
  '{{ payment | epc_qr: size: "25mm" }}',
];

const SWISS_EXAMPLE = "{{ bill | swiss_qr_bill }}";

const render = (source: string) =>
  renderLiquid(source, { data: DATA, instant: new Date(0), budget: liquidBudget({ widthMm: 210, scale: 1 }) }, "docs");

export async function codesGuide(): Promise<string> {
  const rows = await Promise.all(
    EXAMPLES.map(
      async (example) => `<tr><td><code>${escapeHtml(example)}</code></td><td>${await render(example)}</td></tr>`,
    ),
  );
  return (
    `<h2 id="codes">Codes</h2>\n` +
    `<p>Four filters draw machine-readable codes as inline SVG (vector, deterministic, the same in both engines), ` +
    `each with <code>role="img"</code> and an <code>aria-label</code>. <code>qr_code</code> takes <code>size</code> ` +
    `(default 30mm, quiet zone included), <code>ecc</code> (L, M, Q, H; default M), <code>quiet_zone</code> ` +
    `(modules, default 4), <code>color</code> and <code>background</code>. <code>barcode</code> takes the ` +
    `symbology (code128, gs1-128, ean13, ean8, upca, code39, itf14, datamatrix, gs1-datamatrix, pdf417), ` +
    `<code>width</code>, <code>height</code> (linear codes), <code>color</code>, <code>background</code> and ` +
    `<code>human_readable</code>; EAN, UPC and ITF-14 check digits are computed when left out and checked when ` +
    `given; GS1 codes take element strings with their AIs in parentheses. <code>epc_qr</code> draws the EPC ` +
    `SEPA credit transfer code (version 002, EUR only) from <code>{name, iban, bic?, amount?, purpose?, ` +
    `reference? | text?, information?}</code>. <code>swiss_qr_bill</code> draws the Swiss QR-bill's payment part ` +
    `with its receipt (210 x 105 mm, chromium only, on a page at least 210 mm wide at scale 1) from ` +
    `<code>{creditor: {iban, name, address}, amount?, currency, debtor?, reference?, message?, ` +
    `billing_information?, language?}</code>; put it at the foot of the last A4 page with no side margins.</p>\n` +
    `<p>A refused value is <code>render_failed</code> (stage <code>template</code>) with <code>details.filter` +
    `</code>, <code>field</code> and <code>rule</code> (<code>empty</code>, <code>too_small</code> for modules ` +
    `under ${MIN_MODULE_MM} mm, <code>check_digit</code>, <code>iban</code>, <code>qr_iban_reference</code>, ` +
    `<code>currency</code>, <code>too_long</code>, <code>page_geometry</code>…), and a warning ` +
    `<code>invalid_code</code> at create, publish and validate. A render draws at most ${MAX_CODES.toLocaleString("en-US")} ` +
    `codes, ${MAX_QR_BYTES.toLocaleString("en-US")} bytes of text each. In e-invoice XML they are an error.</p>\n` +
    `<table><tr><th>template</th><th>renders</th></tr>${rows.join("")}</table>\n` +
    `<p><code>${escapeHtml(SWISS_EXAMPLE)}</code> with <code>bill</code> a QR-IBAN bill in English:</p>\n` +
    `<div style="overflow-x:auto">${await render(SWISS_EXAMPLE)}</div>\n`
  );
}
