// Typing the end of a Liquid tag or output where the editor already put it: `{%` is completed as `{%|%}` and `{{`
// as `{{|}}`, and a person used to other editors types `%}` or `}}` anyway. Without this the document would hold
// `{% if x %}%}`, and the stray `%}` prints in the file. Here the typed `%` or `}` steps over the one inserted.
import { Prec } from "@codemirror/state";
import { EditorView } from "@codemirror/view";

const LOOK = 200;

/** Whether `before` (the line up to the cursor) ends inside a Liquid tag or output that is not closed yet. */
export function insideLiquid(before: string): boolean {
  const opened = Math.max(before.lastIndexOf("{%"), before.lastIndexOf("{{"));
  const closed = Math.max(before.lastIndexOf("%}"), before.lastIndexOf("}}"));
  return opened >= 0 && opened > closed;
}

/**
 * Whether typing `typed` between `before` and `after` finishes a Liquid delimiter already there: `%` before `%}`, or
 * `}` before the `}}` of an output or the `}` that ends `%}` or `}}`.
 */
export function stepsOver(typed: string, before: string, after: string): boolean {
  if (!insideLiquid(before)) return false;
  if (typed === "%") return after.startsWith("%}");
  if (typed !== "}" || !after.startsWith("}")) return false;
  return after.startsWith("}}") || before.endsWith("%") || before.endsWith("}");
}

export const liquidCloseTyping = Prec.high(
  EditorView.inputHandler.of((view, from, to, text) => {
    if (from !== to || view.state.selection.ranges.length > 1 || (text !== "%" && text !== "}")) return false;
    const { doc } = view.state;
    const line = doc.lineAt(from);
    const before = doc.sliceString(Math.max(line.from, from - LOOK), from);
    const after = doc.sliceString(from, Math.min(line.to, from + 2));
    if (!stepsOver(text, before, after)) return false;
    view.dispatch({ selection: { anchor: from + 1 }, scrollIntoView: true, userEvent: "select" });
    return true;
  }),
);
