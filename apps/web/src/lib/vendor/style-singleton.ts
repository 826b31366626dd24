/**
 * A CSP-safe stand-in for `react-style-singleton` (used by Radix Dialog's scroll lock through
 * react-remove-scroll). The original injects a <style> element, which the server's
 * `style-src 'self'` policy blocks; this one applies the same CSS through a constructed
 * stylesheet (document.adoptedStyleSheets), which the policy allows. Same API, wired in by an
 * alias in vite.config.ts (tests in jsdom keep the original, which no CSP blocks there).
 */
import { useEffect } from 'react';

interface Stylesheet {
  add: (style: string) => void;
  remove: () => void;
}

export function stylesheetSingleton(): Stylesheet {
  let counter = 0;
  let sheet: CSSStyleSheet | null = null;
  return {
    add(style) {
      if (counter === 0 && typeof document !== 'undefined' && 'adoptedStyleSheets' in document) {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(style);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      }
      counter += 1;
    },
    remove() {
      counter -= 1;
      if (counter === 0 && sheet) {
        const done = sheet;
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== done);
        sheet = null;
      }
    },
  };
}

export function styleHookSingleton() {
  const sheet = stylesheetSingleton();
  return (styles: string, isDynamic?: boolean) => {
    useEffect(() => {
      sheet.add(styles);
      return () => sheet.remove();
      // The original re-applies only when dynamic styles change; the same rule is kept here.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [styles && isDynamic]);
  };
}

export function styleSingleton() {
  const useStyle = styleHookSingleton();
  function Sheet({ styles, dynamic }: { styles: string; dynamic?: boolean }) {
    useStyle(styles, dynamic);
    return null;
  }
  return Sheet;
}
