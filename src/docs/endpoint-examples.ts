// An example's block on /docs: the request as curl and through the SDK, and the answer the service gave when the
// docs were generated (example-answers.json, written by `npm run docs:generate`). The requests are src/docs/examples.ts;
// test/e2e/docs-examples.test.ts runs each block's curl as the page shows it.
import { escapeHtml } from "../lib/escape-html";
import capturedAnswers from "./example-answers.json";
import { DOCS_EXAMPLES, type DocsExample } from "./examples";
import type { OpenApiDocument } from "./openapi-document";

/** What the service answered an example, ids, times and secrets masked; `{base}` stands for the base URL. */
export interface CapturedAnswer {
  status: number;
  body?: unknown;
  /** The content type of an answer that is a file. */
  file?: string;
}
const CAPTURED: Record<string, CapturedAnswer | undefined> = capturedAnswers;

const WIDTH = 72;

/** JSON as an example shows it: each object or array on one line when it fits, indented when not. */
function shown(value: unknown, indent = ""): string {
  const flat = JSON.stringify(value);
  if (flat === undefined || flat.length + indent.length <= WIDTH || typeof value !== "object" || value === null)
    return flat ?? "null";
  const inner = `${indent}  `;
  if (Array.isArray(value)) return `[\n${value.map((v) => inner + shown(v, inner)).join(",\n")}\n${indent}]`;
  const entries = Object.entries(value).map(([k, v]) => `${inner}${JSON.stringify(k)}: ${shown(v, inner)}`);
  return `{\n${entries.join(",\n")}\n${indent}}`;
}

interface Located {
  method: string;
  path: string;
  keyed: boolean;
}

/** The method and path template of the operation an example calls, and whether it takes the API key. */
function locate(document: OpenApiDocument, operationId: string): Located {
  for (const [path, methods] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(methods))
      if (operation.operationId === operationId)
        return { method, path, keyed: !(operation.security && operation.security.length === 0) };
  throw new Error(`no operation ${operationId} for a docs example`);
}

/** The example's URL after the base: its path with the parameters filled in, and its query. */
function exampleUrl(example: DocsExample, path: string): string {
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => example.params?.[name] ?? `{${name}}`);
  const query = Object.entries(example.query ?? {})
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  return query ? `${filled}?${query}` : filled;
}

/** The comment lines that say where each of the example's `$NAME` values comes from. */
function variableLines(document: OpenApiDocument, example: DocsExample): string[] {
  return (example.variables ?? []).map((variable) => {
    if ("given" in variable) return `# $${variable.name}: ${variable.given}`;
    const source = DOCS_EXAMPLES.find((e) => e.id === variable.from);
    const { method, path } = locate(document, source?.operation ?? "");
    return `# $${variable.name}: the "${variable.field}" in the answer of ${method.toUpperCase()} ${path} above`;
  });
}

function curl(baseUrl: string, document: OpenApiDocument, example: DocsExample): string {
  const { method, path, keyed } = locate(document, example.operation);
  const url = example.url ?? `${baseUrl}${exampleUrl(example, path)}`;
  const sendsBody = example.body !== undefined;
  const parts = [`curl -s${method === "get" || (method === "post" && sendsBody) ? "" : ` -X ${method.toUpperCase()}`}`];
  parts.push(url.includes("?") || url.startsWith("$") ? `"${url}"` : url);
  if (keyed) parts.push(`-H "Authorization: Bearer $KEY"`);
  if (example.saveAs) parts.push(`-o ${example.saveAs}`);
  const command = parts.join(" ");
  const body = sendsBody ? ` \\\n  -d '${shown(example.body).replace(/'/g, "'\\''")}'` : "";
  return [...variableLines(document, example), command + body].join("\n");
}

/** The same request through @folio/sdk; `$NAME` values are read from the environment. */
function sdkCall(baseUrl: string, document: OpenApiDocument, example: DocsExample): string {
  const setup =
    `import { createFolio, unwrap } from "@folio/sdk";\n\n` +
    `const folio = createFolio({ apiKey: process.env.FOLIO_API_KEY, baseUrl: "${baseUrl}" });\n`;
  if (example.url) return `const answer = await fetch(${example.url.replace(/^\$(\w+)$/, "process.env.$1")});`;
  const { method, path } = locate(document, example.operation);
  const params = {
    ...(example.params ? { path: example.params } : {}),
    ...(example.query ? { query: example.query } : {}),
  };
  const options = {
    ...(Object.keys(params).length ? { params } : {}),
    ...(example.body !== undefined ? { body: example.body } : {}),
    ...(example.saveAs ? { parseAs: "arrayBuffer" } : {}),
  };
  const argument = Object.keys(options).length ? `, ${shown(options)}` : "";
  const request = `folio.api.${method.toUpperCase()}("${path}"${argument})`;
  // An example that shows a refusal keeps the error envelope as its answer (unwrap would throw it as a FolioError).
  const call =
    example.status >= 400 ? `const { error: answer } = await ${request};` : `const answer = await unwrap(${request});`;
  return setup + call.replace(/"\$([A-Z_][A-Z0-9_]*)"/g, "process.env.$1");
}

/** The answer the service gave, as captured; an example added since the last capture says so. */
function answer(baseUrl: string, example: DocsExample): string {
  const captured = CAPTURED[example.id];
  if (!captured) return `HTTP ${example.status}\n(not captured yet: run npm run docs:generate)`;
  const text = captured.file
    ? `(the file, ${captured.file}${example.saveAs ? `, saved as ${example.saveAs}` : ""})`
    : captured.body === undefined
      ? "(no body)"
      : shown(captured.body).replaceAll("{base}", baseUrl);
  return `HTTP ${example.status}\n${text}`;
}

/** One example's block: curl, the SDK and the answer. */
export function exampleBlock(baseUrl: string, document: OpenApiDocument, example: DocsExample): string {
  const block = (heading: string, text: string) => `<div><h5>${heading}</h5><pre>${escapeHtml(text)}</pre></div>`;
  const development = example.development
    ? `<p class="muted"><strong>development</strong>: runs against <code>npm run dev</code>'s settings.</p>`
    : "";
  const note = example.note ? `<p>${escapeHtml(example.note)}</p>` : "";
  return (
    `<div class="example" id="example-${escapeHtml(example.id)}"${example.development ? " data-development" : ""}>` +
    `${development}${note}${block("curl", curl(baseUrl, document, example))}` +
    `${block("SDK", sdkCall(baseUrl, document, example))}` +
    // The answer folds away: a Render or a Template is long, and the request is what a reader copies.
    `<details><summary>Answer</summary><pre>${escapeHtml(answer(baseUrl, example))}</pre></details></div>`
  );
}

/** The examples the API reference shows under one endpoint. */
export function endpointExamples(baseUrl: string, document: OpenApiDocument, operationId: string): string {
  const examples = DOCS_EXAMPLES.filter((e) => e.operation === operationId && e.inReference !== false);
  return examples.length
    ? `<h4>Example</h4>${examples.map((example) => exampleBlock(baseUrl, document, example)).join("")}`
    : "";
}

/** Examples shown elsewhere on the page (the quickstart), by id. */
export function examplesById(baseUrl: string, document: OpenApiDocument, ids: string[]): string {
  return ids
    .map((id) => DOCS_EXAMPLES.find((example) => example.id === id))
    .map((example) => (example ? exampleBlock(baseUrl, document, example) : ""))
    .join("");
}
