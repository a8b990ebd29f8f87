// The headings of a rendered docs page and the text under each: the sidebar's contents and the search's index are
// read from the page itself, so neither can name a section the page does not have. The search runs on the server:
// a query that is exactly a section's title jumps there; any other lists the sections that hold every word, those
// whose title does first. It needs no script in the page and nothing from the network.
import { escapeHtml } from "../lib/escape-html";
import { decodeEntities } from "../lib/html-entities";

/** One `<h2 id>` or `<h3 id>` of a page, with the text that follows it up to the next such heading. */
export interface Section {
  id: string;
  level: 2 | 3;
  title: string;
  text: string;
}

const HEADING = /<h([23]) id="([^"]+)"[^>]*>([\s\S]*?)<\/h\1>/g;

/** What a browser shows of some HTML: tags dropped (each a space), entities read once, spaces collapsed. */
export function plainText(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

export function sections(html: string): Section[] {
  const found = [...html.matchAll(HEADING)];
  return found.map((match, index) => {
    const end = found[index + 1]?.index ?? html.length;
    const start = (match.index ?? 0) + match[0].length;
    return {
      id: match[2] ?? "",
      level: match[1] === "2" ? 2 : 3,
      title: plainText(match[3] ?? ""),
      text: plainText(html.slice(start, end)),
    };
  });
}

/** The sections as nested lists: each h2 a link, its h3s under it in a <details> closed until opened. */
export function tableOfContents(list: Section[]): string {
  const groups: Array<{ head: Section; children: Section[] }> = [];
  for (const section of list) {
    const last = groups.at(-1);
    if (section.level === 3 && last) last.children.push(section);
    else groups.push({ head: section, children: [] });
  }
  const link = (s: Section) =>
    `<a href="#${escapeHtml(s.id)}" title="${escapeHtml(s.title)}">${escapeHtml(s.title)}</a>`;
  const items = groups.map(({ head, children }) =>
    children.length
      ? `<li><details><summary>${link(head)}</summary><ul class="toc">` +
        `${children.map((c) => `<li>${link(c)}</li>`).join("")}</ul></details></li>`
      : `<li>${link(head)}</li>`,
  );
  return `<ul class="toc">${items.join("")}</ul>`;
}

export interface DocsBody {
  path: string;
  name: string;
  body: string;
}

interface Hit {
  url: string;
  page: string;
  title: string;
  snippet: string;
  inTitle: boolean;
}

const MAX_HITS = 50;
const AROUND = 90;

/** A piece of the section's text around the first word found, each word asked for marked. */
function snippet(text: string, words: string[]): string {
  const lower = text.toLowerCase();
  const at = Math.max(0, Math.min(...words.map((w) => lower.indexOf(w)).filter((i) => i >= 0)));
  const start = Math.max(0, at - AROUND);
  const piece = `${start > 0 ? "…" : ""}${text.slice(start, at + AROUND * 2)}${at + AROUND * 2 < text.length ? "…" : ""}`;
  const pattern = new RegExp(`(${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})`, "gi");
  return piece
    .split(pattern)
    .map((part, i) => (i % 2 ? `<mark>${escapeHtml(part)}</mark>` : escapeHtml(part)))
    .join("");
}

/**
 * The characters of a query the search reads (served unauthenticated, it costs CPU per word: a 60 KB query held the
 * Worker 4.8 s); the rest is left out, in whole characters.
 */
export const MAX_QUERY_CHARACTERS = 200;

export function searchedQuery(asked: string): string {
  return Array.from(asked.slice(0, 2 * MAX_QUERY_CHARACTERS))
    .slice(0, MAX_QUERY_CHARACTERS)
    .join("");
}

/** Where the query leads: `jump`, a section titled exactly so, or the sections that hold every word. */
export function searchDocs(baseUrl: string, pages: DocsBody[], query: string): { jump?: string; hits: Hit[] } {
  const asked = query.trim().toLowerCase().replace(/\s+/g, " ");
  const words = asked.split(" ").filter(Boolean);
  if (!words.length) return { hits: [] };
  const all = pages.flatMap((page) =>
    sections(page.body).map((section) => ({ ...section, url: `${baseUrl}${page.path}#${section.id}`, page })),
  );
  const exact = all.find((section) => section.title.toLowerCase() === asked);
  if (exact) return { jump: exact.url, hits: [] };
  const hits = all
    .filter((s) => words.every((w) => `${s.title} ${s.text}`.toLowerCase().includes(w)))
    .map((s) => ({
      url: s.url,
      page: s.page.name,
      title: s.title,
      snippet: snippet(s.text || s.title, words),
      inTitle: words.every((w) => s.title.toLowerCase().includes(w)),
    }));
  // A stable sort: sections whose title holds every word first, each group in the order the pages give them.
  return { hits: [...hits.filter((h) => h.inTitle), ...hits.filter((h) => !h.inTitle)].slice(0, MAX_HITS) };
}

/** The results page's body. */
export function searchResults(query: string, hits: Hit[]): string {
  const items = hits.map(
    (hit) =>
      `<div class="result"><a href="${escapeHtml(hit.url)}"><strong>${escapeHtml(hit.title)}</strong></a> ` +
      `<span class="muted">${escapeHtml(hit.page)}</span><p>${hit.snippet}</p></div>`,
  );
  const summary = !query.trim()
    ? "Type a few words: an endpoint, an option, an error, a CLI command or a tool."
    : hits.length
      ? `${hits.length}${hits.length === MAX_HITS ? "+" : ""} sections hold “${escapeHtml(query)}”.`
      : `No section holds every word of “${escapeHtml(query)}”.`;
  return `<h1>Search</h1><p class="muted">${summary}</p>${items.join("")}`;
}
