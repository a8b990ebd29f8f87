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
import { createDocumentBar } from "./document-bar";
import { EDITOR_IDS, type EditorId } from "./editor-texts";
import { createEditors } from "./editors";
import { followEdits } from "./edits";
import { createNewTemplateDialog } from "./new-template";
import { createPreview } from "./preview";
import { createProblemsPanel } from "./problems-panel";
import { createPublish } from "./publish";
import { createRenders } from "./renders";
import { createSignin } from "./signin";
import { createStore } from "./store";
import { createTabs } from "./tabs";
import { createTemplateList } from "./template-list";
import { createUnsavedGuard } from "./unsaved-guard";
import { createVersions } from "./versions";
import { createWebhookTestDialog } from "./webhook-test-dialog";

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
createPublish(store, editors, problems, versions);
const account = createAccount(store);
createRenders(store, editors, () => void account.loadUsage());
createCurlDialog(store, editors);
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
