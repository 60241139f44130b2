/**
 * Vitest setup: unmount rendered trees, empty the storage and forget a network that did not
 * answer (lib/online.ts, which would otherwise keep probing) between tests.
 */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { noteNetwork } from '@/lib/online';

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.documentElement.className = '';
  noteNetwork(true);
});
