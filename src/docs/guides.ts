// The parts of /docs that are not a route: Liquid, render options and webhook verification. Examples are
// computed by the running code, so they show what a template really gets.

import { escapeHtml } from "../lib/escape-html";
import { filterNames, renderLiquid } from "../render/liquid/liquid";

const FILTER_EXAMPLES = [
  "{{ 1234.5 | money }}",
  '{{ 1234.5 | money: "EUR", "de-DE" }}',
  '{{ 0.1234 | money: "EUR", "de-DE", 4 }}',
  '{{ 99 | money: "JPY", "ja-JP" }}',
  '{{ 3.5 | number: "de-DE" }}',
  '{{ 1234567.891 | number: "fr-FR", 2, 2 }}',
  '{{ 0.5 | number: "en-US", 2 }}',
  '{{ "2026-11-24" | date_medium }}',
  '{{ "2026-11-24" | date_medium: "fr-FR" }}',
  '{{ "2026-11-24" | date: "%d/%m/%Y" }}',
  '{{ "now" | date: "%Y-%m-%d" }}',
];

const FOLIO_FILTERS = new Set(["money", "number", "date_medium"]);

/** The XML examples' data: a name with the three characters XML reserves, and one with quotes. */
const XML_DATA = { seller: { name: "Müller & Söhne <Werk Süd>", brand: '"MS" Tools' } };
const XML_EXAMPLES = [
  "<ram:Name>{{ seller.name }}</ram:Name>",
  '<Party brand="{{ seller.brand }}">{{ seller.brand }}</Party>',
  "<ram:Name>{{ seller.name | escape }}</ram:Name>",
  "{% capture party %}<ram:Name>{{ seller.name }}</ram:Name>{% endcapture %}{{ party | raw }}",
];

async function exampleRows(examples: string[], render: (example: string) => Promise<string>[]): Promise<string> {
  const rows = await Promise.all(
    examples.map(async (example) => {
      const cells = await Promise.all(render(example));
      const rendered = cells.map((cell) => `<td><code>${escapeHtml(cell)}</code></td>`).join("");
      return `<tr><td><code>${escapeHtml(example)}</code></td>${rendered}</tr>`;
    }),
  );
  return rows.join("");
}

/** The Liquid section; its "now" example is rendered as a render requested with this page would be. */
export async function liquidGuide(): Promise<string> {
  const input = { data: {}, instant: new Date() };
  const filters = await exampleRows(FILTER_EXAMPLES, (example) => [renderLiquid(example, input)]);
  const xml = { data: XML_DATA, instant: input.instant };
  const outputs = await exampleRows(XML_EXAMPLES, (example) => [
    renderLiquid(example, xml, "docs", "xml"),
    renderLiquid(example, xml),
  ]);
  const standard = filterNames().filter((name) => !FOLIO_FILTERS.has(name));
  return (
    `<h2 id="liquid">Liquid</h2>\n` +
    `<p>A template is one self-contained HTML document with inline CSS and <a ` +
    `href="https://shopify.github.io/liquid/">Liquid</a>. <code>{% include %}</code>, <code>{% render %}` +
    `</code> and <code>{% layout %}</code> do not exist. An unknown variable renders empty; an unknown filter ` +
    `is a <code>render_failed</code> naming it. A date filter given <code>"now"</code> or <code>"today"</code> ` +
    `(<code>{{ "now" | date: "%Y-%m-%d" }}</code>) prints the date of the render request, of its acceptance ` +
    `for a queued render; it is not part of the cache key, so a repeat of the same request answers the file ` +
    `made first, with that first date, and the template's warnings say <code>clock_read</code>. Pass the date ` +
    `in <code>data</code> for a file that depends on its data alone. Rendering is bounded: 1,000,000 source ` +
    `characters, 20,000 Liquid tags and outputs with blocks nested at most 64 deep (checked at create), 32 MB ` +
    `of produced text, 2 s.</p>\n` +
    `<h3>Folio's filters</h3><p><code>money</code> takes an optional ISO currency (default USD), locale ` +
    `(default en-US) and number of decimals (default: the currency's, 2 for EUR, 0 for JPY); <code>number</code> ` +
    `an optional locale (default en-US), the fewest decimals and the most (default 0 and 3); ` +
    `<code>date_medium</code> an optional locale. <code>money</code> and <code>number</code> print what the ` +
    `locale writes, the same wherever Folio renders, rounding half away from zero (French groups thousands with ` +
    `a narrow no-break space). Dates written <code>YYYY-MM-DD</code> are read as that calendar day, in UTC.</p>\n` +
    `<table><tr><th>template</th><th>renders</th></tr>${filters}</table>\n` +
    `<h3 id="liquid-xml">Outputs in XML</h3><p>In <code>e_invoice.xml</code>, and in a utf8 attachment whose ` +
    `<code>mime_type</code> is XML (<code>application/xml</code>, <code>text/xml</code>, any <code>+xml</code>), ` +
    `every output is escaped: <code>&amp;</code>, <code>&lt;</code> and <code>&gt;</code>, and quotes too inside ` +
    `an attribute value, so the receiver reads each value as your data holds it. An output whose last filter is ` +
    `<code>escape</code>, <code>escape_once</code>, <code>xml_escape</code> or <code>raw</code> is written as that ` +
    `filter wrote it: templates that already escape do not change, and <code>| raw</code> prints markup as it is ` +
    `(a captured part, whose own outputs were escaped when captured). Whether an output stands in an attribute ` +
    `value is read from the template's own text before it, its Liquid left out. The page is HTML and is not ` +
    `escaped for you: write <code>| escape</code> where it prints data, and the page shows the name the XML ` +
    `holds.</p>\n` +
    `<table><tr><th>template</th><th>in XML</th><th>on the page</th></tr>${outputs}</table>\n` +
    `<h3>Standard filters</h3><p>${standard.map((name) => `<code>${escapeHtml(name)}</code>`).join(" ")}</p>`
  );
}

