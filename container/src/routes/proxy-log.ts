// GET /proxy-log: what the deny proxy refused (deny-proxy.ts); the egress tests read it.
import { BACKEND_ROUTES } from "@folio/render-page/backend-http-surface";
import type { RouteHandler } from "../backend-context.ts";
import { send } from "../backend-http.ts";

export const proxyLogRoute: RouteHandler = {
  route: BACKEND_ROUTES.proxyLog,
  async handle(_req, res, { proxy }) {
    send(res, 200, { refused: proxy.refused });
  },
};
