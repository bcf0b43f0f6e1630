/** Text made safe to put into HTML, in an element or a quoted attribute: user data is never markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}
