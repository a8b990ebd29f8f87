// The few DOM helpers every part of the studio uses: find an element, make one, say something in a toast.
import { messageParts } from "./wording";

export const $ = <T extends HTMLElement = HTMLElement>(id: string) => {
  const node = document.getElementById(id);
  if (!node) throw new Error(`#${id} is missing`);
  return node as T;
};

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: Array<Node | string | null>
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v);
  }
  for (const child of children) if (child !== null) node.append(child);
  return node;
}

/** A service message with its `code` spans as <code>. */
export function rich(message: string): HTMLElement {
  const span = el("span");
  for (const part of messageParts(message)) span.append(part.code ? el("code", { text: part.text }) : part.text);
  return span;
}

/** The items of a list, or its one "empty" line. */
export const emptyItem = (text: string) => el("li", { class: "empty", text });

export function toast(message: string, kind: "info" | "error" | "success" = "info") {
  const node = el("div", { class: `toast toast-${kind}`, role: kind === "error" ? "alert" : "status", text: message });
  $("toasts").append(node);
  setTimeout(() => node.classList.add("leaving"), 3600);
  setTimeout(() => node.remove(), 4000);
}

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = el("textarea", { class: "offscreen" });
    area.value = text;
    document.body.append(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  }
}

/** Marks the clicked one of a set of toggle buttons as pressed, and the others not. */
export function pressOne(buttons: Iterable<HTMLButtonElement>, pressed: HTMLButtonElement) {
  for (const button of buttons) button.setAttribute("aria-pressed", String(button === pressed));
}
