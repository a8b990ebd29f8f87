/** Text made safe to put in HTML, inside elements and attribute values alike. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
