// GET /healthz: whether the backend can print, without the secret (its host probes it too); cheap, asked often.
import { BACKEND_ROUTES } from "@folio/render-page/backend-http-surface";
import type { RouteHandler } from "../backend-context.ts";
import { send } from "../backend-http.ts";

export const healthRoute: RouteHandler = {
  route: BACKEND_ROUTES.health,
  open: true,
  async handle(_req, res, { rendererState, pool }) {
    const renderer = rendererState();
    send(res, renderer === "ok" ? 200 : 503, {
      status: renderer === "ok" ? "ok" : "unavailable",
      renderer,
      ...pool.stats,
    });
  },
};
