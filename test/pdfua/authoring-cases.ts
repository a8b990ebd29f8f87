// The accessible order page and one variant per thing its HTML can show that the PDF/UA-1 check refuses, with the
// rule a `pdfua` render of it fails and where the warning at create places it. Shared by the Liquid-only warnings
// (test/routes/templates/accessibility-warnings.test.ts) and the real renders (test/e2e/pdfua-authoring.test.ts).

export const ACCESSIBLE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Order {{ number }}</title><style>th, td { border: 1px solid #888; padding: 4px } .icon { display: inline-block; width: 16px; height: 16px; background: #36c }</style></head>
<body>
<h1>Order {{ number }}</h1>
<p>Thank you for your order. <a href="https://example.com/orders/{{ number }}">See it online</a>.</p>
<table role="presentation"><tr><td>Folio Ltd</td><td>Order {{ number }}</td></tr></table>
<h2>Items</h2>
<table><tr><th scope="col">Item</th><th scope="col">Price</th></tr>
{% for item in items %}<tr><td>{{ item.name }}</td><td>{{ item.price }}</td></tr>{% endfor %}</table>
<img alt="" width="8" height="8" src="data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHdpZHRoPSI4IiBoZWlnaHQ9IjgiPjxyZWN0IHdpZHRoPSI4IiBoZWlnaHQ9IjgiIGZpbGw9InJlZCIvPjwvc3ZnPg==">
</body>
</html>`;

export const EXAMPLE = {
  number: "A-17",
  items: [
    { name: "Pen", price: "2.50" },
    { name: "Paper", price: "4.00" },
  ],
};

interface AuthoringCase {
  source: string;
  rule: string;
  line: number;
  column: number;
}

const variant = (from: string, to: string) => {
  if (!ACCESSIBLE.includes(from)) throw new Error(`not in the page: ${from}`);
  return ACCESSIBLE.replace(from, to);
};

export const AUTHORING_CASES: Record<string, AuthoringCase> = {
  "no-language": { source: variant('<html lang="en">', "<html>"), rule: "11-001", line: 2, column: 1 },
  "no-title": { source: variant("<title>Order {{ number }}</title>", ""), rule: "06-003", line: 3, column: 1 },
  "image-without-alt": { source: variant('<img alt="" ', "<img "), rule: "13-004", line: 11, column: 1 },
  "heading-skipped": { source: variant("<h2>Items</h2>", "<h3>Items</h3>"), rule: "14-003", line: 8, column: 1 },
  "first-heading-h2": {
    source: variant("<h1>Order {{ number }}</h1>", "<h2>Order {{ number }}</h2>"),
    rule: "14-002",
    line: 5,
    column: 1,
  },
  "table-without-headers": {
    source: variant(
      '<tr><th scope="col">Item</th><th scope="col">Price</th></tr>',
      "<tr><td>Item</td><td>Price</td></tr>",
    ),
    rule: "FOLIO-TABLE-HEADERS",
    line: 9,
    column: 1,
  },
  "empty-link": {
    source: variant("</a>.</p>", '</a>. <a class="icon" href="https://example.com/help"></a></p>'),
    rule: "FOLIO-LINK-TEXT",
    line: 6,
    column: 99,
  },
};
