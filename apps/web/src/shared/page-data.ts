/**
 * What the server read for the static first screen when it served the page (decisions 078, 080): the page's language,
 * each lobby's banners and a visitor's pop-ups, as JSON in `#fs-data` inside `#root`. React's first commit on `#root`
 * removes the element, and a lazy page's module (a lobby's banner seed) can run after that commit, so the element is
 * read once, at the first call (the boot makes it before creating the root), and kept. Answers undefined when the page
 * has none (a route with no static screen, the dev server) or it is not an object.
 */
export interface PageData {
  lang?: unknown;
  banners?: Record<string, unknown>;
  popups?: unknown;
}

let read = false;
let data: PageData | undefined;

export function pageData(): PageData | undefined {
  if (read) return data;
  read = true;
  const text = document.getElementById('fs-data')?.textContent;
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) data = parsed as PageData;
  } catch {
    // Not JSON: the queries ask the API as they would without it.
  }
  return data;
}

/** Forgets what was read, as a new page would (tests, which stand in a new page for each case). */
export function pageDataForget(): void {
  read = false;
  data = undefined;
}