export function webhookGuide(baseUrl: string): string {
  const recipe =
    `import { createHmac, timingSafeEqual } from "node:crypto";\n` +
    `\n` +
    `// The raw bytes, before any JSON parsing: the signature is over them.\n` +
    `app.post("/hooks/folio", express.raw({ type: "application/json" }), (req, res) => {\n` +
    `  const expected = "sha256=" + createHmac("sha256", ` +
    `process.env.FOLIO_WEBHOOK_SECRET).update(req.body).digest("hex");\n` +
    `  const given = req.get("X-Service-Signature") ?? "";\n` +
    `  if (given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected))) ` +
    `return res.sendStatus(400);\n` +
    `  const event = JSON.parse(req.body.toString("utf8"));\n` +
    `  // Delivery is at least once: de-duplicate on X-Service-Delivery (the render id).\n` +
    `  handle(req.get("X-Service-Delivery"), event);\n` +
    `  res.sendStatus(200);\n` +
    `});`;
  const standard = `import { Webhook } from "standardwebhooks"; // or: import { Webhook } from "svix"

// The secret exactly as GET /v1/account showed it (whsec_...).
const webhook = new Webhook(process.env.FOLIO_WEBHOOK_SECRET);
app.post("/hooks/folio", express.raw({ type: "application/json" }), (req, res) => {
  try {
    const event = webhook.verify(req.body.toString("utf8"), {
      "webhook-id": req.get("webhook-id"),
      "webhook-timestamp": req.get("webhook-timestamp"),
      "webhook-signature": req.get("webhook-signature"),
    });
    handle(req.get("webhook-id"), event);
    res.sendStatus(200);
  } catch {
    res.sendStatus(400);
  }
});`;
  return (
    `<h2 id="webhooks">Webhooks</h2>\n` +
    `<p>A queued render with a <code>webhook_url</code> is announced by <code>POST</code> with <code>{type, ` +
    `created_at, data}</code>: <code>render.succeeded</code> or <code>render.failed</code>, <code>data</code> ` +
    `the render as <a href="#getRender"><code>GET /v1/renders/{id}</code>` +
    `</a> answers. Attempts come 30 s, 90 s, 270 s and 600 s apart until one answers 2xx; each has 5 s and ` +
    `never follows a redirect.</p>\n` +
    `<table><tr><th>header</th><th>value</th></tr>\n` +
    `<tr><td><code>X-Service-Signature</code></td><td><code>sha256=</code> and the hex HMAC-SHA256 of the raw ` +
    `body, keyed with the account's webhook secret (<code>GET ${escapeHtml(baseUrl)}/v1/account</code> shows ` +
    `it once)</td></tr>\n` +
    `<tr><td><code>X-Service-Delivery</code></td><td>the render id, the same on every attempt</td></tr>\n` +
    `<tr><td><code>X-Service-Attempt</code></td><td>1 to 5</td></tr><tr><td><code>X-Service-Timestamp</code>` +
    `</td><td>Unix seconds when this attempt was built</td></tr>\n` +
    `<tr><td><code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature</code></td>` +
    `<td>the same delivery signed the <a href="https://www.standardwebhooks.com/">Standard Webhooks</a> way: ` +
    `<code>v1,</code> and the base64 HMAC-SHA256 of <code>id.timestamp.body</code>, keyed with the base64 ` +
    `decoding of the secret after <code>whsec_</code></td></tr></table>\n` +
    `<h3>Verifying a delivery: the v1 signature (Node, Express)</h3><pre>${escapeHtml(recipe)}</pre>\n` +
    `<h3>Verifying a delivery: any Standard Webhooks library</h3>` +
    `<p>The <code>standardwebhooks</code> and <code>svix</code> libraries verify Folio's deliveries with the ` +
    `account's secret as it is, and refuse a timestamp more than 5 minutes off.</p>` +
    `<pre>${escapeHtml(standard)}</pre>`
  );
}
