// What the pdfua e2e tests render (docs/accessibility.md#in-a-render): a document that passes PDF/UA-1 as written
// (language, title, headings from H1, a data table with header cells, a list, a link with text, an image with alt),
// and its data.
export const ACCESSIBLE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Order {{ number }}</title>
<style>body { font: 12pt/1.4 sans-serif } table { border-collapse: collapse } th, td { border: 1px solid #888; padding: 4px }</style></head>
<body><h1>Order {{ number }}</h1><p>Thank you for your order. <a href="https://example.com/orders/{{ number }}">See it online</a>.</p>
<h2>Items</h2><table><thead><tr><th scope="col">Item</th><th scope="col">Price</th></tr></thead>
<tbody>{% for item in items %}<tr><td>{{ item.name }}</td><td>{{ item.price }}</td></tr>{% endfor %}</tbody></table>
<h2>Notes</h2><ul><li>Delivery in three days</li><li>Returns within 30 days</li></ul>
<img alt="A red square" width="40" height="40" src="data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="red"/></svg>').toString("base64")}">
</body></html>`;
export const DATA = {
  number: "A-17",
  items: [
    { name: "Pen", price: "2.50" },
    { name: "Paper", price: "4.00" },
  ],
};
