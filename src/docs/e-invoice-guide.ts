// The "E-invoices" part of /docs: how one payload makes a Factur-X, XRechnung or UBL invoice that the official rules
// accept. The rule sets and their versions are read from the artefacts Folio ships (packages/e-invoice), so the page
// cannot drift.
import { FACTUR_X_PROFILES as RULES_OF, UBL_CIUS as UBL_RULES_OF } from "@folio/e-invoice/profiles";
import { RULE_FILES, SCHEMA_FILES } from "@folio/e-invoice/rule-files";
import { FACTUR_X_PROFILES, UBL_CIUS } from "../contract/render-options/e-invoice-option";
import { escapeHtml } from "../lib/escape-html";
import { eInvoiceTemplates } from "./e-invoice-templates";
import { inline } from "./html";

/** Whether each profile is an invoice in law (Germany from 2025/2027, France from September 2026), and why. */
const LEGAL_STANDING: Record<(typeof FACTUR_X_PROFILES)[number], string> = {
  minimum: "Not an invoice: a booking aid (no lines, no VAT breakdown). Send it only beside a legal invoice.",
  "basic-wl": "Not an invoice: a booking aid (a VAT breakdown, no lines). Send it only beside a legal invoice.",
  basic: "An e-invoice in Germany and France (EN 16931 compliant, lines without all of EN 16931's detail).",
  en16931: "An e-invoice in Germany and France: the European standard in full. The profile to choose by default.",
  extended: "An e-invoice in Germany and France (EN 16931 conformant, with more fields for complex invoicing).",
  xrechnung: "An e-invoice in Germany (XRechnung, the CIUS German public buyers require), embedded as `xrechnung.xml`.",
};

/** Where each UBL CIUS is asked for. */
const UBL_STANDING: Record<(typeof UBL_CIUS)[number], string> = {
  en16931: "The European standard in full, with no national rules: any EU public buyer must accept it.",
  "peppol-bis-3":
    "Peppol BIS Billing 3.0: required for domestic B2B in Belgium since 1 January 2026, and the format of the " +
    "Peppol network across Europe.",
  xrechnung: "An e-invoice in Germany (XRechnung on UBL), accepted by German public buyers.",
};

const named = (set: { name: string; version: string }) => `${escapeHtml(set.name)} ${escapeHtml(set.version)}`;

function profileRows(): string {
  return FACTUR_X_PROFILES.map((profile) => {
    const { schema, rules } = RULES_OF[profile];
    const sets = [SCHEMA_FILES[schema], ...rules.map((id) => RULE_FILES[id])].map(named).join("<br>");
    return `<tr><td><code>${profile}</code></td><td>${sets}</td><td>${inline(LEGAL_STANDING[profile])}</td></tr>`;
  }).join("");
}

function ciusRows(): string {
  return UBL_CIUS.map((cius) => {
    const schemas = [SCHEMA_FILES["ubl-invoice"], SCHEMA_FILES["ubl-credit-note"]].map(named).join(" or ");
    const sets = [schemas, ...UBL_RULES_OF[cius].rules.map((id) => named(RULE_FILES[id]))];
    return `<tr><td><code>${cius}</code></td><td>${sets.join("<br>")}</td><td>${inline(UBL_STANDING[cius])}</td></tr>`;
  }).join("");
}

/** A template's default options for each standard: `xml` is a complete template of the kind below. */
const UBL_OPTIONS = { format: "xml", options: { e_invoice: { standard: "ubl", cius: "peppol-bis-3" } } };

const OPTIONS = { e_invoice: { standard: "factur-x", profile: "en16931", validation: "enforce" } };

const PEPPOL = RULE_FILES["peppol-ubl"];

