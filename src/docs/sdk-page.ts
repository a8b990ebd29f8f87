// /docs/sdk: the SDK's exports, their signatures and doc comments, as scripts/docs-reference.ts read them from
// packages/sdk with the TypeScript compiler (npm run docs:generate; a test fails when the file is out of date).
import { escapeHtml } from "../lib/escape-html";
import { inline } from "./html";
import reference from "./package-reference.json";

interface Member {
  name: string;
  signature: string;
  doc: string;
}
interface Export extends Member {
  kind: string;
  members: Member[];
}

const GROUPS: Array<{ kind: string; heading: string; id: string }> = [
  { kind: "function", heading: "Functions", id: "sdk-functions" },
  { kind: "value", heading: "Values", id: "sdk-values" },
  { kind: "class", heading: "Errors", id: "sdk-errors" },
  { kind: "type", heading: "Types", id: "sdk-types" },
];

/** A schema named in a type (`Schemas["Render"]`) links to its table in the API reference. */
function linkedSignature(baseUrl: string, signature: string): string {
  return escapeHtml(signature).replace(
    /(Schemas|components\[&quot;schemas&quot;\])\[&quot;(\w+)&quot;\]/g,
    (_, __, name: string) => `<a href="${baseUrl}/docs#schema-${name}">${name}</a>`,
  );
}

function exportSection(baseUrl: string, item: Export): string {
  const rows = item.members.map(
    (m) =>
      `<tr><td><code>${escapeHtml(m.name)}</code></td><td><code>${linkedSignature(baseUrl, m.signature)}</code></td>` +
      `<td>${inline(m.doc)}</td></tr>`,
  );
  const table = rows.length
    ? `<table><tr><th>member</th><th>type</th><th>meaning</th></tr>${rows.join("")}</table>`
    : "";
  return (
    `<h3 id="sdk-${escapeHtml(item.name)}"><code>${escapeHtml(item.name)}</code></h3>` +
    `<pre>${linkedSignature(baseUrl, item.signature)}</pre>${item.doc ? `<p>${inline(item.doc)}</p>` : ""}${table}`
  );
}

export function sdkPage(baseUrl: string): string {
  const items = reference.sdk as Export[];
  const example =
    `import { createFolio, unwrap, FolioError } from "@folio/sdk";\n\n` +
    `const folio = createFolio({ apiKey: process.env.FOLIO_API_KEY, baseUrl: "${baseUrl}" });\n` +
    `const render = await folio.render({ template: "invoice", data: { number: "2026-0042" } });\n` +
    `console.log(render.url, render.page_count);\n` +
    `const templates = await unwrap(folio.api.GET("/v1/templates"));`;
  const groups = GROUPS.map(({ kind, heading, id }) => {
    const list = items.filter((item) => item.kind === kind);
    return list.length ? `<h2 id="${id}">${heading}</h2>${list.map((i) => exportSection(baseUrl, i)).join("")}` : "";
  });
  return (
    `<h1>SDK: <code>@folio/sdk</code></h1>\n` +
    `<p>A typed client generated from <a href="${baseUrl}/openapi.json"><code>/openapi.json</code></a> ` +
    `(openapi-fetch), with what a caller would otherwise write by hand: renders that wait for queued work, ` +
    `retries that never render twice (an <code>Idempotency-Key</code> on every call), typed errors and webhook ` +
    `verification. Fetch and Web Crypto only: Node 20+, Workers, Deno and browsers. Every endpoint of the ` +
    `<a href="${baseUrl}/docs">API reference</a> shows its SDK call.</p>\n` +
    `<h2 id="sdk-install">Install</h2><p>From a clone of the repository: <code>npm install</code> builds ` +
    `the package; <code>npm pack ./packages/sdk</code> makes a tarball another project installs with ` +
    `<code>npm install /path/to/folio-sdk-0.1.0.tgz</code>.</p><pre>${escapeHtml(example)}</pre>\n` +
    groups.join("")
  );
}
