// Folio Studio: write a template, see it as you type, publish versions. One page, same-origin calls only.
import "@fontsource/inter/latin-400.css";
import "@fontsource/inter/latin-500.css";
import "@fontsource/inter/latin-600.css";
import "./styles.css";
import { EditorSelection } from "@codemirror/state";
import {
  Api,
  ApiError,
  type Render,
  type RenderList,
  startTrial,
  type Template,
  type TemplateList,
  type TemplateVersion,
  type TemplateVersionList,
} from "./api";
import { curlCommand } from "./curl";
import { type DiffField, fieldText, showDiff } from "./diff";
import { createEditors, EDITOR_IDS, type EditorId, type Editors } from "./editors";
import { parseJson } from "./json-paths";
import { drawPdf, preloadPdfJs } from "./pdf";
import { diagnosticsByEditor, type Problem, problemsOfError, problemsOfWarnings } from "./problems";
import { STARTERS } from "./starters";

const KEY_STORAGE = "folio.studio.apiKey";
const PREVIEW_DELAY_MS = 300;
const TAB_LABELS: Record<EditorId, string> = {
  source: "Source",
  schema: "Schema",
  example: "Example data",
  options: "Options",
};

const $ = <T extends HTMLElement = HTMLElement>(id: string) => {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} is missing`);
  return el as T;
};

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: Array<Node | string | null>
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v);
  }
  for (const child of children) if (child !== null) node.append(child);
  return node;
}

/** A service message with its `code` spans as <code>. */
function rich(message: string): HTMLElement {
  const span = el("span");
  message
    .split(/(`[^`]+`)/)
    .forEach((part) =>
      span.append(
        part.startsWith("`") && part.endsWith("`") && part.length > 2 ? el("code", { text: part.slice(1, -1) }) : part,
      ),
    );
  return span;
}

function ago(iso: string): string {
  const s = Math.max(0, (Date.now() - Date.parse(iso)) / 1000);
  if (s < 45) return "just now";
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86400) return `${Math.round(s / 3600)} h ago`;
  return new Date(iso).toLocaleDateString(undefined, { month: "short", day: "numeric", year: "numeric" });
}

function toast(message: string, kind: "info" | "error" | "success" = "info") {
  const node = el("div", { class: `toast toast-${kind}`, role: kind === "error" ? "alert" : "status", text: message });
  $("toasts").append(node);
  setTimeout(() => node.classList.add("leaving"), 3600);
  setTimeout(() => node.remove(), 4000);
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = el("textarea", { class: "offscreen" });
    area.value = text;
    document.body.append(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  }
}

const pretty = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

function textsOf(t: Template): Record<EditorId, string> {
  return {
    source: t.source,
    schema: pretty(t.schema ?? {}),
    example: pretty(t.example ?? {}),
    options: pretty(t.options ?? {}),
  };
}

/** Two editor texts mean the same: equal source, or equal JSON values. */
function sameText(id: EditorId, a: string, b: string): boolean {
  if (id === "source") return a === b;
  const pa = parseJson(a);
  const pb = parseJson(b);
  return pa.ok && pb.ok ? JSON.stringify(pa.value) === JSON.stringify(pb.value) : a === b;
}

// ---------------------------------------------------------------------------------------------- state

type Format = "pdf" | "png" | "jpg";
type Engine = "chromium" | "satori";

interface Draft {
  name: string;
  /** The latest published version, or null for a template not created yet. */
  published: Template | null;
  states: ReturnType<Editors["snapshot"]> | null;
  engine: Engine;
}

let api: Api | null = null;
let apiKey = "";
let editors: Editors;
let templates: Template[] = [];
let versions: TemplateVersion[] = [];
const drafts = new Map<string, Draft>();
let current: Draft | null = null;
let format: Format = "pdf";
let previewProblems: Problem[] = [];
let publishProblems: Problem[] = [];

// ---------------------------------------------------------------------------------------------- sign in

function showSignin(error?: string) {
  $("studio").hidden = true;
  $("signin").hidden = false;
  const box = $("key-error");
  box.hidden = !error;
  box.textContent = error ?? "";
  $<HTMLInputElement>("key-input").focus();
}

async function enter(key: string, fromTrial = false): Promise<boolean> {
  const candidate = new Api(key);
  let list: TemplateList;
  try {
    list = await candidate.json<TemplateList>("GET", "/v1/templates?limit=100");
  } catch (e) {
    if (e instanceof ApiError && (e.status === 401 || e.status === 403)) {
      sessionStorage.removeItem(KEY_STORAGE);
      showSignin(e.status === 401 ? "That key was not accepted. Check it and try again." : e.message);
      return false;
    }
    showSignin(e instanceof ApiError ? e.message : "The service could not be reached.");
    return false;
  }
  api = candidate;
  apiKey = key;
  sessionStorage.setItem(KEY_STORAGE, key);
  templates = list.data;
  $("signin").hidden = true;
  $("studio").hidden = false;
  $("account-key").textContent = `${key.slice(0, 12)}…`;
  preloadPdfJs();
  renderTemplateList();
  void loadUsage();
  void loadRenders();
  if (templates.length > 0) await openTemplate(templates[0]!.name);
  else {
    setCurrent(null);
    if (!fromTrial) openNewDialog();
  }
  return true;
}

