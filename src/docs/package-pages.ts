// /docs/sdk and /docs/cli, from what the packages say of themselves: the SDK's exports with their signatures and doc
// comments (read with the TypeScript compiler) and the CLI's help text as `folio --help` prints it. The Worker cannot
// read source files, so scripts/docs-reference.ts keeps both in package-reference.json (npm run docs:generate), and
// test/e2e/docs-reference.test.ts fails when that file no longer matches the packages.
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
    `// The receipt the API reference's examples made (${baseUrl}/docs#createTemplate).\n` +
    `const render = await folio.render({ template: "receipt", data: { number: "2026-0042" } });\n` +
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

/** A help line `  folio push [dir] [-m message]   what it does`: the usage, then its description if any. */
const COMMAND_LINE = /^ {2}(folio \S+(?: \S+)*?)(?: {2,}(.*))?$/;

export function cliPage(baseUrl: string): string {
  const lines = reference.cli.split("\n");
  const commands = lines.flatMap((line) => {
    const match = COMMAND_LINE.exec(line);
    return match ? [{ usage: match[1] ?? "", what: match[2] ?? "" }] : [];
  });
  const notes = lines.slice(1).filter((line) => line.trim() && !COMMAND_LINE.test(line));
  const rows = commands.map(
    ({ usage, what }) => `<tr><td><code>${escapeHtml(usage)}</code></td><td>${escapeHtml(what)}</td></tr>`,
  );
  const start =
    `folio login --key "$KEY" --base-url ${baseUrl}\n` +
    `folio init delivery-note && folio preview delivery-note   # delivery-note/preview.pdf, watermarked, free\n` +
    `folio push delivery-note -m "first version"\n` +
    `folio render delivery-note --data delivery-note/example.json -o delivery-note.pdf`;
  return (
    `<h1>CLI: <code>folio</code></h1>\n` +
    `<p>${escapeHtml(lines[0] ?? "")}. Templates live in your repository as folders (<code>template.html</code>, ` +
    `<code>schema.json</code>, <code>example.json</code>, <code>options.json</code>, <code>folio.json</code>); ` +
    `the CLI previews them as you edit and publishes them from CI. It is built on the <a href="${baseUrl}/docs/sdk">` +
    `SDK</a>.</p>\n` +
    `<h2 id="cli-install">Install</h2><p>In a clone of the repository, <code>npm install</code> builds it and ` +
    `<code>npx folio</code> runs it. Elsewhere, install the two tarballs <code>npm pack ./packages/sdk ` +
    `./packages/cli</code> makes: <code>npm install ./folio-sdk-0.1.0.tgz ./folio-cli-0.1.0.tgz</code>.</p>` +
    `<pre>${escapeHtml(start)}</pre>\n` +
    `<h2 id="cli-commands">Commands</h2><table><tr><th>command</th><th>what it does</th></tr>${rows.join("")}</table>\n` +
    `<h2 id="cli-notes">Output and exit codes</h2>${notes.map((n) => `<p>${escapeHtml(n)}</p>`).join("")}\n` +
    `<h2 id="cli-help">folio --help</h2><pre>${escapeHtml(reference.cli)}</pre>`
  );
}
