// "Copy as curl": the render request for the published version as a command, with or without the key.

import type { Editors } from "../editors/editors";
import { $, copyText, toast } from "../shared/dom";
import { curlLede } from "../shared/wording";
import { isDirty, renderRequest } from "../state/draft";
import type { Store } from "../state/store";
import { curlCommand } from "./curl";

export function createCurlDialog(store: Store, editors: Editors) {
  const { state } = store;
  const withKey = $<HTMLInputElement>("curl-key");
  const text = $("curl-text");

  const draw = () => {
    const request = renderRequest(state.current, editors.text, state.format);
    if (request) text.textContent = curlCommand(location.origin, request, withKey.checked ? state.key : null);
  };

  $("curl-button").addEventListener("click", () => {
    const { current } = state;
    if (!current?.published) return toast("Create the template first: a render uses a published version.", "info");
    const ref = `${current.name}@${current.published.version}`;
    $("curl-lede").textContent = curlLede(ref, isDirty(current, editors.text));
    draw();
    $<HTMLDialogElement>("curl-dialog").showModal();
  });
  withKey.addEventListener("change", draw);
  $("curl-copy").addEventListener("click", async () => {
    if (await copyText(text.textContent ?? "")) toast("curl command copied", "success");
    else toast("Could not copy: select the text and copy it by hand.", "error");
  });
}