function wireSignin() {
  $("key-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const input = $<HTMLInputElement>("key-input");
    const key = input.value.trim();
    if (!key) return;
    const button = $<HTMLButtonElement>("key-submit");
    button.disabled = true;
    try {
      if (await enter(key)) input.value = "";
    } finally {
      button.disabled = false;
    }
  });
  $("trial-button").addEventListener("click", async () => {
    const button = $<HTMLButtonElement>("trial-button");
    const errorBox = $("trial-error");
    button.disabled = true;
    button.textContent = "Starting your trial…";
    errorBox.hidden = true;
    try {
      const trial = await startTrial();
      if (await enter(trial.api_key, true)) {
        $("trial-key").textContent = trial.api_key;
        $<HTMLDialogElement>("trial-dialog").showModal();
      }
    } catch (e) {
      errorBox.hidden = false;
      errorBox.textContent =
        e instanceof ApiError && e.status === 429
          ? `Too many trials from this address: try again ${e.retryAfter ? `in ${Math.ceil(e.retryAfter / 60)} min` : "later"}, or use an API key.`
          : e instanceof ApiError
            ? e.message
            : "The service could not be reached.";
    } finally {
      button.disabled = false;
      button.textContent = "Start a free trial";
    }
  });
  // A new trial has no template yet: closing its key leads straight to making one.
  $("trial-dialog").addEventListener("close", () => {
    if (!current && templates.length === 0) openNewDialog();
  });
  $("trial-copy").addEventListener("click", async () => {
    if (await copyText($("trial-key").textContent ?? "")) toast("API key copied", "success");
  });
  $("signout-button").addEventListener("click", () => {
    sessionStorage.removeItem(KEY_STORAGE);
    api = null;
    apiKey = "";
    drafts.clear();
    versionCache.clear();
    templates = [];
    setCurrent(null);
    $("account-menu").hidden = true;
    showSignin();
  });
}

async function loadUsage() {
  if (!api) return;
  try {
    const usage = await api.json<{
      plan: string;
      units: { used: number; included: number; remaining: number };
      trial: { renders_total: number; renders_remaining: number } | null;
    }>("GET", "/v1/usage");
    const plan = usage.plan.charAt(0).toUpperCase() + usage.plan.slice(1);
    $("account-plan").textContent = usage.trial
      ? `Trial · ${usage.trial.renders_remaining} of ${usage.trial.renders_total} left`
      : `${plan} plan`;
    $("account-usage").textContent = usage.trial
      ? `Trial, ${usage.trial.renders_remaining} renders left`
      : `${plan}, ${usage.units.used} unit${usage.units.used === 1 ? "" : "s"} this month`;
  } catch {
    $("account-plan").textContent = "Account";
  }
}

// ---------------------------------------------------------------------------------------------- templates

function renderTemplateList() {
  const list = $("template-list");
  const items: HTMLElement[] = [];
  const names = new Set(templates.map((t) => t.name));
  const unsaved = [...drafts.values()].filter((d) => !d.published && !names.has(d.name));
  for (const d of unsaved) items.push(templateItem(d.name, "draft", "not published yet"));
  for (const t of templates)
    items.push(templateItem(t.name, `v${t.latest_version}`, t.description || `updated ${ago(t.updated_at)}`));
  if (items.length === 0) items.push(el("li", { class: "empty", text: "No templates yet." }));
  list.replaceChildren(...items);
}

function templateItem(name: string, badge: string, sub: string): HTMLElement {
  const active = current?.name === name;
  const button = el(
    "button",
    { class: "item", "data-template": name, ...(active ? { "aria-current": "true" } : {}) },
    el("span", { class: "item-title", text: name }),
    el("span", { class: `badge${badge === "draft" ? " badge-draft" : ""}`, text: badge }),
    el("span", { class: "item-sub", text: sub }),
  );
  button.addEventListener("click", () => void openTemplate(name));
  return el("li", {}, button);
}

function saveCurrentDraft() {
  if (current) current.states = editors.snapshot();
}

async function openTemplate(name: string) {
  if (current?.name === name) return;
  saveCurrentDraft();
  const kept = drafts.get(name);
  if (kept?.states) {
    setCurrent(kept);
    editors.restore(kept.states);
  } else {
    if (!api) return;
    let template: Template;
    try {
      template = await api.json<Template>("GET", `/v1/templates/${encodeURIComponent(name)}`);
    } catch (e) {
      toast(e instanceof ApiError ? e.message : "Could not load the template.", "error");
      return;
    }
    const draft: Draft = { name, published: template, states: null, engine: template.engine };
    drafts.set(name, draft);
    setCurrent(draft);
    editors.load(textsOf(template));
  }
  afterLoad();
}

