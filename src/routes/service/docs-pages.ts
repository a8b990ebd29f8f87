// GET /docs and its pages (the SDK, the CLI, the MCP tools) and GET /docs/search over them: each page rendered on the
// server from what it describes, in the shared shell (src/docs/html.ts).

import { DOCS_PAGES, page } from "../../docs/html";
import { mcpPage } from "../../docs/mcp-page";
import type { OpenApiDocument } from "../../docs/openapi-document";
import { type DocsBody, searchDocs, searchedQuery, searchResults } from "../../docs/outline";
import { cliPage, sdkPage } from "../../docs/package-pages";
import type { AppContext } from "../../lib/endpoint";
import { referenceBody } from "./docs";

type OpenApi = (baseUrl: string) => unknown;

/** How each docs page's body is made. */
function bodyOf(baseUrl: string, openApi: OpenApi): Record<string, () => string | Promise<string>> {
  return {
    "/docs": () => referenceBody(baseUrl, openApi(baseUrl) as OpenApiDocument),
    "/docs/sdk": () => sdkPage(baseUrl),
    "/docs/cli": () => cliPage(baseUrl),
    "/docs/mcp": () => mcpPage(baseUrl),
  };
}

/** Every docs page the search reads, in the sidebar's order (the error pages are summed up in /docs#errors). */
async function docsBodies(baseUrl: string, openApi: OpenApi): Promise<DocsBody[]> {
  const bodies = bodyOf(baseUrl, openApi);
  const pages = DOCS_PAGES.filter(({ path }) => path in bodies);
  return Promise.all(pages.map(async ({ path, name }) => ({ path, name, body: await (bodies[path] ?? String)() })));
}

/** The handler of one docs page, by its path. */
export function docsPage(path: string, openApi: OpenApi) {
  return async (c: AppContext) => {
    const baseUrl = c.var.services.config.baseUrl;
    const name = DOCS_PAGES.find((p) => p.path === path)?.name ?? "Folio";
    const body = await (bodyOf(baseUrl, openApi)[path] ?? String)();
    return c.html(page(baseUrl, name, body, path));
  };
}

/**
 * GET /docs/search?q=: a section titled exactly so is a redirect to it; anything else a page of results. Only the
 * query's first MAX_QUERY_CHARACTERS are read.
 */
export function docsSearch(openApi: OpenApi) {
  return async (c: AppContext) => {
    const baseUrl = c.var.services.config.baseUrl;
    const query = searchedQuery(c.req.query("q") ?? "");
    const { jump, hits } = searchDocs(baseUrl, await docsBodies(baseUrl, openApi), query);
    if (jump) return c.redirect(jump, 302);
    return c.html(page(baseUrl, "Search", searchResults(query, hits), "", query));
  };
}

/** GET /: where to go from here. */
export function homePage(c: AppContext): Response {
  const baseUrl = c.var.services.config.baseUrl;
  const links = [
    ["/studio", "Studio", "write a template and see it as you type; start a free trial"],
    ["/docs", "API reference", "every endpoint, the render options, Liquid, webhooks and errors"],
    ["/openapi.json", "OpenAPI document", "for code generators and typed clients"],
    ["/mcp", "Agent server (MCP)", "Streamable HTTP: point an AI assistant's MCP client at this URL"],
  ];
  const items = links.map(
    ([path, name, what]) =>
      `<li><a href="${baseUrl}${path}"><strong>${name}</strong></a> <code>${baseUrl}${path}</code><br>` +
      `<span class="muted">${what}</span></li>`,
  );
  return c.html(
    page(
      baseUrl,
      "Folio",
      `<h1>Folio</h1><p>Versioned HTML and Liquid templates plus a JSON payload in; deterministic PDF, PNG ` +
        `and JPG out, behind signed URLs.</p><ul>${items.join("")}</ul>`,
    ),
  );
}
