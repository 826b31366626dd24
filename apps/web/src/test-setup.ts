import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetToasts } from './components/ui/use-toast';

// A findBy or waitFor gives up after 1 s by default: under CI's load (the server suites beside
// these on two cores) a page's first render with its lazy chunks has taken longer. It waits for
// what the test expects, so a longer wait slows only a failing test. Under the 5 s test timeout.
configure({ asyncUtilTimeout: 4000 });

// jsdom has no pointer capture; Radix's toast swipe handlers call it on every pointer event.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetToasts();
});
