// The XML button, the last of the preview's format buttons: pressing it opens the XML view in place of the pages,
// pressing a page format closes it (the preview's own handler then asks for that format), and closing it otherwise
// presses the format it left.
import { $, pressOne } from "../shared/dom";

export type XmlViewToggle = ReturnType<typeof createXmlViewToggle>;

/** `onOpen` runs when the view opens: the preview asks again, for the XML. */
export function createXmlViewToggle(onOpen: () => void) {
  const toggle = $<HTMLButtonElement>("xml-toggle");
  const panel = $("xml-view");
  const pane = panel.parentElement as HTMLElement;
  const formats = [...document.querySelectorAll<HTMLButtonElement>(".preview-bar [data-format]")];
  let open = false;
  let formatLeft: HTMLButtonElement | undefined;
  const setOpen = (next: boolean) => {
    if (next === open) return;
    open = next;
    if (open) formatLeft = formats.find((b) => b.getAttribute("aria-pressed") === "true");
    pressOne([...formats, toggle], open ? toggle : (formatLeft ?? toggle));
    panel.hidden = !open;
    $("preview-body").hidden = open;
    pane.dataset.view = open ? "xml" : "pages";
  };
  const openView = () => {
    if (open) return;
    setOpen(true);
    onOpen();
  };
  toggle.addEventListener("click", openView);
  for (const button of formats) button.addEventListener("click", () => setOpen(false));

  return {
    isOpen: () => open,
    /** Opens the view, as pressing XML does. */
    open: openView,
    /** Shows the XML button or hides it (closing the view) as the draft holds an e-invoice or not. */
    offer(offered: boolean) {
      toggle.hidden = !offered;
      if (!offered && open) setOpen(false);
    },
  };
}
