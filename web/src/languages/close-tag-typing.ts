// Typing a closing tag where the editor already put one: the HTML support closes `<p>` as `<p>|</p>` when its
// `>` is typed, and a person used to other editors types `</p>` anyway. Without this the document would hold
// `</p></p>` (and a publish would keep it). Here the tag typed replaces the one inserted for it.
import { Prec } from "@codemirror/state";
import { EditorView } from "@codemirror/view";

/** The closing tag at the start of `text`, as written: `</p>`, `</my-tag>`. */
const LEADING_CLOSE_TAG = /^<\/([A-Za-z][\w:.-]*)\s*>/;
/** A closing tag being typed at the end of `text`, up to its name: `</p`. */
const TYPED_CLOSE_TAG = /<\/([A-Za-z][\w:.-]*)\s*$/;

const LOOK = 80;

export const closeTagTyping = Prec.high(
  EditorView.inputHandler.of((view, from, to, text) => {
    if (from !== to || view.state.selection.ranges.length > 1 || (text !== ">" && text !== "/")) return false;
    const { doc } = view.state;
    const before = doc.sliceString(Math.max(0, from - LOOK), from);
    const after = LEADING_CLOSE_TAG.exec(doc.sliceString(from, Math.min(doc.length, from + LOOK)));
    if (!after) return false;
    if (text === "/") {
      // `<` then `/` right before a closing tag: a closing tag being typed by hand. A plain `/`, so the HTML
      // support does not complete it into a second one.
      if (!before.endsWith("<")) return false;
      view.dispatch({ changes: { from, insert: "/" }, selection: { anchor: from + 1 }, userEvent: "input.type" });
      return true;
    }
    // `>` ends `</name` and the same `</name>` follows: the typed one stays, the inserted one goes.
    const typed = TYPED_CLOSE_TAG.exec(before);
    if (!typed || typed[1] !== after[1]) return false;
    view.dispatch({
      changes: { from, to: from + after[0].length, insert: ">" },
      selection: { anchor: from + 1 },
      userEvent: "input.type",
    });
    return true;
  }),
);
