// The parts of /docs that are not a route: Liquid, render options and webhook verification. Examples are
// computed by the running code, so they show what a template really gets.

import { escapeHtml } from "../lib/escape-html";
import { filterNames, renderLiquid } from "../render/liquid";

const FILTER_EXAMPLES = [
  "{{ 1234.5 | money }}",
  '{{ 1234.5 | money: "EUR", "de-DE" }}',
  '{{ 99 | money: "JPY", "ja-JP" }}',
  '{{ "2026-11-24" | date_medium }}',
  '{{ "2026-11-24" | date_medium: "fr-FR" }}',
  '{{ "2026-11-24" | date: "%d/%m/%Y" }}',
  '{{ "now" | date: "%Y-%m-%d" }}',
];

const FOLIO_FILTERS = new Set(["money", "date_medium"]);

/** The Liquid section; its "now" example is rendered as a render requested with this page would be. */
export async function liquidGuide(): Promise<string> {
  const input = { data: {}, instant: new Date() };
  const rows = await Promise.all(
    FILTER_EXAMPLES.map(
      async (example) =>
        `<tr><td><code>${escapeHtml(example)}</code></td><td>` +
        `<code>${escapeHtml(await renderLiquid(example, input))}</code></td></tr>`,
    ),
  );
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
    `<h3>Folio's filters</h3><p><code>money</code> takes an optional ISO currency (default USD) and locale ` +
    `(default en-US); <code>date_medium</code> an optional locale. Dates written <code>YYYY-MM-DD</code> are ` +
    `read as that calendar day, in UTC.</p>\n` +
    `<table><tr><th>template</th><th>renders</th></tr>${rows.join("")}</table>\n` +
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
