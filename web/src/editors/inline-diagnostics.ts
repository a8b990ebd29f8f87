// The message of a line's most severe diagnostic, drawn after the line's text (the gutter only marks the line).
import { type Diagnostic, forEachDiagnostic, setDiagnosticsEffect } from "@codemirror/lint";
import { RangeSetBuilder } from "@codemirror/state";
import {
  Decoration,
  type DecorationSet,
  type EditorView,
  ViewPlugin,
  type ViewUpdate,
  WidgetType,
} from "@codemirror/view";

class InlineMessage extends WidgetType {
  constructor(
    readonly message: string,
    readonly severity: string,
    readonly more: number,
  ) {
    super();
  }
  override eq(other: InlineMessage) {
    return other.message === this.message && other.severity === this.severity && other.more === this.more;
  }
  toDOM() {
    const el = document.createElement("span");
    el.className = `cm-inline-diagnostic cm-inline-diagnostic-${this.severity}`;
    // The line already says where: a leading `data.items[1].quantity` is shortened to its last name.
    const text = this.message.replace(
      /^`([^`]+)`/,
      (_, path: string) =>
        path
          .split(/[.[\]]/)
          .filter(Boolean)
          .pop() ?? path,
    );
    el.textContent = this.more > 0 ? `${text} (+${this.more} more)` : text;
    el.title = this.message;
    return el;
  }
  override ignoreEvent() {
    return false;
  }
}

function inlineMessages(view: EditorView): DecorationSet {
  const byLine = new Map<number, { d: Diagnostic; count: number }>();
  const rank = (s: string) => (s === "error" ? 3 : s === "warning" ? 2 : 1);
  forEachDiagnostic(view.state, (d, from) => {
    const line = view.state.doc.lineAt(Math.min(from, view.state.doc.length));
    const seen = byLine.get(line.number);
    if (!seen) byLine.set(line.number, { d, count: 1 });
    else byLine.set(line.number, { d: rank(d.severity) > rank(seen.d.severity) ? d : seen.d, count: seen.count + 1 });
  });
  const builder = new RangeSetBuilder<Decoration>();
  for (const [number, { d, count }] of [...byLine].sort((a, b) => a[0] - b[0])) {
    const line = view.state.doc.line(number);
    builder.add(line.from, line.from, Decoration.line({ class: `cm-diagnosticLine-${d.severity}` }));
    builder.add(
      line.to,
      line.to,
      Decoration.widget({ widget: new InlineMessage(d.message, d.severity, count - 1), side: 1 }),
    );
  }
  return builder.finish();
}

export const inlineDiagnostics = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = inlineMessages(view);
    }
    update(update: ViewUpdate) {
      if (update.docChanged || update.transactions.some((tr) => tr.effects.some((e) => e.is(setDiagnosticsEffect))))
        this.decorations = inlineMessages(update.view);
    }
  },
  { decorations: (v) => v.decorations },
);