function setCurrent(draft: Draft | null) {
  current = draft;
  previewProblems = [];
  publishProblems = [];
  versions = [];
  $<HTMLSelectElement>("engine-select").value = draft?.engine ?? "chromium";
  renderTemplateList();
  renderVersions();
  updateTitle();
  $("studio").classList.toggle("no-template", !draft);
  updateActions();
}

/** Publish needs a template; curl, compare and render need a published version. */
function updateActions() {
  $<HTMLButtonElement>("publish-button").disabled = !current;
  for (const id of ["curl-button", "compare-button", "render-button"])
    $<HTMLButtonElement>(id).disabled = !current?.published;
}

function afterLoad() {
  // A preview still on its way belongs to what was open before.
  previewSeq++;
  previewAbort?.abort();
  publishProblems = [];
  previewProblems = [];
  refreshVariables();
  updateProblems();
  updateDirty();
  void loadVersions();
  clearPreview();
  schedulePreview(0);
}

function updateTitle() {
  $("doc-name").textContent = current?.name ?? "No template";
  const version = $("doc-version");
  version.textContent = current ? (current.published ? `v${current.published.latest_version}` : "draft") : "";
  version.className = `badge${current && !current.published ? " badge-draft" : ""}`;
  $("publish-button").textContent = current && !current.published ? "Create" : "Publish";
}

function isDirty(): boolean {
  if (!current) return false;
  if (!current.published) return true;
  const texts = textsOf(current.published);
  return (
    EDITOR_IDS.some((id) => !sameText(id, editors.text(id), texts[id])) || current.engine !== current.published.engine
  );
}

function updateDirty() {
  $("doc-dirty").hidden = !(current?.published && isDirty());
}

// ---------------------------------------------------------------------------------------------- new template

function openNewDialog() {
  const list = $("starter-list");
  list.replaceChildren(
    el("legend", { text: "Start from" }),
    ...STARTERS.map((s, i) => {
      const input = el("input", { type: "radio", name: "starter", value: s.id });
      if (i === 0) input.checked = true;
      return el(
        "label",
        { class: "starter" },
        input,
        el("span", { class: "starter-title", text: s.label }),
        el("span", { class: "starter-sub", text: s.description }),
      );
    }),
  );
  $("new-error").hidden = true;
  $<HTMLInputElement>("new-name").value = "";
  $<HTMLDialogElement>("new-dialog").showModal();
  $<HTMLInputElement>("new-name").focus();
}

function wireNewDialog() {
  $("new-button").addEventListener("click", openNewDialog);
  $("new-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = $<HTMLInputElement>("new-name").value.trim().toLowerCase();
    const error = $("new-error");
    const starterId = (new FormData(event.target as HTMLFormElement).get("starter") as string) ?? "hello";
    if (!/^[a-z0-9][a-z0-9._-]{0,62}$/.test(name)) {
      error.hidden = false;
      error.textContent =
        "A name starts with a letter or digit, then up to 62 letters, digits, dots, dashes or underscores.";
      return;
    }
    if (templates.some((t) => t.name === name) || drafts.has(name)) {
      error.hidden = false;
      error.textContent = `A template named “${name}” already exists: open it from the list.`;
      return;
    }
    const starter = STARTERS.find((s) => s.id === starterId) ?? STARTERS[0]!;
    saveCurrentDraft();
    const draft: Draft = { name, published: null, states: null, engine: "chromium" };
    drafts.set(name, draft);
    setCurrent(draft);
    editors.load(starter.texts);
    $<HTMLDialogElement>("new-dialog").close();
    afterLoad();
    selectTab("source");
    editors.views.source.focus();
  });
}

// ---------------------------------------------------------------------------------------------- editors, tabs, problems

function selectTab(id: EditorId) {
  for (const button of document.querySelectorAll<HTMLButtonElement>(".tabs [data-tab]"))
    button.setAttribute("aria-selected", String(button.dataset.tab === id));
  for (const host of document.querySelectorAll<HTMLElement>("[data-editor-host]"))
    host.hidden = host.dataset.editorHost !== id;
  editors.views[id].requestMeasure();
}

/** Names the Liquid completion offers: the schema's properties, else the example's keys. */
function refreshVariables() {
  const schema = parseJson(editors.text("schema"));
  const example = parseJson(editors.text("example"));
  const schemaValue = schema.ok ? (schema.value as Record<string, unknown>) : {};
  const exampleValue = example.ok ? example.value : {};
  const propsOfSchema = (node: unknown): string[] =>
    node && typeof node === "object" && (node as { properties?: object }).properties
      ? Object.keys((node as { properties: object }).properties)
      : [];
  const keysOf = (v: unknown) => (v && typeof v === "object" && !Array.isArray(v) ? Object.keys(v) : []);
  const names = [...new Set([...propsOfSchema(schemaValue), ...keysOf(exampleValue)])].sort();
  editors.setVariables(names, (path) => {
    let s: unknown = schemaValue;
    let v: unknown = exampleValue;
    for (const segment of path) {
      const sp = (s as { properties?: Record<string, unknown>; items?: unknown } | undefined) ?? {};
      s = segment === "[]" ? sp.items : sp.properties?.[segment];
      v = v && typeof v === "object" ? (Array.isArray(v) ? v[0] : (v as Record<string, unknown>)[segment]) : undefined;
    }
    return [...new Set([...propsOfSchema(s), ...keysOf(Array.isArray(v) ? v[0] : v)])].sort();
  });
}

