// What follows typing: a keystroke only sets timers. The preview runs after its delay; the problem list, tab
// counts, "unsaved" mark and Liquid completions follow shortly after typing pauses, never on the keystroke.

import { templateVariables } from "../languages/template-variables";
import type { Preview } from "../preview/preview";
import type { ProblemsPanel } from "../problems/problems-panel";
import type { Store } from "../state/store";
import type { DocumentBar } from "../templates/document-bar";
import type { Editors } from "./editors";

const REFRESH_DELAY_MS = 150;

interface Followers {
  preview: Preview;
  problems: ProblemsPanel;
  documentBar: DocumentBar;
}

export function followEdits(store: Store, editors: Editors, { preview, problems, documentBar }: Followers) {
  const { state } = store;
  let refresh: ReturnType<typeof setTimeout> | null = null;
  let variablesStale = false;

  const refreshVariables = () => {
    const variables = templateVariables(editors.text("schema"), editors.text("example"));
    editors.setVariables(variables.names, variables.propertiesOf);
  };

  editors.onChange((id) => {
    if (!state.current) return;
    // An edited editor's publish problems no longer hold; a preview says whether they still do.
    state.problems.publish = state.problems.publish.filter((p) => p.editor !== id);
    if (id === "schema" || id === "example") variablesStale = true;
    preview.schedule();
    if (refresh) clearTimeout(refresh);
    refresh = setTimeout(() => {
      refresh = null;
      if (variablesStale) refreshVariables();
      variablesStale = false;
      documentBar.updateDirty();
      problems.refresh();
    }, REFRESH_DELAY_MS);
  });
  store.on("opened", refreshVariables);
}
