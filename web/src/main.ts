// Folio Studio: write a template, see it as you type, publish versions. One page, same-origin calls only.
// This file only wires the parts together: each part reads and changes the one store, and redraws on its events.
import "@fontsource/inter/latin-400.css";
import "@fontsource/inter/latin-500.css";
import "@fontsource/inter/latin-600.css";
import "./styles.css";
import { createAccount } from "./account";
import { createCompare } from "./compare";
import { createCurlDialog } from "./curl-dialog";
import { createDataForm } from "./data-form";
import { createDeleteTemplate } from "./delete-template";
import { createDocumentBar } from "./document-bar";
import { EDITOR_IDS, type EditorId } from "./editor-texts";
import { createEditors } from "./editors";
import { followEdits } from "./edits";
import { createKeptDrafts } from "./kept-draft";
import { createNewTemplateDialog } from "./new-template";
import { createPreview } from "./preview";
import { createProblemsPanel } from "./problems-panel";
import { createPublish } from "./publish";
import { createPublishCall } from "./publish-call";
import { createRenders } from "./renders";
import { createSideBySide } from "./side-by-side";
import { createSignin } from "./signin";
import { createStore } from "./store";
import { createTabs } from "./tabs";
import { createTemplateList } from "./template-list";
import { createUnsavedGuard } from "./unsaved-guard";
import { createVersionConflict } from "./version-conflict";
import { createVersionWatch } from "./version-watch";
import { createVersions } from "./versions";
import { createWebhookTestDialog } from "./webhook-test-dialog";
import { followXmlTab } from "./xml-tab";

function editorHost(id: EditorId): HTMLElement {
  const host = document.querySelector<HTMLElement>(`[data-editor-host="${id}"]`);
  if (!host) throw new Error(`the ${id} editor's host is missing`);
  return host;
}

const store = createStore();
const editors = createEditors(
  Object.fromEntries(EDITOR_IDS.map((id) => [id, editorHost(id)])) as Record<EditorId, HTMLElement>,
);
const selectTab = createTabs(editors);
followXmlTab(store, editors, selectTab);
const problems = createProblemsPanel(store, editors, selectTab);
const preview = createPreview(store, editors, problems);
const documentBar = createDocumentBar(store, editors, () => preview.schedule(0));
followEdits(store, editors, { preview, problems, documentBar });
createDataForm(store, editors);
const templates = createTemplateList(store, editors);
const newTemplate = createNewTemplateDialog(store, editors, templates, selectTab);
// The version list's Diff buttons open the compare dialog, which reads the versions: bound once both exist.
const guard = createUnsavedGuard(store, editors);
const versions = createVersions(store, editors, guard, (a, b) => void compare.open(a, b));
const compare = createCompare(store, versions);
// A version published meanwhile is shown beside the edits (the conflict), which can publish over it: bound late.
const watch = createVersionWatch(
  store,
  (newer) => conflict.showNewer(newer),
  () => void versions.load(),
);
const publishCall = createPublishCall(store, editors, problems, versions, watch, (newer, message) =>
  conflict.showNewer(newer, message),
);
createPublish(store, editors, problems, publishCall);
const sideBySide = createSideBySide();
const keptDrafts = createKeptDrafts(store, editors, sideBySide, guard);
const conflict = createVersionConflict(store, editors, sideBySide, keptDrafts, publishCall.publishOver);
const account = createAccount(store);
createRenders(store, editors, () => void account.loadUsage());
createCurlDialog(store, editors);
createDeleteTemplate(store, (name) => {
  keptDrafts.forget(name);
  templates.forget(name);
});
createWebhookTestDialog(store);
const signin = createSignin(store, {
  openTemplate: templates.open,
  newTemplate: newTemplate.open,
  signedOut: account.closeMenu,
  mayDropAll: guard.mayDropAll,
});

for (const button of document.querySelectorAll<HTMLElement>("dialog [data-close]"))
  button.addEventListener("click", () => button.closest("dialog")?.close());

store.setCurrent(null);
signin.start();