function allProblems(): Problem[] {
  return [...publishProblems, ...previewProblems];
}

function updateProblems() {
  const problems = allProblems();
  editors.setServerDiagnostics(diagnosticsByEditor(problems));
  // Local JSON errors come first: they stop the preview.
  const local: Problem[] = [];
  for (const id of EDITOR_IDS) {
    const n = editors.jsonErrors(id);
    if (n > 0)
      local.push({
        severity: "error",
        editor: id,
        path: id,
        message: `${TAB_LABELS[id]} is not valid JSON${n > 1 ? ` (${n} errors)` : ""}: the preview waits for it.`,
        diagnostic: null,
      });
  }
  const shown = [...local, ...problems];
  for (const button of document.querySelectorAll<HTMLButtonElement>(".tabs [data-tab]")) {
    const id = button.dataset.tab as EditorId;
    const errors = shown.filter((p) => p.editor === id && p.severity === "error").length;
    const warnings = shown.filter((p) => p.editor === id && p.severity === "warning").length;
    const count = button.querySelector<HTMLElement>(".count")!;
    count.hidden = errors + warnings === 0;
    count.textContent = String(errors || warnings);
    count.dataset.severity = errors ? "error" : "warning";
  }
  const list = $("problem-list");
  const errors = shown.filter((p) => p.severity === "error").length;
  const warnings = shown.length - errors;
  $("problem-summary").textContent =
    shown.length === 0
      ? "None"
      : [
          errors ? `${errors} error${errors > 1 ? "s" : ""}` : "",
          warnings ? `${warnings} warning${warnings > 1 ? "s" : ""}` : "",
        ]
          .filter(Boolean)
          .join(", ");
  $("problems").dataset.state = errors ? "error" : warnings ? "warning" : "clean";
  list.replaceChildren(
    ...shown.map((p) => {
      const where = p.editor ? `${TAB_LABELS[p.editor]}${lineOf(p) ? ` · line ${lineOf(p)}` : ""}` : "";
      const item = el(
        "li",
        { class: `problem problem-${p.severity}`, "data-editor": p.editor ?? "", "data-path": p.path },
        el("span", { class: "problem-icon", "aria-label": p.severity, text: p.severity === "error" ? "✕" : "!" }),
        el("span", { class: "problem-message" }, rich(p.message)),
        el("span", { class: "problem-where", text: where || p.path }),
      );
      if (p.editor) {
        item.tabIndex = 0;
        item.addEventListener("click", () => reveal(p));
        item.addEventListener("keydown", (e) => e.key === "Enter" && reveal(p));
      }
      return item;
    }),
  );
}

function lineOf(p: Problem): number | null {
  if (!p.editor || !p.diagnostic) return null;
  const doc = editors.views[p.editor].state.doc;
  const span = p.diagnostic.locate(doc.toString());
  return span ? doc.lineAt(Math.min(span.from, doc.length)).number : null;
}

function reveal(p: Problem) {
  if (!p.editor) return;
  selectTab(p.editor);
  const view = editors.views[p.editor];
  const span = p.diagnostic?.locate(view.state.doc.toString());
  if (span) {
    const from = Math.min(span.from, view.state.doc.length);
    view.dispatch({ selection: EditorSelection.cursor(from), scrollIntoView: true });
  }
  view.focus();
}

// ---------------------------------------------------------------------------------------------- preview

let previewTimer: ReturnType<typeof setTimeout> | null = null;
let previewAbort: AbortController | null = null;
let previewSeq = 0;
let imageUrl: string | null = null;

function setStatus(state: "idle" | "pending" | "busy" | "ok" | "error" | "warn", text: string) {
  const status = $("preview-status");
  status.dataset.state = state;
  status.querySelector("span")!.textContent = text;
}

function schedulePreview(delay = PREVIEW_DELAY_MS) {
  if (previewTimer) clearTimeout(previewTimer);
  if (!current) return;
  setStatus("pending", "Waiting for you to pause…");
  previewTimer = setTimeout(() => void runPreview(), delay);
}

function clearPreview() {
  $("preview-pages").replaceChildren();
  $("preview-empty").hidden = false;
  $("preview-banner").hidden = true;
  $("preview-scroll").classList.remove("stale");
}

function markStale(message: string) {
  const banner = $("preview-banner");
  banner.hidden = false;
  banner.replaceChildren(rich(message));
  $("preview-scroll").classList.add("stale");
  // With no earlier preview to keep showing, the empty state says what the preview waits for.
  if (!$("preview-pages").childElementCount)
    $("preview-empty").textContent = "The preview appears here once the problems above are fixed.";
}

function jsonOrNull(id: EditorId): { ok: true; value: unknown } | { ok: false } {
  const parsed = parseJson(editors.text(id));
  return parsed.ok ? parsed : { ok: false };
}

