// POST /drop: the Worker's chunked render stopped before its join; its pieces go now.
import { BACKEND_ROUTES, dropFromWire } from "@folio/render-page/backend-http-surface";
import type { RouteHandler } from "../backend-context.ts";
import { readBody, send } from "../backend-http.ts";

export const dropRoute: RouteHandler = {
  route: BACKEND_ROUTES.drop,
  async handle(req, res, { sessions }) {
    const session = dropFromWire(await readBody(req));
    if (session === null)
      return send(res, 400, { error: { type: "render_failed", message: "A drop names the session to drop." } });
    await sessions.drop(session);
    send(res, 200, { dropped: session });
  },
};
