// The account chip in the top bar: the plan and what is left of it, and its menu (the key, sign out).
import { unwrap } from "@folio/sdk";
import { $ } from "../shared/dom";
import { usageWording } from "../shared/wording";
import type { Store } from "../state/store";

export function createAccount(store: Store) {
  const { state } = store;
  const menu = $("account-menu");
  const button = $("account-button");

  const loadUsage = async () => {
    if (!state.folio) return;
    try {
      const words = usageWording(await unwrap(state.folio.api.GET("/v1/usage")));
      $("account-plan").textContent = words.chip;
      $("account-usage").textContent = words.line;
    } catch {
      $("account-plan").textContent = "Account";
    }
  };

  button.addEventListener("click", (e) => {
    e.stopPropagation();
    menu.hidden = !menu.hidden;
    button.setAttribute("aria-expanded", String(!menu.hidden));
  });
  document.addEventListener("click", (e) => {
    if (!menu.hidden && !menu.contains(e.target as Node)) menu.hidden = true;
  });
  store.on("session", () => {
    $("account-key").textContent = `${state.key.slice(0, 12)}…`;
    void loadUsage();
  });
  const closeMenu = () => {
    menu.hidden = true;
  };
  return { loadUsage, closeMenu };
}
