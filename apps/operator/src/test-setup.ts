import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { useSession } from '@/session/session-store';
import { resetFakeServer } from '@/test/fake-server';

// findBy* and waitFor wait up to 5 s rather than 1 s: a ceiling, not a speed target, on a loaded
// 2-core machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  resetFakeServer();
  window.sessionStorage.clear();
  useSession.setState({ session: null, endedBecause: null });
});
