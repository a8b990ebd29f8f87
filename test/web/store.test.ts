import { createFolio } from "@folio/sdk";
import { describe, expect, it } from "vitest";
import type { Problem } from "../../web/src/problems/problems";
import { newDraft } from "../../web/src/state/draft";
import { createStore } from "../../web/src/state/store";
import { template } from "./template";

const problem = (message: string): Problem => ({
  severity: "error",
  editor: "source",
  path: "source",
  message,
  diagnostic: null,
});

describe("the studio's store", () => {
  it("tells its listeners of each transition, in the order they listened", () => {
    const store = createStore();
    const heard: string[] = [];
    store.on("current", () => heard.push("current 1"));
    store.on("current", () => heard.push("current 2"));
    store.on("opened", () => heard.push("opened"));
    store.on("session", () => heard.push("session"));
    const folio = createFolio({ apiKey: "folio_sk_x", baseUrl: "http://folio.test" });
    store.signIn("folio_sk_x", folio, [template()]);
    store.setCurrent(newDraft("invoice"));
    store.opened();
    expect(heard).toEqual(["session", "current 1", "current 2", "opened"]);
    expect(store.state).toMatchObject({ key: "folio_sk_x", folio, templates: [template()] });
  });

  it("drops the last draft's problems and versions when another opens, and its problems when new texts load", () => {
    const store = createStore();
    store.state.problems = { preview: [problem("preview")], publish: [problem("publish")] };
    expect(store.allProblems().map((p) => p.message)).toEqual(["publish", "preview"]);
    store.state.versions = [{ version: 1 } as (typeof store.state.versions)[number]];
    store.setCurrent(newDraft("other"));
    expect(store.allProblems()).toEqual([]);
    expect(store.state.versions).toEqual([]);
    store.state.problems.preview = [problem("again")];
    store.opened();
    expect(store.allProblems()).toEqual([]);
  });

  it("forgets the key, the drafts and the versions read when signing out", () => {
    const store = createStore();
    const heard: string[] = [];
    store.on("current", () => heard.push("current"));
    store.signIn("folio_sk_x", createFolio({ apiKey: "folio_sk_x", baseUrl: "http://folio.test" }), [template()]);
    store.state.drafts.set("invoice", newDraft("invoice"));
    store.state.versionCache.set("invoice@1", template());
    store.setCurrent(newDraft("invoice"));
    store.signOut();
    expect(store.state).toMatchObject({ key: "", folio: null, templates: [], current: null });
    expect(store.state.drafts.size + store.state.versionCache.size).toBe(0);
    expect(heard).toEqual(["current", "current"]);
  });
});
