// The headings of a rendered docs page and the text under each: the sidebar's contents and the search's index are
// read from the page itself, so neither can name a section the page does not have.
import { escapeHtml } from "../lib/escape-html";

/** One `<h2 id>` or `<h3 id>` of a page, with the text that follows it up to the next such heading. */
export interface Section {
  id: string;
  level: 2 | 3;
  title: string;
  text: string;
}

const HEADING = /<h([23]) id="([^"]+)"[^>]*>([\s\S]*?)<\/h\1>/g;
const ENTITIES: Record<string, string> = { lt: "<", gt: ">", quot: '"', amp: "&", "#39": "'", "#34": '"' };

/** What a browser shows of some HTML: tags dropped (each a space), entities read once, spaces collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(lt|gt|quot|amp|#39|#34);/g, (_, name: string) => ENTITIES[name] ?? "")
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
