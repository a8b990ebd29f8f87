// The render backend's route table: each route of its surface (@folio/render-page/backend-http-surface) to its file in
// routes/; every route but the health probe behind the shared secret.
import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { BACKEND_HEADERS } from "@folio/render-page/backend-http-surface";
import type { BackendContext, RouteHandler } from "./backend-context.ts";
import { send, sendFailure } from "./backend-http.ts";
import { accessibilityRoute } from "./routes/accessibility.ts";
import { dropRoute } from "./routes/drop.ts";
import { healthRoute } from "./routes/healthz.ts";
import { joinRoute } from "./routes/join.ts";
import { pageImageRoute } from "./routes/page-image.ts";
import { proxyLogRoute } from "./routes/proxy-log.ts";
import { renderRoute } from "./routes/render.ts";
import { statsRoute } from "./routes/stats.ts";
import { validateEInvoiceRoute } from "./routes/validate-e-invoice.ts";

const ROUTES: RouteHandler[] = [
  renderRoute,
  joinRoute,
  dropRoute,
  validateEInvoiceRoute,
  pageImageRoute,
  accessibilityRoute,
  healthRoute,
  statsRoute,
  proxyLogRoute,
];

function authorized(req: IncomingMessage, secret: string): boolean {
  const given = Buffer.from(String(req.headers[BACKEND_HEADERS.secret] ?? ""));
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Answers each request with its route, after the secret; a request without the secret learns no route exists. */
export function routeRequests(context: BackendContext): (req: IncomingMessage, res: ServerResponse) => void {
  const table = new Map(ROUTES.map((handler) => [`${handler.route.method} ${handler.route.path}`, handler]));
  return (req, res) => {
    const handler = table.get(`${req.method} ${req.url}`);
    if (!handler?.open && !authorized(req, context.secret))
      return send(res, 401, { error: { type: "authentication_error", message: "Missing or wrong X-Render-Secret." } });
    if (!handler) return send(res, 404, { error: { type: "not_found", message: "No such route." } });
    handler.handle(req, res, context).catch((error) => sendFailure(res, error));
  };
}
