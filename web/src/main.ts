// Folio Studio: write a template, see it as you type, publish versions. One page, same-origin calls only.
// This file only wires the parts together: each part reads and changes the one store, and redraws on its events.
import "@fontsource/inter/latin-400.css";
import "@fontsource/inter/latin-500.css";
import "@fontsource/inter/latin-600.css";
import "./styles/styles.css";
import { createDataForm } from "./data-form/data-form";
import { EDITOR_IDS, type EditorId } from "./editors/editor-texts";
import { createEditors } from "./editors/editors";
import { followEdits } from "./editors/edits";
import { createTabs } from "./editors/tabs";
import { createPreview } from "./preview/preview";
import { createProblemsPanel } from "./problems/problems-panel";
import { createCurlDialog } from "./publish/curl-dialog";
import { createPublish } from "./publish/publish";
import { createPublishCall } from "./publish/publish-call";
import { createRenders } from "./renders/renders";
import { createWebhookTestDialog } from "./renders/webhook-test-dialog";
import { createAccount } from "./signin/account";
import { createSignin } from "./signin/signin";
import { createStore } from "./state/store";
import { createUnsavedGuard } from "./state/unsaved-guard";
import { createDeleteTemplate } from "./templates/delete-template";
import { createDocumentBar } from "./templates/document-bar";
import { createNewTemplateDialog } from "./templates/new-template";
import { createTemplateList } from "./templates/template-list";
import { createCompare } from "./versions/compare";
import { createKeptDrafts } from "./versions/kept-draft";
import { createSideBySide } from "./versions/side-by-side";
import { createVersionConflict } from "./versions/version-conflict";
import { createVersionWatch } from "./versions/version-watch";
import { createVersions } from "./versions/versions";
import { followXmlTab } from "./xml/xml-tab";

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
