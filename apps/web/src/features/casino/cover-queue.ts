/**
 * Drawn covers are SVG documents: setting one as an image's source makes the browser build and parse a document for
 * it right there, in the task that set it (~2–3 ms of a phone's CPU each at 1×, ×4 on Lighthouse's phone). A grid
 * committing a screenful of cards set fifteen at once: one long task of ~35 ms CPU on this machine (decision 093). The
 * queue gives each image its source in a task of its own, in the order asked, so the page stays responsive while the
 * covers fill in within a few frames.
 */
const waiting: (() => void)[] = [];
let draining = false;

function drainOne(): void {
  const next = waiting.shift();
  if (!next) {
    draining = false;
    return;
  }
  next();
  setTimeout(drainOne, 0);
}

/** Sets `image.src` to `src` in a later task of its own; answers a function that cancels it if it has not run yet. */
export function coverSrcLater(image: HTMLImageElement, src: string): () => void {
  const task = () => {
    if (image.getAttribute('src') !== src) image.src = src;
  };
  waiting.push(task);
  if (!draining) {
    draining = true;
    setTimeout(drainOne, 0);
  }
  return () => {
    const index = waiting.indexOf(task);
    if (index >= 0) waiting.splice(index, 1);
  };
}