async function runPreview() {
  previewTimer = null;
  if (!api || !current) return;
  const seq = ++previewSeq;
  previewAbort?.abort();
  const source = editors.text("source");
  const parts = { schema: jsonOrNull("schema"), example: jsonOrNull("example"), options: jsonOrNull("options") };
  const broken = (Object.keys(parts) as Array<keyof typeof parts>).filter((k) => !parts[k].ok);
  if (broken.length) {
    previewAbort = null;
    setStatus("warn", `Fix the JSON in ${broken.map((k) => TAB_LABELS[k]).join(", ")}`);
    markStale(
      `Out of date: ${broken.map((k) => TAB_LABELS[k]).join(", ")} ${broken.length > 1 ? "are" : "is"} not valid JSON yet.`,
    );
    return;
  }
  if (!source.trim()) {
    previewAbort = null;
    clearPreview();
    $("preview-empty").textContent = "Write some HTML in Source to see it here.";
    setStatus("idle", "Nothing to preview");
    return;
  }
  const controller = new AbortController();
  previewAbort = controller;
  const body = {
    source,
    engine: current.engine,
    schema: (parts.schema as { value: unknown }).value,
    options: (parts.options as { value: unknown }).value,
    data: (parts.example as { value: unknown }).value,
    format,
  };
  setStatus("busy", "Rendering…");
  const started = performance.now();
  try {
    const result = await api.preview(body, controller.signal);
    if (seq !== previewSeq) return;
    const pages = $("preview-pages");
    const width = Math.max(320, Math.min(1400, $("preview-scroll").clientWidth - 48));
    let nodes: HTMLElement[];
    if (result.contentType === "application/pdf") {
      const canvases = await drawPdf(result.bytes, width, () => seq !== previewSeq);
      if (!canvases || seq !== previewSeq) return;
      nodes = canvases;
    } else {
      const url = URL.createObjectURL(new Blob([result.bytes], { type: result.contentType }));
      const img = el("img", { class: "page image", alt: "Preview", src: url });
      await img.decode().catch(() => undefined);
      if (seq !== previewSeq) {
        URL.revokeObjectURL(url);
        return;
      }
      if (imageUrl) URL.revokeObjectURL(imageUrl);
      imageUrl = url;
      nodes = [img];
    }
    pages.replaceChildren(...nodes);
    pages.dataset.seq = String(seq);
    pages.dataset.format = format;
    pages.dataset.pages = String(result.pageCount);
    $("preview-empty").hidden = true;
    $("preview-banner").hidden = true;
    $("preview-scroll").classList.remove("stale");
    previewProblems = problemsOfWarnings(result.warnings);
    const ms = Math.round(performance.now() - started);
    const pagesText =
      format === "pdf"
        ? `${result.pageCount} page${result.pageCount === 1 ? "" : "s"}${result.truncated ? " (first shown)" : ""}`
        : format.toUpperCase();
    setStatus(
      result.warnings.length ? "warn" : "ok",
      `${pagesText} · ${ms} ms${result.warnings.length ? ` · ${result.warnings.length} warning${result.warnings.length > 1 ? "s" : ""}` : ""}`,
    );
  } catch (e) {
    if (controller.signal.aborted || seq !== previewSeq) return;
    if (e instanceof ApiError) {
      if (e.status === 429) {
        const wait = e.retryAfter ?? 5;
        setStatus("warn", `Preview limit reached: next try in ${wait} s`);
        previewTimer = setTimeout(() => void runPreview(), wait * 1000);
        return;
      }
      previewProblems = problemsOfError(e);
      const first = previewProblems[0];
      const where = first?.editor
        ? ` in ${TAB_LABELS[first.editor]}${lineOf(first) ? `, line ${lineOf(first)}` : ""}`
        : "";
      const headline: Record<string, string> = {
        validation_error: "The example data does not match the schema",
        render_failed: "The template failed to render",
        invalid_request: "The template has an error",
        asset_blocked: "An asset was blocked",
      };
      setStatus("error", headline[e.type] ?? e.message);
      markStale(
        `Out of date: ${previewProblems.length} problem${previewProblems.length > 1 ? "s" : ""}${where}. ${first?.message ?? e.message}`,
      );
    } else {
      setStatus("error", "The service could not be reached");
      markStale("Out of date: the service could not be reached.");
    }
  } finally {
    if (previewAbort === controller) previewAbort = null;
  }
  if (seq === previewSeq) updateProblems();
}

function wirePreview() {
  for (const button of document.querySelectorAll<HTMLButtonElement>(".preview-bar [data-format]")) {
    button.addEventListener("click", () => {
      format = button.dataset.format as Format;
      for (const b of document.querySelectorAll<HTMLButtonElement>(".preview-bar [data-format]"))
        b.setAttribute("aria-checked", String(b === button));
      schedulePreview(0);
    });
  }
  $<HTMLSelectElement>("engine-select").addEventListener("change", (e) => {
    if (!current) return;
    current.engine = (e.target as HTMLSelectElement).value as Engine;
    updateDirty();
    schedulePreview(0);
  });
}

