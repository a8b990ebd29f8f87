// Keeps a list current without a reload: it is loaded again when the tab comes back into view or the window gets
// the focus, and every `everyMs` while the tab is visible (never in a hidden tab).
export function refreshWhileVisible(load: () => void, everyMs: number): void {
  const visible = () => document.visibilityState === "visible";
  window.addEventListener("focus", load);
  document.addEventListener("visibilitychange", () => {
    if (visible()) load();
  });
  setInterval(() => {
    if (visible()) load();
  }, everyMs);
}
