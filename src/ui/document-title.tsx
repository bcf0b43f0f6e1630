/** The app's name, after each screen's title in the browser's tab, history and bookmarks. */
export const appName = 'Brand Expert'

/**
 * The browser tab's title: the screen's, then the app's. React puts a `<title>` drawn anywhere into
 * the document's head, and its child has to be one string.
 */
export function DocumentTitle({ title }: { title: string }) {
  return <title>{`${title} · ${appName}`}</title>
}