// ---------------------------------------------------------------------------------------------- publish

function openPublishDialog() {
  if (!current) return;
  const broken = EDITOR_IDS.filter((id) => editors.jsonErrors(id) > 0);
  const isNew = !current.published;
  const next = isNew ? 1 : current.published!.latest_version + 1;
  $("publish-title").textContent = isNew ? `Create ${current.name}` : `Publish ${current.name} v${next}`;
  $("publish-lede").textContent = isNew
    ? "Creates the template with this source, schema, example and options as version 1."
    : `Version ${next} becomes what renders of “${current.name}” use; v${next - 1} stays available as ${current.name}@${next - 1}.`;
  $("publish-submit").textContent = isNew ? "Create v1" : `Publish v${next}`;
  const error = $("publish-error");
  error.hidden = broken.length === 0;
  error.textContent = broken.length ? `Fix the JSON in ${broken.map((id) => TAB_LABELS[id]).join(", ")} first.` : "";
  $<HTMLButtonElement>("publish-submit").disabled = broken.length > 0;
  $<HTMLInputElement>("publish-message").value = "";
  $<HTMLDialogElement>("publish-dialog").showModal();
  $<HTMLInputElement>("publish-message").focus();
}

async function publish() {
  if (!api || !current) return;
  const draft = current;
  const message = $<HTMLInputElement>("publish-message").value.trim();
  const value = (id: EditorId) => (parseJson(editors.text(id)) as { value: unknown }).value;
  const definition = {
    source: editors.text("source"),
    engine: draft.engine,
    schema: value("schema"),
    options: value("options"),
    example: value("example"),
    ...(message ? { message } : {}),
  };
  const submit = $<HTMLButtonElement>("publish-submit");
  submit.disabled = true;
  const error = $("publish-error");
  error.hidden = true;
  try {
    const template = draft.published
      ? await api.json<Template>("POST", `/v1/templates/${encodeURIComponent(draft.name)}/versions`, definition)
      : await api.json<Template>("POST", "/v1/templates", { name: draft.name, ...definition });
    draft.published = template;
    publishProblems = problemsOfWarnings(template.warnings ?? []);
    $<HTMLDialogElement>("publish-dialog").close();
    toast(template.version === 1 ? `Created ${template.name} (v1)` : `Published ${template.ref}`, "success");
    const list = await api.json<TemplateList>("GET", "/v1/templates?limit=100").catch(() => null);
    if (list) templates = list.data;
    renderTemplateList();
    updateTitle();
    updateActions();
    updateDirty();
    updateProblems();
    await loadVersions();
  } catch (e) {
    if (e instanceof ApiError) {
      const problems = problemsOfError(e).map((p) => (p.path === "name" ? { ...p, editor: null } : p));
      publishProblems = problems.filter((p) => p.editor);
      updateProblems();
      error.hidden = false;
      error.textContent =
        problems.length > 1
          ? `${e.message} (${problems.length} problems, listed under the editor)`
          : (problems[0]?.message ?? e.message);
    } else {
      error.hidden = false;
      error.textContent = "The service could not be reached.";
    }
  } finally {
    submit.disabled = false;
  }
}

function wirePublish() {
  $("publish-button").addEventListener("click", openPublishDialog);
  $("publish-form").addEventListener("submit", (event) => {
    event.preventDefault();
    void publish();
  });
  document.addEventListener("keydown", (e) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "s" && !$("studio").hidden) {
      e.preventDefault();
      if (!document.querySelector("dialog[open]")) openPublishDialog();
    }
  });
}

// ---------------------------------------------------------------------------------------------- versions and diff

async function loadVersions() {
  if (!api || !current?.published) {
    versions = [];
    renderVersions();
    return;
  }
  const name = current.name;
  try {
    const list = await api.json<TemplateVersionList>(
      "GET",
      `/v1/templates/${encodeURIComponent(name)}/versions?limit=100`,
    );
    if (current?.name !== name) return;
    versions = [...list.data].sort((a, b) => b.version - a.version);
  } catch {
    versions = [];
  }
  renderVersions();
}

function renderVersions() {
  const list = $("version-list");
  if (!current) return list.replaceChildren(el("li", { class: "empty", text: "Open a template to see its versions." }));
  if (!current.published)
    return list.replaceChildren(el("li", { class: "empty", text: "Not published yet: Create makes v1." }));
  if (versions.length === 0) return list.replaceChildren(el("li", { class: "empty", text: "Loading…" }));
  list.replaceChildren(
    ...versions.map((v) => {
      const compare = el("button", {
        class: "small ghost",
        text: "Diff",
        title: v.version > 1 ? `Compare v${v.version - 1} → v${v.version}` : "Compare with the latest",
      });
      compare.addEventListener(
        "click",
        () =>
          void openDiff(v.version > 1 ? v.version - 1 : v.version, v.version > 1 ? v.version : versions[0]!.version),
      );
      const load = el("button", {
        class: "small ghost",
        text: "Load",
        title: `Load v${v.version} into the editors (as unsaved changes)`,
      });
      load.addEventListener("click", () => void loadVersion(v.version));
      return el(
        "li",
        { class: "version", "data-version": String(v.version) },
        el(
          "div",
          { class: "version-line" },
          el("span", { class: "badge", text: `v${v.version}` }),
          el("span", { class: "version-message", text: v.message || "No message" }),
          el("span", { class: "version-actions" }, compare, load),
        ),
        el("span", { class: "item-sub", text: ago(v.created_at) }),
      );
    }),
  );
}

