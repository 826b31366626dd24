/**
 * The scripts of a page the server rendered, started once the page has painted (decision 085).
 * The server-rendered page is readable and its links work before any script runs; loading the
 * app's modules only then leaves the network to the stylesheet and the page's main image first,
 * which is what a buyer on a slow connection waits for. React then hydrates the page as before
 * (main.tsx). The page names its modules in `script#page-scripts` (JSON: the CSP runs no inline
 * script), the entry last.
 */
const LATEST_START_MS = 3000;

function startScripts(modules: string[], entry: string) {
  for (const href of modules) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  document.head.append(script);
}

/** Settles after the first contentful paint, at once where the browser does not report it. */
function firstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return resolve();
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    }).observe({ type: 'paint', buffered: true });
  });
}

/** Settles once the page's main image (the one it asks for first) has loaded or failed. */
function mainImage(): Promise<void> {
  const image = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  if (!image || image.complete) return Promise.resolve();
  return new Promise((resolve) => {
    image.addEventListener('load', () => resolve(), { once: true });
    image.addEventListener('error', () => resolve(), { once: true });
  });
}

const element = document.getElementById('page-scripts');
if (element) {
  const { modules, entry } = JSON.parse(element.textContent ?? '') as {
    modules: string[];
    entry: string;
  };
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    startScripts(modules, entry);
  };
  // After the frame that shows them: a task queued from a frame callback runs once it is drawn.
  void Promise.all([firstPaint(), mainImage()]).then(() =>
    requestAnimationFrame(() => setTimeout(start, 0)),
  );
  // Never later than this, whatever the images do (a tab opened in the background paints late).
  setTimeout(start, LATEST_START_MS);
}
