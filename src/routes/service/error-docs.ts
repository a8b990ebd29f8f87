import { inline, page, unmarked } from "../../docs/html";
import { docsUrl, ERROR_TYPE_NAMES, ERROR_TYPES, type ErrorType } from "../../error-table";
import { errorEnvelope, ServiceError } from "../../errors";
import type { AppContext } from "../../lib/endpoint";
import { escapeHtml } from "../../lib/escape-html";

function typePage(baseUrl: string, type: ErrorType): string {
  const { status, retry, meaning } = ERROR_TYPES[type];
  // The example's message is the table's meaning, shown verbatim in <pre>: its code marks cannot render there.
  const example = JSON.stringify(errorEnvelope(baseUrl, new ServiceError(type, unmarked(meaning))), null, 2);
  return page(
    baseUrl,
    type,
    `<p><a href="${baseUrl}/docs/errors">All error types</a></p><h1><code>${type}</code></h1>\n` +
      `<p><strong>HTTP ${status}.</strong> ${inline(meaning)}</p><h2>Should I retry?</h2><p>${inline(retry)}</p>\n` +
      `<h2>Example response</h2><pre>${escapeHtml(example)}</pre>\n` +
      `<p>Branch on <code>error.type</code>; <code>message</code> is for people and may change. Field errors ` +
      `in <code>errors</code> name the <code>path</code>, what was <code>expected</code> and what was ` +
      `<code>received</code>.</p>`,
    "/docs/errors",
  );
}

/** The human pages behind every `docs_url`, generated from the same table as the runtime errors. */
export function errorDocs(c: AppContext): Response {
  const baseUrl = c.var.services.config.baseUrl;
  const type = c.req.param("type");
  if (type === undefined) {
    const rows = ERROR_TYPE_NAMES.map(
      (t) =>
        `<tr><td><a href="${docsUrl(baseUrl, t)}"><code>${t}</code></a></td><td>${ERROR_TYPES[t].status}</td>` +
        `<td>${inline(ERROR_TYPES[t].meaning)}</td></tr>`,
    );
    return c.html(
      page(
        baseUrl,
        "Errors",
        `<h1>Errors</h1><p>Every error answers <code>{"error": {"type", "message", "docs_url", "errors"?, ` +
          `"details"?}}</code>; branch on <code>type</code>.</p><table><tr><th>type</th><th>HTTP</th>` +
          `<th>meaning</th></tr>${rows.join("")}</table>`,
        "/docs/errors",
      ),
    );
  }
  if (!(type in ERROR_TYPES))
    throw new ServiceError("not_found", `There is no error type \`${type}\`.`, {
      details: { known_types: ERROR_TYPE_NAMES },
    });
  return c.html(typePage(baseUrl, type as ErrorType));
}
