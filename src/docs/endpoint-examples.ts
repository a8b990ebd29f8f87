// An example request and answer for each endpoint, as curl and through the SDK, built from the operation's own
// OpenAPI schemas (example-values.ts), so every endpoint gets one and none can describe a field the route refuses.
import { escapeHtml } from "../lib/escape-html";
import type { Endpoint, OpenApiDocument, Operation } from "./api-reference";
import { type ExampleContext, exampleOf } from "./example-values";

const JSON_TYPE = "application/json";

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

/** The path with each `{parameter}` replaced by its example. */
function examplePath(path: string, operation: Operation, context: ExampleContext): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const parameter = operation.parameters?.find((p) => p.in === "path" && p.name === name);
    return String(exampleOf(parameter?.schema, context, name));
  });
}

/** The query parameters an example sends: the required ones and those with an example of their own. */
function exampleQuery(operation: Operation, context: ExampleContext): Record<string, string> {
  const query = (operation.parameters ?? []).filter(
    (p) => p.in === "query" && (p.required || p.schema?.example !== undefined),
  );
  return Object.fromEntries(query.map((p) => [p.name, String(exampleOf(p.schema, context, p.name))]));
}

function curl(baseUrl: string, method: string, url: string, keyed: boolean, body: unknown): string {
  const parts = [
    `curl -s${method === "get" || (method === "post" && body !== undefined) ? "" : ` -X ${method.toUpperCase()}`}`,
  ];
  parts.push(url.includes("?") ? `"${baseUrl}${url}"` : `${baseUrl}${url}`);
  if (keyed) parts.push(`-H "Authorization: Bearer $KEY"`);
  const command = parts.join(" ");
  if (body === undefined) return command;
  return `${command} \\\n  -d '${shown(body).replace(/'/g, "'\\''")}'`;
}

function sdkCall(method: string, path: string, operation: Operation, context: ExampleContext, body: unknown): string {
  const pathParams = Object.fromEntries(
    (operation.parameters ?? [])
      .filter((p) => p.in === "path")
      .map((p) => [p.name, exampleOf(p.schema, context, p.name)]),
  );
  const query = exampleQuery(operation, context);
  const params = {
    ...(Object.keys(pathParams).length ? { path: pathParams } : {}),
    ...(Object.keys(query).length ? { query } : {}),
  };
  const fileAnswer = !Object.entries(operation.responses ?? {}).some(
    ([status, response]) => status.startsWith("2") && response.content?.[JSON_TYPE],
  );
  const options = {
    ...(Object.keys(params).length ? { params } : {}),
    ...(body !== undefined ? { body } : {}),
    ...(fileAnswer && operation.responses?.["200"]?.content ? { parseAs: "arrayBuffer" } : {}),
  };
  const argument = Object.keys(options).length ? `, ${shown(options)}` : "";
  return (
    `import { createFolio, unwrap } from "@folio/sdk";\n\n` +
    `const folio = createFolio({ apiKey: process.env.FOLIO_API_KEY, baseUrl: "${context.baseUrl}" });\n` +
    `const answer = await unwrap(folio.api.${method.toUpperCase()}("${path}"${argument}));`
  );
}

/** What the first successful status answers: its JSON example, or what the file is. */
function answer(operation: Operation, context: ExampleContext): string {
  const success = Object.entries(operation.responses ?? {}).find(([status]) => status.startsWith("2"));
  if (!success) return "";
  const [status, response] = success;
  const json = response.content?.[JSON_TYPE];
  const other = Object.keys(response.content ?? {});
  const text = json
    ? shown(exampleOf(json.schema, { ...context, request: false }))
    : other.length
      ? `(the file's bytes: ${other.join(", ")})`
      : "(no body)";
  return `HTTP ${status}\n${text}`;
}

/** The example block of one endpoint: curl, the SDK, and the answer. */
export function endpointExample(baseUrl: string, document: OpenApiDocument, endpoint: Endpoint): string {
  const { path, method, operation } = endpoint;
  const context: ExampleContext = { schemas: document.components?.schemas ?? {}, request: true, baseUrl };
  const bodySchema = operation.requestBody?.content?.[JSON_TYPE]?.schema;
  const body = bodySchema ? exampleOf(bodySchema, context) : undefined;
  const query = new URLSearchParams(exampleQuery(operation, context)).toString();
  const url = `${examplePath(path, operation, context)}${query ? `?${query}` : ""}`;
  const keyed = !(operation.security && operation.security.length === 0);
  const block = (heading: string, text: string) => `<div><h5>${heading}</h5><pre>${escapeHtml(text)}</pre></div>`;
  return (
    `<h4>Example</h4><div class="example">${block("curl", curl(baseUrl, method, url, keyed, body))}` +
    `${block("SDK", sdkCall(method, path, operation, context, body))}` +
    // The answer folds away: a Render or a Template is long, and the request is what a reader copies.
    `<details><summary>Answer</summary><pre>${escapeHtml(answer(operation, context))}</pre></details></div>`
  );
}
