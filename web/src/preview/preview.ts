// The preview controller: a preview runs when typing pauses; a newer one abandons an older one still on its
// way; a 429 waits its Retry-After; a failure keeps the last good preview, marked out of date.
import { FolioError, type PreviewFile } from "@folio/sdk";
import type { Editors } from "../editors/editors";
import { problemsOfError, problemsOfWarnings } from "../problems/problems";
import type { ProblemsPanel } from "../problems/problems-panel";
import { pressOne } from "../shared/dom";
import { type Draft, type Format, type PreviewInput, previewInput } from "../state/draft";
import type { Store, StudioState } from "../state/store";
import { createXmlView } from "../xml/xml-view";
import { preloadPdfJs } from "./pdf";
import { clearPages, markStale, setStatus, showEmpty } from "./preview-pages";
import { brokenJson, previewDone, previewFailed } from "./preview-wording";
import { createShownPages } from "./shown-pages";

const PREVIEW_DELAY_MS = 300;

export type Preview = ReturnType<typeof createPreview>;

/** What the preview pane says when there is nothing to send: the JSON that does not parse, or no source yet. */
function showNothingToSend(input: Exclude<PreviewInput, { kind: "ready" }>) {
  if (input.kind === "broken") {
    const words = brokenJson(input.broken);
    setStatus("warn", words.status);
    markStale(words.stale);
  } else if (input.kind === "no-example") {
    showEmpty("This template has no example data yet. Fill in the form under Example data to see it here.");
    setStatus("idle", "Waiting for example data");
  } else {
    showEmpty("Write some HTML in Source to see it here.");
    setStatus("idle", "Nothing to preview");
  }
}

/**
 * Shows why a preview failed, keeping the last good one marked out of date; true when it is tried again by
 * itself (a 429, through `retryIn` after its Retry-After).
 */
function showFailure(
  error: unknown,
  state: StudioState,
  problems: ProblemsPanel,
  retryIn: (ms: number) => void,
): boolean {
  if (!(error instanceof FolioError)) {
    setStatus("error", "The service could not be reached");
    markStale("Out of date: the service could not be reached.");
    return false;
  }
  if (error.status === 429) {
    const wait = error.retryAfter || 5;
    setStatus("warn", `Preview limit reached: next try in ${wait} s`);
    retryIn(wait * 1000);
    return true;
  }
  const found = problemsOfError(error);
  state.problems.preview = found;
  const words = previewFailed(error, found, found[0] ? problems.lineOf(found[0]) : null);
  setStatus("error", words.status);
  markStale(words.stale);
  return false;
}

/** What a preview shown leaves behind: the PDF's page count, its warnings as problems, and the status line. */
function noteAnswer(state: StudioState, current: Draft, result: PreviewFile, shownAs: Format | "xml", ms: number) {
  // What a PDF of the example comes to: Create stores it as the template's expected_pages.
  if (shownAs === "pdf") current.previewedPages = result.pageCount;
  state.problems.preview = problemsOfWarnings(result.warnings);
  const done = previewDone(result, shownAs, ms);
  setStatus(done.state, done.text);
}

/** The PDF, PNG and JPG buttons over the preview: each sets the format and previews again at once. */
function listenToFormatButtons(state: StudioState, schedule: (delay: number) => void) {
  const formatButtons = document.querySelectorAll<HTMLButtonElement>(".preview-bar [data-format]");
  for (const button of formatButtons) {
    button.addEventListener("click", () => {
      state.format = button.dataset.format as Format;
      pressOne(formatButtons, button);
      schedule(0);
    });
  }
}

export function createPreview(store: Store, editors: Editors, problems: ProblemsPanel) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight: AbortController | null = null;
  /** Counts previews started: an answer for an older one is dropped. */
  let seq = 0;
  const { state } = store;
  const pages = createShownPages(state, () => seq);
  const xmlView = createXmlView(() => schedule(0));
  problems.attachXml(xmlView);
  const forget = () => {
    pages.forget();
    xmlView.clear();
  };

  const schedule = (delay = PREVIEW_DELAY_MS) => {
    if (timer) clearTimeout(timer);
    if (!state.current) return;
    setStatus("pending", "Waiting for you to pause…");
    timer = setTimeout(() => void run(), delay);
  };
  const retryIn = (ms: number) => {
    timer = setTimeout(() => void run(), ms);
  };

  async function run() {
    timer = null;
    const { folio, current, format } = state;
    if (!folio || !current) return;
    const mine = ++seq;
    inFlight?.abort();
    const input = previewInput(current, editors.text, format);
    if (input.kind !== "ready") {
      inFlight = null;
      if (input.kind !== "broken") forget();
      return showNothingToSend(input);
    }
    // With the e-invoice XML view open, the preview asks for the XML instead of the pages.
    const asXml = xmlView.offer(input.request.options);
    const controller = new AbortController();
    inFlight = controller;
    setStatus("busy", "Rendering…");
    const started = performance.now();
    try {
      const request = asXml ? { ...input.request, format: "xml" as const } : input.request;
      const result = await folio.preview(request, controller.signal);
      if (mine !== seq) return;
      if (asXml) {
        xmlView.show(result, mine);
        pages.xmlShown(result);
      } else if (!(await pages.draw(result, mine, format))) return;
      noteAnswer(state, current, result, asXml ? "xml" : format, Math.round(performance.now() - started));
    } catch (error) {
      if (controller.signal.aborted || mine !== seq) return;
      if (asXml) xmlView.markStale();
      if (showFailure(error, state, problems, retryIn)) return;
    } finally {
      if (inFlight === controller) inFlight = null;
    }
    if (mine === seq) problems.refresh();
  }

  /** New texts in the editors: what is on its way or shown belongs to what was open before. */
  store.on("opened", () => {
    seq++;
    inFlight?.abort();
    clearPages();
    forget();
    schedule(0);
  });
  store.on("session", preloadPdfJs);
  listenToFormatButtons(state, schedule);
  return { schedule };
}
