/**
 * Vitest setup: a patient `findBy…` (below), unmount rendered trees, empty the storage and forget a network that did not
 * answer (lib/online.ts, which would otherwise keep probing) between tests.
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { noteNetwork } from '@/lib/online';

// `findBy…` and `waitFor` give up after 30 s instead of 1 s: on a busy 2-core machine (the
// suite runs Vitest beside the Rust build) a render can take longer than a second, and the
// wasm core's first load took more than 10 s at a load average of 16; a passing query still
// returns as soon as it matches.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.documentElement.className = '';
  noteNetwork(true);
});
