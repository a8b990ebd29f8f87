// /docs/mcp: the agent server's tools as the server registers them (src/mcp/tools, and the api_key argument every
// tool takes): names, titles, descriptions, hints and each argument's JSON Schema, read at run time, never copied.
import { z } from "@hono/zod-openapi";
import { escapeHtml } from "../lib/escape-html";
import { apiKey } from "../mcp/register-tools";
import type { Tool } from "../mcp/tool";
import { tools } from "../mcp/tools";
import { typeLabel } from "./api-reference";
import { inline } from "./html";

type ArgumentSchema = Parameters<typeof typeLabel>[0] & {
  properties?: Record<string, Parameters<typeof typeLabel>[0]>;
};

/** The arguments as the MCP client is told them: the input schema in JSON Schema, api_key included. */
function argumentsOf(tool: Tool): ArgumentSchema {
  return z.toJSONSchema(z.object({ ...tool.input, ...apiKey }), {
    io: "input",
    unrepresentable: "any",
  }) as ArgumentSchema;
}

function toolSection(tool: Tool): string {
  const schema = argumentsOf(tool);
  const required = new Set(schema.required ?? []);
  const rows = Object.entries(schema.properties ?? {}).map(
    ([name, property]) =>
      `<tr><td><code>${escapeHtml(name)}</code>${required.has(name) ? ' <span class="muted">required</span>' : ""}` +
      `</td><td>${typeLabel(property)}</td><td>${inline(property.description ?? "")}</td></tr>`,
  );
  const hints = Object.entries(tool.info.annotations)
    .filter(([, value]) => value === true)
    .map(([hint]) => `<code>${hint}</code>`);
  return (
    `<h3 id="tool-${escapeHtml(tool.name)}"><code>${escapeHtml(tool.name)}</code> ${escapeHtml(tool.info.title)}</h3>` +
    `<p>${inline(tool.info.description)}</p>${hints.length ? `<p class="muted">${hints.join(" ")}</p>` : ""}` +
    `<table><tr><th>argument</th><th>type</th><th>meaning</th></tr>${rows.join("")}</table>`
  );
}

export function mcpPage(baseUrl: string): string {
  const config = {
    mcpServers: {
      folio: { type: "http", url: `${baseUrl}/mcp`, headers: { Authorization: "Bearer folio_sk_..." } },
    },
  };
  const list = tools.map((t) => `<li><a href="#tool-${t.name}"><code>${t.name}</code></a> ${t.info.title}</li>`);
  return (
    `<h1>MCP tools</h1>\n` +
    `<p>The agent server speaks Streamable HTTP at <code>${escapeHtml(baseUrl)}/mcp</code>. Each tool runs the ` +
    `same code as its REST endpoint, answers with the same schema and fails with the same error ` +
    `<code>type</code>. Without a key, the first tool call starts a free trial and returns its key.</p>\n` +
    `<h2 id="mcp-connect">Connect a client</h2><pre>${escapeHtml(JSON.stringify(config, null, 2))}</pre>\n` +
    `<ul class="toc-list">${list.join("")}</ul>\n` +
    `<h2 id="mcp-tools">Tools</h2>${tools.map(toolSection).join("")}`
  );
}
