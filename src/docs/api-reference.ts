// The API reference, rendered on the server from the same OpenAPI document /openapi.json serves, so the
// page can never describe routes that are not running.
import { escapeHtml } from "../lib/escape-html";
import { endpointExamples } from "./endpoint-examples";
import { inline } from "./html";
import type { Endpoint, OpenApiDocument, Schema } from "./openapi-document";

/** The last segment of a `$ref`: "#/components/schemas/Render" names Render. */
const refName = (ref: string) => ref.slice(ref.lastIndexOf("/") + 1);
const anchor = (name: string) => `schema-${name}`;

/** A schema's type in a few words, with named schemas linked to their table further down. */
export function typeLabel(schema: Schema | undefined): string {
  if (!schema) return "any";
  if (schema.$ref) return `<a href="#${anchor(refName(schema.$ref))}">${escapeHtml(refName(schema.$ref))}</a>`;
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map(typeLabel).join(" | ");
  if (schema.const !== undefined) return `<code>${escapeHtml(JSON.stringify(schema.const))}</code>`;
  if (schema.enum) return schema.enum.map((v) => `<code>${escapeHtml(JSON.stringify(v))}</code>`).join(" | ");
  const types = ([] as string[]).concat(schema.type ?? []);
  if (types.includes("array")) return `array of ${typeLabel(schema.items)}`;
  const base = types.filter((t) => t !== "null").join(" | ") || (schema.properties ? "object" : "any");
  const nullable = types.includes("null") ? " or null" : "";
  const bounds = [
    schema.minimum !== undefined ? `≥ ${schema.minimum}` : "",
    schema.maximum !== undefined ? `≤ ${schema.maximum}` : "",
    schema.format ? schema.format : "",
    schema.pattern ? `matching <code>${escapeHtml(schema.pattern)}</code>` : "",
  ].filter(Boolean);
  return `${escapeHtml(base)}${nullable}${bounds.length ? ` <span class="muted">(${bounds.join(", ")})</span>` : ""}`;
}

/** One row a property: name, type, whether it is required, what it means, and any `extra` columns. */
export function propertyTable(
  schema: Schema,
  extra: Array<{ heading: string; cell(name: string): string }> = [],
): string {
  const properties = Object.entries(schema.properties ?? {});
  if (!properties.length) return `<p class="muted">${typeLabel(schema)}</p>`;
  const required = new Set<string>(schema.required ?? []);
  const rows = properties.map(([name, property]) => {
    const mark = required.has(name) ? ' <span class="muted">required</span>' : "";
    const cells = extra.map((column) => `<td>${column.cell(name)}</td>`).join("");
    return (
      `<tr><td><code>${escapeHtml(name)}</code>${mark}</td><td>${typeLabel(property)}</td>` +
      `<td>${inline(property.description ?? "")}</td>${cells}</tr>`
    );
  });
  const headings = extra.map((column) => `<th>${column.heading}</th>`).join("");
  return `<table><tr><th>field</th><th>type</th><th>meaning</th>${headings}</tr>${rows.join("")}</table>`;
}

function operationSection(baseUrl: string, document: OpenApiDocument, endpoint: Endpoint): string {
  const { path, method, operation } = endpoint;
  const id = operation.operationId ?? `${method}-${path}`;
  const auth =
    operation.security && operation.security.length === 0
      ? "No API key."
      : "API key: <code>Authorization: Bearer &lt;key&gt;</code> or <code>X-API-Key</code>.";
  const params = (operation.parameters ?? []).map(
    (p) =>
      `<tr><td><code>${escapeHtml(p.name)}</code> <span class="muted">${p.in}${p.required ? ", required" : ""}</span>` +
      `</td><td>${typeLabel(p.schema)}</td><td>${inline(p.description ?? "")}</td></tr>`,
  );
  const body = Object.entries(operation.requestBody?.content ?? {})[0];
  const responses = Object.entries(operation.responses ?? {}).map(([status, response]) => {
    const content = Object.entries(response.content ?? {});
    const types = content.map(([type, media]) =>
      media.schema ? `${typeLabel(media.schema)} <span class="muted">${escapeHtml(type)}</span>` : escapeHtml(type),
    );
    return `<tr><td>${status}</td><td>${types.join("<br>")}</td><td>${inline(response.description ?? "")}</td></tr>`;
  });
  const description = operation.description ? `<p>${inline(operation.description)}</p>` : "";
  const parameters = params.length
    ? `<h4>Parameters</h4><table><tr><th>name</th><th>type</th><th>meaning</th></tr>${params.join("")}</table>`
    : "";
  const bodyType = body
    ? `<h4>Body <span class="muted">${escapeHtml(body[0])}</span>: ${typeLabel(body[1].schema)}</h4>`
    : "";
  return (
    `<h3 id="${escapeHtml(id)}"><span class="method ${method}">${method.toUpperCase()}</span>` +
    `<code>${escapeHtml(path)}</code></h3>\n` +
    `<p><strong>${inline(operation.summary ?? "")}</strong></p>${description}<p class="muted">${auth}</p>\n` +
    `${parameters}\n` +
    `${bodyType}\n` +
    `<h4>Responses</h4><table><tr><th>status</th><th>body</th><th>meaning</th></tr>${responses.join("")}</table>` +
    endpointExamples(baseUrl, document, id)
  );
}

/** Every operation grouped by tag, then every named schema as a field table. */
export function apiReference(baseUrl: string, document: OpenApiDocument): string {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );
  const tags = document.tags?.map((t) => t.name) ?? [];
  const groups = tags
    .map((tag) => ({ tag, items: operations.filter((o) => (o.operation.tags ?? [])[0] === tag) }))
    .filter((g) => g.items.length);
  const toc = groups.flatMap((g) =>
    g.items.map(
      (o) =>
        `<li><a href="#${escapeHtml(o.operation.operationId ?? "")}">` +
        `<code>${o.method.toUpperCase()} ${escapeHtml(o.path)}</code>` +
        `</a> ${inline(o.operation.summary ?? "")}</li>`,
    ),
  );
  const sections = groups.map(
    (g) =>
      `<h2 id="${escapeHtml(g.tag)}">${escapeHtml(g.tag)}</h2>${g.items.map((o) => operationSection(baseUrl, document, o)).join("")}`,
  );
  const schemas = Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => {
    const description = schema.description ? `<p>${inline(schema.description)}</p>` : "";
    return `<h3 id="${anchor(name)}">${escapeHtml(name)}</h3>${description}${propertyTable(schema)}`;
  });
  return `<ul class="toc-list">${toc.join("")}</ul>${sections.join("")}<h2 id="schemas">Schemas</h2>${schemas.join("")}`;
}