const versionCache = new Map<string, Template>();
async function fetchVersion(name: string, version: number): Promise<Template> {
  const key = `${name}@${version}`;
  const hit = versionCache.get(key);
  if (hit) return hit;
  const template = await api!.json<Template>("GET", `/v1/templates/${encodeURIComponent(name)}@${version}`);
  versionCache.set(key, template);
  return template;
}

async function loadVersion(version: number) {
  if (!current) return;
  try {
    const template = await fetchVersion(current.name, version);
    editors.load(textsOf(template));
    current.engine = template.engine;
    $<HTMLSelectElement>("engine-select").value = template.engine;
    afterLoad();
    toast(`Loaded v${version} into the editors: publish to make it the latest`, "info");
  } catch (e) {
    toast(e instanceof ApiError ? e.message : "Could not load that version.", "error");
  }
}

let diffField: DiffField = "source";
let diffCleanup: (() => void) | null = null;

async function openDiff(a?: number, b?: number) {
  if (!current?.published) {
    toast("Publish the template first: there is nothing to compare yet.", "info");
    return;
  }
  if (versions.length === 0) await loadVersions();
  const latest = current.published.latest_version;
  const options = versions.length ? versions.map((v) => v.version) : [latest];
  for (const id of ["diff-a", "diff-b"]) {
    $<HTMLSelectElement>(id).replaceChildren(
      ...options.map((n) =>
        el("option", {
          value: String(n),
          text: `v${n}${versions.find((v) => v.version === n)?.message ? ` — ${versions.find((v) => v.version === n)!.message}` : ""}`,
        }),
      ),
    );
  }
  $<HTMLSelectElement>("diff-a").value = String(a ?? Math.max(1, latest - 1));
  $<HTMLSelectElement>("diff-b").value = String(b ?? latest);
  const dialog = $<HTMLDialogElement>("diff-dialog");
  if (!dialog.open) dialog.showModal();
  await drawDiff();
}

async function drawDiff() {
  if (!current) return;
  const name = current.name;
  const a = Number($<HTMLSelectElement>("diff-a").value);
  const b = Number($<HTMLSelectElement>("diff-b").value);
  const host = $("diff-host");
  host.dataset.state = "loading";
  try {
    const [ta, tb] = await Promise.all([fetchVersion(name, a), fetchVersion(name, b)]);
    diffCleanup?.();
    diffCleanup = await showDiff(host, fieldText(ta, diffField), fieldText(tb, diffField), diffField);
    const meta = (t: Template) => `${t.ref} · ${t.message || "no message"} · ${ago(t.version_created_at)}`;
    $("diff-meta-a").textContent = meta(ta);
    $("diff-meta-b").textContent = meta(tb);
    host.dataset.state = "ready";
    host.dataset.pair = `${a}:${b}:${diffField}`;
  } catch (e) {
    host.dataset.state = "error";
    host.replaceChildren(
      el("p", { class: "form-error", text: e instanceof ApiError ? e.message : "Could not load the versions." }),
    );
  }
}

function wireDiff() {
  $("compare-button").addEventListener("click", () => void openDiff());
  $("diff-a").addEventListener("change", () => void drawDiff());
  $("diff-b").addEventListener("change", () => void drawDiff());
  for (const button of document.querySelectorAll<HTMLButtonElement>("#diff-fields [data-field]")) {
    button.addEventListener("click", () => {
      diffField = button.dataset.field as DiffField;
      for (const b of document.querySelectorAll<HTMLButtonElement>("#diff-fields [data-field]"))
        b.setAttribute("aria-checked", String(b === button));
      void drawDiff();
    });
  }
}

// ---------------------------------------------------------------------------------------------- renders and curl

async function loadRenders() {
  if (!api) return;
  const list = $("render-list");
  try {
    const renders = await api.json<RenderList>("GET", "/v1/renders?limit=10");
    if (renders.data.length === 0)
      return list.replaceChildren(
        el("li", { class: "empty", text: "No renders yet. Render, or copy the curl command." }),
      );
    list.replaceChildren(
      ...renders.data.map((r) => {
        const title = el("span", { class: "item-title", text: r.template });
        const status = el("span", {
          class: `pill pill-${r.status}`,
          text: r.status === "succeeded" ? r.format.toUpperCase() : r.status,
        });
        const sub = el("span", {
          class: "item-sub",
          text: `${ago(r.created_at)}${r.page_count ? ` · ${r.page_count} p.` : ""}${r.cached ? " · cached" : ""}`,
        });
        if (r.url)
          return el(
            "li",
            { "data-render": r.id },
            el(
              "a",
              { class: "item", href: r.url, target: "_blank", rel: "noopener", title: `Open ${r.id}` },
              title,
              status,
              sub,
            ),
          );
        return el(
          "li",
          { "data-render": r.id },
          el("div", { class: "item", title: r.error?.message ?? r.id }, title, status, sub),
        );
      }),
    );
  } catch {
    list.replaceChildren(el("li", { class: "empty", text: "Could not load renders." }));
  }
}

