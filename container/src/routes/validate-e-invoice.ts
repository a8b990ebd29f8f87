// POST /validate-e-invoice: an e-invoice checked with the official rules in a side thread, as the seat's work.
import { BACKEND_ROUTES } from "@folio/render-page/backend-http-surface";
import { seatFromHeaders } from "@folio/render-page/job-contract";
import type { RouteHandler } from "../backend-context.ts";
import { readBody, send } from "../backend-http.ts";
import { sendSideFailure } from "../side-threads.ts";

export const validateEInvoiceRoute: RouteHandler = {
  route: BACKEND_ROUTES.validateEInvoice,
  async handle(req, res, { side }) {
    const seat = seatFromHeaders(req.headers);
    await readBody(req)
      .then((text) => side.eInvoices.ask(text, seat))
      .then((verdict) => send(res, 200, verdict))
      .catch((error) => sendSideFailure(res, "The e-invoice check", "e_invoice", error));
  },
};
