// The list of rule violations under the XML view: a summary ("3 rule violations (1 fatal)"), and an item per
// violation that shows its line when chosen.
import { $, el, emptyItem } from "../shared/dom";
import type { PlacedViolation } from "./xml-violations";

const plural = (n: number) => (n === 1 ? "" : "s");

/** A violation in the list under the XML: an item that shows its line when chosen. */
function violationItem(v: PlacedViolation, reveal: (v: PlacedViolation) => void): HTMLElement {
  const node = el(
    "li",
    { class: `problem problem-${v.severity}`, "data-rule": v.rule, "data-line": String(v.line), tabindex: "0" },
    el("span", { class: "problem-icon", "aria-label": v.severity, text: v.severity === "error" ? "✕" : "!" }),
    el("span", { class: "problem-message" }, el("code", { text: v.rule }), ` ${v.message}`),
    el("span", { class: "problem-where", text: `line ${v.line}` }),
  );
  node.title = v.location;
  node.addEventListener("click", () => reveal(v));
  node.addEventListener("keydown", (e) => {
    if (e.key === "Enter") reveal(v);
  });
  return node;
}

/**
 * Lists the violations of the XML `text` (none shown without a text); `note` says why it was not checked, `more`
 * that the service left some out.
 */
export function showViolationList(
  text: string,
  violations: PlacedViolation[],
  note: string | null,
  more: boolean,
  reveal: (v: PlacedViolation) => void,
) {
  const errors = violations.filter((v) => v.severity === "error").length;
  const count = `${violations.length}${more ? "+" : ""} rule violation${plural(violations.length)}`;
  $("xml-summary").textContent = !text ? "" : note ? "Not checked" : `${count}${errors ? ` (${errors} fatal)` : ""}`;
  const none = note ?? "No rule violations: every official rule checked passes.";
  $("xml-violation-list").replaceChildren(
    ...(violations.length ? violations.map((v) => violationItem(v, reveal)) : text ? [emptyItem(none)] : []),
  );
  $("xml-violations").dataset.state = errors ? "error" : violations.length ? "warning" : "";
}
