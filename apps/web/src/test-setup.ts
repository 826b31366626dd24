import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetToasts } from './components/ui/use-toast';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetToasts();
});