function renderRequest(): { template: string; data: unknown; format?: string } | null {
  if (!current?.published) return null;
  const data = parseJson(editors.text("example"));
  const defaultFormat = current.published.engine === "satori" ? "png" : "pdf";
  return {
    template: `${current.name}@${current.published.latest_version}`,
    data: data.ok ? data.value : {},
    ...(format !== defaultFormat ? { format } : {}),
  };
}

function drawCurl() {
  const request = renderRequest();
  if (!request) return;
  $("curl-text").textContent = curlCommand(
    location.origin,
    request,
    $<HTMLInputElement>("curl-key").checked ? apiKey : null,
  );
}

function wireRendersAndCurl() {
  $("renders-refresh").addEventListener("click", () => void loadRenders());
  $("render-button").addEventListener("click", async () => {
    const request = renderRequest();
    if (!api || !request) return toast("Create the template first: a render uses a published version.", "info");
    const button = $<HTMLButtonElement>("render-button");
    button.disabled = true;
    try {
      const render = await api.json<Render>("POST", "/v1/render", request);
      toast(render.status === "queued" ? `Render ${render.id} queued` : `Rendered ${render.template}`, "success");
      await loadRenders();
      void loadUsage();
    } catch (e) {
      toast(e instanceof ApiError ? e.message : "The service could not be reached.", "error");
    } finally {
      button.disabled = false;
    }
  });
  $("curl-button").addEventListener("click", () => {
    if (!current?.published) return toast("Create the template first: a render uses a published version.", "info");
    $("curl-lede").textContent = isDirty()
      ? `Renders ${current.name}@${current.published.latest_version} with the example data. Your unsaved edits are not in that version: publish them first.`
      : `Renders ${current.name}@${current.published.latest_version} with the example data. Set FOLIO_API_KEY first, or include your key.`;
    drawCurl();
    $<HTMLDialogElement>("curl-dialog").showModal();
  });
  $("curl-key").addEventListener("change", drawCurl);
  $("curl-copy").addEventListener("click", async () => {
    if (await copyText($("curl-text").textContent ?? "")) toast("curl command copied", "success");
    else toast("Could not copy: select the text and copy it by hand.", "error");
  });
}

// ---------------------------------------------------------------------------------------------- boot

function wireDialogs() {
  for (const button of document.querySelectorAll<HTMLElement>("dialog [data-close]"))
    button.addEventListener("click", () => button.closest("dialog")!.close());
  $("diff-dialog").addEventListener("close", () => {
    diffCleanup?.();
    diffCleanup = null;
  });
  const menu = $("account-menu");
  $("account-button").addEventListener("click", (e) => {
    e.stopPropagation();
    menu.hidden = !menu.hidden;
    $("account-button").setAttribute("aria-expanded", String(!menu.hidden));
  });
  document.addEventListener("click", (e) => {
    if (!menu.hidden && !menu.contains(e.target as Node)) menu.hidden = true;
  });
}

function boot() {
  const hosts = Object.fromEntries(
    EDITOR_IDS.map((id) => [id, document.querySelector<HTMLElement>(`[data-editor-host="${id}"]`)!]),
  ) as Record<EditorId, HTMLElement>;
  editors = createEditors(hosts);
  editors.onChange((id) => {
    if (!current) return;
    // A keystroke only sets timers: the checks run when typing pauses, the network after the preview delay.
    publishProblems = publishProblems.filter((p) => p.editor !== id);
    if (id === "schema" || id === "example") variablesStale = true;
    schedulePreview();
    queueProblemRefresh();
  });
  for (const button of document.querySelectorAll<HTMLButtonElement>(".tabs [data-tab]"))
    button.addEventListener("click", () => selectTab(button.dataset.tab as EditorId));
  wireSignin();
  wireNewDialog();
  wirePreview();
  wirePublish();
  wireDiff();
  wireRendersAndCurl();
  wireDialogs();
  setCurrent(null);
  const key = sessionStorage.getItem(KEY_STORAGE);
  if (key) void enter(key);
  else showSignin();
}

/** The problem list, tab counts, "unsaved" mark and completions follow the text shortly after typing, never on the keystroke. */
let problemRefresh: ReturnType<typeof setTimeout> | null = null;
let variablesStale = false;
function queueProblemRefresh() {
  if (problemRefresh) clearTimeout(problemRefresh);
  problemRefresh = setTimeout(() => {
    problemRefresh = null;
    if (variablesStale) refreshVariables();
    variablesStale = false;
    updateDirty();
    updateProblems();
  }, 150);
}

boot();
