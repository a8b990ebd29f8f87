// The "Long documents" part of /docs: `options.chunk` as users read it (docs/rendering.md#long-documents has the rules).

import { MAX_CHUNK_SIZE, MAX_CHUNKED_PAGES } from "../contract/render-options/chunk-option";
import { escapeHtml } from "../lib/escape-html";

const EXAMPLE = {
  template: "statement",
  data: { statement: { opening_balance: 4218.37, lines: ["... 48,000 rows ..."] } },
  options: { chunk: { over: "statement.lines", size: 480 } },
};

const TEMPLATE =
  "{% if chunk.first %}<h1>Account statement</h1> ... opening balance ...{% endif %}\n" +
  "<table>{% for line in statement.lines %}<tr><td>{{ chunk.offset | plus: forloop.index }}</td> ...</tr>{% endfor %}</table>\n" +
  "{% if chunk.last %} ... closing totals ...{% endif %}";

export function longDocumentsGuide(): string {
  const n = (value: number) => value.toLocaleString("en-US");
  return (
    `<h2 id="long-documents">Long documents</h2>\n` +
    `<p>One print of a whole document gets slower per page and needs more memory as it grows; past a few hundred ` +
    `pages it is stopped at the renderer's memory ceiling or the Liquid time limit, and the message of that failure ` +
    `names the array of your data to chunk over. <code>options.chunk</code> renders the template once per slice of ` +
    `one array of the data, prints the slices one after another and joins them into one PDF, up to ` +
    `${n(MAX_CHUNKED_PAGES)} pages.</p>\n` +
    `<pre>${escapeHtml(JSON.stringify(EXAMPLE, null, 1))}</pre>\n` +
    `<ul><li><code>over</code>: the dotted path of an array in <code>data</code> (keys only, no indices); ` +
    `<code>size</code>: items per chunk, 1 to ${n(MAX_CHUNK_SIZE)}. An empty array is one chunk with an empty ` +
    `slice.</li>` +
    `<li>Each chunk sees the whole data with that array replaced by its slice, and a <code>chunk</code> variable: ` +
    `<code>index</code>, <code>count</code>, <code>first</code>, <code>last</code>, <code>offset</code> (the ` +
    `slice's first item in the whole array) and <code>size</code> (the items in this slice).</li>` +
    `<li>Each chunk starts on a new page: a size that fills whole pages leaves no half-empty page between chunks.</li>` +
    `<li>An array that fits in one chunk prints as one document, its header and footer in that print.</li>` +
    `<li><code>header_html</code> and <code>footer_html</code> are rendered once with the whole data (no ` +
    `<code>chunk</code>); their <code>pageNumber</code> and <code>totalPages</code> count the whole document. ` +
    `They are printed with <code>options.margin</code> (not the document's own <code>@page</code> margin): set ` +
    `<code>margin</code> in the options of a chunked template with a header or footer.</li>` +
    `<li><code>watermark</code>, <code>pdfa</code>, <code>attachments</code>, <code>e_invoice</code> and ` +
    `<code>encryption</code> apply once to the whole; <code>metadata</code> too.</li>` +
    `<li>400 at <code>options.chunk</code> for a PNG or JPG or a satori template, at <code>options.chunk.over` +
    `</code> when it names no array, and at <code>options.outline</code>, <code>options.toc</code>, ` +
    `<code>options.tagged</code> or <code>options.pdfua</code> with <code>chunk</code>: those come from one print's headings and structure.</li>` +
    `<li><code>timeout_ms</code> and the Liquid limit apply to each chunk; all chunks' Liquid together may take ` +
    `ten single renders' time. The pages produced are billed, and the account's ceiling is checked after each ` +
    `chunk and projected before the next (the pages so far per item, times the whole array's items): a render ` +
    `that would pass it stops at the first chunk that shows it, with the 402 and that estimate, and is neither ` +
    `stored nor billed.</li>` +
    `<li>The printed pieces are deleted as soon as the render stops, and an account's renders in flight hold ` +
    `at most so much of them (<a href="#limits">Limits</a>).</li>` +
    `<li>A preview shows a chunked template as one print of the whole (<code>chunk.first</code> and ` +
    `<code>chunk.last</code> both true), up to its page limit.</li></ul>\n` +
    `<pre>${escapeHtml(TEMPLATE)}</pre>`
  );
}
