import { notifications } from '@mantine/notifications';
import { act, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { adminSession } from '../app/session';
import { fetchStub } from './network';
import { setViewportWidth } from './viewport';

// A whole-app render on a loaded 2-core machine can take more than the default second to show up (as in the
// storefront's setup).
configure({ asyncUtilTimeout: 3000 });

// Every request of the app ends here; tests answer through ./network.
globalThis.fetch = fetchStub;

beforeEach(() => {
  fetchStub.mockReset();
  fetchStub.mockImplementation(async (input) => {
    throw new Error(`Unexpected request: ${input instanceof Request ? input.url : String(input)}`);
  });
  adminSession.logout();
  localStorage.clear();
  setViewportWidth(1280);
});

afterEach(() => {
  act(() => notifications.clean());
});
