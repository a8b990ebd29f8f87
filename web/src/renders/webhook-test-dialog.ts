// "Send a test event": one signed test event to a URL the user names, and what the receiver answered.

import { $ } from "../shared/dom";
import { errorMessage, UNREACHABLE } from "../shared/wording";
import type { Store } from "../state/store";
import { testResultLine } from "./delivery-wording";

export function createWebhookTestDialog(store: Store) {
  const dialog = $<HTMLDialogElement>("webhook-test-dialog");
  const url = $<HTMLInputElement>("webhook-test-url");
  const result = $("webhook-test-result");
  const send = $<HTMLButtonElement>("webhook-test-send");

  $("webhook-test-button").addEventListener("click", () => {
    result.hidden = true;
    dialog.showModal();
    url.focus();
  });
  $("webhook-test-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const folio = store.state.folio;
    if (!folio || !url.reportValidity()) return;
    send.disabled = true;
    try {
      const answer = await folio.webhooks.test(url.value.trim());
      result.textContent = testResultLine(answer);
      result.dataset.state = answer.delivered ? "ok" : "failed";
    } catch (e) {
      result.textContent = errorMessage(e, UNREACHABLE);
      result.dataset.state = "failed";
    } finally {
      result.hidden = false;
      send.disabled = false;
    }
  });
}