export function eInvoiceGuide(): string {
  return (
    `<h2 id="e-invoices">E-invoices</h2>\n` +
    `<p>One payload gives both the invoice a person reads (the template's page) and the invoice a machine reads ` +
    `(Factur-X, the same file as ZUGFeRD 2.x): <code>options.e_invoice.xml</code> is the Liquid source of a CII ` +
    `<code>rsm:CrossIndustryInvoice</code>, rendered with the same validated data and embedded as ` +
    `<code>factur-x.xml</code> in a PDF/A-3b (<a href="#finishing">Document finishing</a>). Keep it in the ` +
    `template's default options, so every render of the invoice carries it: the options below, with ` +
    `<code>xml</code> a complete template such as the Factur-X one under ` +
    `<a href="#e-invoice-templates">Complete templates</a>.</p>\n` +
    `<pre>${escapeHtml(JSON.stringify(OPTIONS, null, 1))}</pre>\n` +
    `<h3 id="e-invoice-rules">Checked with the official rules</h3>\n` +
    `<p>Before anything is stored or billed, the rendered XML is checked as a receiver checks it: the profile's ` +
    `XSD, the CEN EN 16931 validation artefacts and the profile's own schematron, all shipped with Folio and ` +
    `pinned by version, plus <code>FOLIO-PROFILE</code>: the XML must declare the profile it is sent as. ` +
    `<code>rule</code> is the id the artefact gives (<code>BR-CO-10</code>), <code>XSD</code> for the schema, ` +
    `<code>XML</code> for XML that does not parse, or the rule set's name (<code>cen-cii</code>) when a value the ` +
    `XSD already refuses (an empty amount) stops that rule set: fix the XSD's violation first. ` +
    `<code>validation: "enforce"</code> (the default) fails a render with a fatal violation ` +
    `(<code>render_failed</code>, <code>details.stage</code> <code>e_invoice</code>, <code>details.violations</code> ` +
    `<code>[{rule, severity, message, location}]</code>, location an XPath into the XML); ` +
    `<code>"report"</code> renders it and lists the violations in the receipt. Warnings of the rules never fail a ` +
    `render. A preview is never refused for them; create, publish and validate of a template check its example's ` +
    `XML and answer each violation as a warning <code>e_invoice_rule</code> (or <code>e_invoice_unchecked</code> ` +
    `where no render backend runs, or <code>e_invoice_refused</code> when the XML fails the checks every render ` +
    `makes first: well-formed, no DTD or entity, no stylesheet instruction or XInclude, the standard's root); that ` +
    `check counts as a preview, in the previews' windows (<a href="#limits">limits</a>).</p>\n` +
    `<p>The receipt, on the Render (the answer, GET, lists and webhooks): <code>compliance.e_invoice</code> ` +
    `<code>{standard, profile, valid, rules: [{name, version}], rules_not_applied: [{name, reason}], ` +
    `violations, violations_truncated?}</code>, at most 100 violations, fatal first. <code>valid</code> speaks ` +
    `for the rule sets in <code>rules</code> only: a set in <code>rules_not_applied</code> did not run, and ` +
    `nothing in the verdict says whether the XML passes it. A preview carries the same two lists in ` +
    `<code>X-Service-E-Invoice-Rules</code> (base64url JSON <code>{rules, rules_not_applied}</code>), and the ` +
    `studio's XML view says which rule sets were not checked.</p>\n` +
    `<table><tr><th>profile</th><th>rules applied</th><th>legal standing</th></tr>${profileRows()}</table>\n` +
    `<p>Not shipped: ${named(PEPPOL)}. OpenPeppol's terms ask for consent before the rules are redistributed, ` +
    `so Folio leaves them out and names them in <code>rules_not_applied</code> where they belong: a ` +
    `<code>cius: "peppol-bis-3"</code> receipt's <code>valid: true</code> is the verdict of the UBL XSD and the CEN ` +
    `rules alone, and an XRechnung one's leaves out the Peppol rules XRechnung's release merges in. A deployer who ` +
    `may use them compiles the release's <code>PEPPOL-EN16931-UBL.sch</code> with ` +
    `<code>packages/e-invoice/scripts/compile-rules.ts</code> (the package's README says how); it is then applied ` +
    `and listed in <code>rules</code>.</p>\n` +
    `<h3 id="e-invoice-ubl">XRechnung and UBL (Peppol BIS)</h3>\n` +
    `<p>XRechnung on CII is the profile <code>xrechnung</code> of <code>standard: "factur-x"</code> (ZUGFeRD's ` +
    `XRECHNUNG profile): the XML is embedded as <code>xrechnung.xml</code>. A UBL 2.1 invoice is ` +
    `<code>standard: "ubl"</code> with a <code>cius</code>; <code>xml</code> is the Liquid source of a UBL ` +
    `<code>Invoice</code> or <code>CreditNote</code>, and the render needs <code>format: "xml"</code>: the file is ` +
    `that XML (<code>application/xml</code>) with the PDF printed from the template inside it, as ` +
    `<code>cac:AdditionalDocumentReference/cac:Attachment/cbc:EmbeddedDocumentBinaryObject</code> ` +
    `(<code>mimeCode="application/pdf"</code>), unless <code>embed_pdf: false</code> (nothing printed, 1 unit, ` +
    `<code>page_count</code> 0). Every PDF option applies to the PDF inside (<code>pdfa</code> too); ` +
    `<code>encryption</code> is refused, since the receiver must open it. Units are the PDF's pages. A UBL ` +
    `e-invoice without <code>format: "xml"</code>, or <code>format: "xml"</code> without one, is 400 at ` +
    `<code>format</code>; a template whose default options hold a UBL e-invoice renders XML when the request ` +
    `names no format (and a plain PDF when it asks for <code>pdf</code>). The XML is checked as it ships, PDF ` +
    `inside. A preview with <code>format: "xml"</code> answers the XML of either standard, without a PDF, its ` +
    `violations in <code>X-Service-Warnings</code>.</p>\n` +
    `<pre>${escapeHtml(JSON.stringify(UBL_OPTIONS, null, 1))}</pre>\n` +
    `<table><tr><th>cius</th><th>rules applied</th><th>where</th></tr>${ciusRows()}</table>\n` +
    `<p>Samples that pass every shipped rule, one per standard, are in the repository's ` +
    `<code>fixtures/e-invoice/</code>: Factur-X EN 16931, XRechnung CII, Peppol BIS UBL, XRechnung UBL, and credit ` +
    `notes; <code>fixtures/invoice.ubl.xml.liquid</code> makes a Peppol BIS UBL from the fixture invoice's own ` +
    `data. One false warning is known: XRechnung's <code>BR-DE-19</code> checks an IBAN with integer arithmetic ` +
    `that the XSLT engine Folio runs (SaxonJS) computes in double precision, so a valid IBAN can be warned about. ` +
    `It is a warning: it never fails a render.</p>\n` +
    eInvoiceTemplates() +
    `<h3 id="e-invoice-escaping">The page and the XML say the same</h3>\n` +
    `<p>Outputs in the XML are escaped for you (<a href="#liquid-xml">Liquid outputs in XML</a>): ` +
    `<code>{{ seller.name }}</code> writes <code>Müller &amp;amp; Söhne</code>. The page keeps Liquid's ` +
    `behaviour, which writes values as they are: write <code>{{ seller.name | escape }}</code> there, or a ` +
    `name holding <code>&lt;</code> loses text on the page that the XML keeps.</p>\n`
  );
}
