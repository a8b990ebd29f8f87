// The publish itself: the editors' texts as a new version named on the version they started from (If-Match
// "v<N>", docs/requests.md#if-match), or as v1. A version published since is shown beside the edits, never replaced.
import { FolioError, type Template, unwrap } from "@folio/sdk";
import type { Editors } from "../editors/editors";
import { problemsOfError, problemsOfWarnings } from "../problems/problems";
import type { ProblemsPanel } from "../problems/problems-panel";
import { toast } from "../shared/dom";
import { expectedPagesOf, publishDefinition } from "../state/draft";
import type { Store } from "../state/store";
import type { VersionWatch } from "../versions/version-watch";
import type { Versions } from "../versions/versions";

export type PublishCall = ReturnType<typeof createPublishCall>;

export const versionMoved = (e: unknown) => e instanceof FolioError && e.details.code === "version_moved";

export function createPublishCall(
  store: Store,
  editors: Editors,
  problems: ProblemsPanel,
  versions: Versions,
  watch: VersionWatch,
  showNewer: (newer: Template, message: string) => void,
) {
  const { state } = store;

  /** Publishes on the version the editors hold, or on `over`, the newer one the user chose to replace. */
  const send = async (message: string, over?: number) => {
    const { folio, current: draft } = state;
    if (!folio || !draft) return;
    const definition = publishDefinition(draft, editors.text, message);
    const name = draft.name;
    const base = over ?? draft.published?.version;
    const template = await unwrap(
      draft.published
        ? folio.api.POST("/v1/templates/{name}/versions", {
            params: { path: { name }, header: { "If-Match": `"v${base}"` } },
            body: definition,
          })
        : folio.api.POST("/v1/templates", { body: { name, ...definition, ...expectedPagesOf(draft) } }),
    );
    draft.published = template;
    state.problems.publish = problemsOfWarnings(template.warnings);
    toast(template.version === 1 ? `Created ${template.name} (v1)` : `Published ${template.ref}`, "success");
    const list = await unwrap(folio.api.GET("/v1/templates")).catch(() => null);
    if (list) state.templates = list.data;
    store.emit("current");
    problems.refresh();
    await versions.load();
  };

  /** A version published meanwhile goes beside the edits instead of under them; true when one did. */
  const showMoved = async (message: string) => {
    const newer = await watch.check().catch(() => null);
    if (newer) showNewer(newer, message);
    return newer !== null;
  };

  /** The conflict dialog's "publish over": true once published; a version published since is shown in its turn. */
  const publishOver = async (version: number, message: string) => {
    try {
      await send(message, version);
      return true;
    } catch (e) {
      if (versionMoved(e) && (await showMoved(message))) return false;
      if (e instanceof FolioError) {
        state.problems.publish = problemsOfError(e).filter((p) => p.editor);
        problems.refresh();
      }
      throw e;
    }
  };

  return { send, showMoved, publishOver };
}
