// Publishing a template whose example fails the e-invoice rules it enforces: every render of that version would be
// refused, so the publish dialog names the failing rules and asks the person to confirm before it publishes.

import type { Editors } from "../editors/editors";
import { parseJson } from "../editors/json-paths";
import { enforcedRuleFailures } from "../problems/e-invoice-problems";
import { $, el } from "../shared/dom";
import type { Store } from "../state/store";

export function createPublishRuleCheck(store: Store, editors: Editors, submit: HTMLButtonElement) {
  const box = $("publish-rules");
  const confirm = $<HTMLInputElement>("publish-rules-confirm");
  let failing: string[] = [];
  confirm.addEventListener("change", () => {
    submit.disabled = !confirm.checked;
  });
  return {
    /** Reads the last preview's verdict as the dialog opens; the submit waits for the confirmation when it fails. */
    prepare() {
      const options = parseJson(editors.text("options"));
      failing = enforcedRuleFailures(store.allProblems(), options.ok ? options.value : null);
      box.hidden = failing.length === 0;
      confirm.checked = false;
      const rules = failing.flatMap((rule, i) => [i ? ", " : "", el("code", { text: rule })]);
      $("publish-rules-text").replaceChildren(
        "The example's e-invoice fails rules this template enforces: ",
        ...rules,
        ". Every render of this version will be refused (render_failed, stage e_invoice) until its data passes them.",
      );
      if (failing.length) submit.disabled = true;
    },
    /** Nothing to confirm, or confirmed. */
    confirmed: () => failing.length === 0 || confirm.checked,
  };
}
