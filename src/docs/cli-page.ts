// /docs/cli: the `folio` command, from its own help text (`folio --help`, kept in package-reference.json by
// npm run docs:generate), so the page lists exactly the commands the CLI takes.
import { escapeHtml } from "../lib/escape-html";
import reference from "./package-reference.json";

/** A help line `  folio push [dir] [-m message]   what it does`: the usage, then its description if any. */
const COMMAND_LINE = /^ {2}(folio \S+(?: \S+)*?)(?: {2,}(.*))?$/;

export function cliPage(baseUrl: string): string {
  const lines = reference.cli.split("\n");
  const commands = lines.flatMap((line) => {
    const match = COMMAND_LINE.exec(line);
    return match ? [{ usage: match[1] ?? "", what: match[2] ?? "" }] : [];
  });
  const notes = lines.slice(1).filter((line) => line.trim() && !COMMAND_LINE.test(line));
  const rows = commands.map(
    ({ usage, what }) => `<tr><td><code>${escapeHtml(usage)}</code></td><td>${escapeHtml(what)}</td></tr>`,
  );
  const start =
    `folio login --key "$KEY" --base-url ${baseUrl}\n` +
    `folio init hello && folio preview hello      # hello/preview.pdf, watermarked, free\n` +
    `folio push hello -m "first version"\n` +
    `folio render hello --data hello/example.json -o hello.pdf`;
  return (
    `<h1>CLI: <code>folio</code></h1>\n` +
    `<p>${escapeHtml(lines[0] ?? "")}. Templates live in your repository as folders (<code>template.html</code>, ` +
    `<code>schema.json</code>, <code>example.json</code>, <code>options.json</code>, <code>folio.json</code>); ` +
    `the CLI previews them as you edit and publishes them from CI. It is built on the <a href="${baseUrl}/docs/sdk">` +
    `SDK</a>.</p>\n` +
    `<h2 id="cli-install">Install</h2><p>In a clone of the repository, <code>npm install</code> builds it and ` +
    `<code>npx folio</code> runs it. Elsewhere, install the two tarballs <code>npm pack ./packages/sdk ` +
    `./packages/cli</code> makes: <code>npm install ./folio-sdk-0.1.0.tgz ./folio-cli-0.1.0.tgz</code>.</p>` +
    `<pre>${escapeHtml(start)}</pre>\n` +
    `<h2 id="cli-commands">Commands</h2><table><tr><th>command</th><th>what it does</th></tr>${rows.join("")}</table>\n` +
    `<h2 id="cli-notes">Output and exit codes</h2>${notes.map((n) => `<p>${escapeHtml(n)}</p>`).join("")}\n` +
    `<h2 id="cli-help">folio --help</h2><pre>${escapeHtml(reference.cli)}</pre>`
  );
}
