// The studio's one state object. Modules read `state`, change it through the transitions below, and redraw on
// its events: "session" (signed in), "current" (another draft is open, or the open one was published),
// "opened" (the editors hold new texts). No DOM here.
import type { components, Folio, Render, Template } from "@folio/sdk";
import type { Problem } from "../problems/problems";
import type { Draft, Format } from "./draft";

type TemplateVersion = components["schemas"]["TemplateVersion"];
export type StudioEvent = "session" | "current" | "opened";

export interface StudioState {
  /** The signed-in key and its client; "" and null when signed out. */
  key: string;
  folio: Folio | null;
  templates: Template[];
  /** Every template opened or created since signing in, with its unsaved edits. */
  drafts: Map<string, Draft>;
  current: Draft | null;
  /** The last preview's problems, and the last publish's (each kept until its editor is edited). */
  problems: { preview: Problem[]; publish: Problem[] };
  /** The open template's versions, newest first. */
  versions: TemplateVersion[];
  /** Published versions as read, by `name@version`: a version never changes. */
  versionCache: Map<string, Template>;
  renders: Render[];
  format: Format;
}

export type Store = ReturnType<typeof createStore>;

export function createStore() {
  const state: StudioState = {
    key: "",
    folio: null,
    templates: [],
    drafts: new Map(),
    current: null,
    problems: { preview: [], publish: [] },
    versions: [],
    versionCache: new Map(),
    renders: [],
    format: "pdf",
  };
  const listeners = new Map<StudioEvent, Array<() => void>>();
  const emit = (event: StudioEvent) => {
    for (const listener of listeners.get(event) ?? []) listener();
  };
  const clearProblems = () => {
    state.problems = { preview: [], publish: [] };
  };
  /** Another draft is open: what was shown of the last one (problems, versions) goes with it. */
  const setCurrent = (draft: Draft | null) => {
    state.current = draft;
    clearProblems();
    state.versions = [];
    emit("current");
  };

  return {
    state,
    on(event: StudioEvent, listener: () => void) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    },
    emit,
    signIn(key: string, folio: Folio, templates: Template[]) {
      Object.assign(state, { key, folio, templates });
      emit("session");
    },
    signOut() {
      Object.assign(state, { key: "", folio: null, templates: [], renders: [] });
      state.drafts.clear();
      state.versionCache.clear();
      setCurrent(null);
    },
    setCurrent,
    /** The editors hold new texts (another draft, or a version loaded): the old problems no longer apply. */
    opened() {
      clearProblems();
      emit("opened");
    },
    allProblems(): Problem[] {
      return [...state.problems.publish, ...state.problems.preview];
    },
  };
}
