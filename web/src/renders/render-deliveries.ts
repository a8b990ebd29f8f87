// A recent render's webhook: its state and attempts on the row, and on demand the list of its deliveries (what the
// receiver answered to each) with a Resend button once the schedule has ended.
import type { Render } from "@folio/sdk";
import { el, toast } from "../shared/dom";
import { errorMessage, UNREACHABLE } from "../shared/wording";
import type { Store } from "../state/store";
import { deliveryLine, webhookLine } from "./delivery-wording";

/** The renders whose deliveries are open: kept across the list's refreshes. */
const open = new Set<string>();

async function fillDeliveries(store: Store, render: Render, list: HTMLElement, changed: () => void) {
  const folio = store.state.folio;
  if (!folio) return;
  try {
    const deliveries = await folio.listDeliveries(render.id);
    const rows = deliveries.map((d) => {
      const line = deliveryLine(d);
      return el("li", { class: `delivery ${line.ok ? "delivery-ok" : "delivery-failed"}`, text: line.text });
    });
    const host = deliveries[0] ? el("li", { class: "deliveries-host", text: `To ${deliveries[0].url_host}` }) : null;
    list.replaceChildren(
      ...(rows.length && host ? [host, ...rows] : [el("li", { class: "delivery", text: "No delivery yet." })]),
    );
  } catch (e) {
    list.replaceChildren(el("li", { class: "delivery", text: errorMessage(e, UNREACHABLE) }));
  }
  if (render.webhook_status === "pending") return;
  const resend = el("button", { type: "button", class: "small", text: "Resend" });
  resend.addEventListener("click", async () => {
    resend.disabled = true;
    try {
      const sent = await folio.resendWebhook(render.id);
      toast(
        sent.error === null && (sent.status_code ?? 500) < 300 ? "Resent: delivered" : "Resent: not delivered",
        "info",
      );
    } catch (e) {
      toast(errorMessage(e, UNREACHABLE), "error");
    }
    changed();
  });
  list.append(el("li", { class: "delivery-actions" }, resend));
}

/** The webhook part of a render's row, or null for a render without a webhook. */
export function webhookPart(store: Store, render: Render, changed: () => void): HTMLElement | null {
  const line = webhookLine(render);
  if (!line) return null;
  const list = el("ul", { class: "deliveries", "aria-label": `Deliveries of ${render.id}` });
  const toggle = el("button", {
    type: "button",
    class: "small ghost",
    "aria-expanded": String(open.has(render.id)),
    "aria-label": `Deliveries: ${line.attempts}`,
    title: "What the webhook URL answered to each delivery",
    text: `${line.attempts} ▾`,
  });
  const show = () => {
    list.hidden = !open.has(render.id);
    toggle.setAttribute("aria-expanded", String(open.has(render.id)));
    if (open.has(render.id)) void fillDeliveries(store, render, list, changed);
  };
  toggle.addEventListener("click", () => {
    if (open.has(render.id)) open.delete(render.id);
    else open.add(render.id);
    show();
  });
  show();
  const head = el(
    "div",
    { class: "hook-line" },
    el("span", { class: `hook-state hook-${line.state}`, text: line.text }),
    toggle,
  );
  return el("div", { class: "hook" }, head, list);
}
