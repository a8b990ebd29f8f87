// POST /join: the joined, finished PDF of a chunked render's pieces (join-render.ts).
import { BACKEND_CONTENT_TYPES, BACKEND_ROUTES, fileHeaders } from "@folio/render-page/backend-http-surface";
import { joinFromWire } from "@folio/render-page/join-contract";
import type { RouteHandler } from "../backend-context.ts";
import { readBody } from "../backend-http.ts";
import { joinRender } from "../join-render.ts";

export const joinRoute: RouteHandler = {
  route: BACKEND_ROUTES.join,
  async handle(req, res, context) {
    const text = await readBody(req);
    const receivedAt = Date.now();
    const joined = await joinRender(joinFromWire(text), context);
    res.writeHead(200, fileHeaders(BACKEND_CONTENT_TYPES.pdf, joined, receivedAt));
    res.end(joined.bytes);
  },
};
