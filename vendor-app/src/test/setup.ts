import { notifications } from '@mantine/notifications';
import { act, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { fetchStub } from './network';

// A whole-app render on a loaded 2-core machine can take more than the default second to show up (as in the
// storefront's setup).
configure({ asyncUtilTimeout: 3000 });

// Every request of the panel ends here; tests answer through ./network.
globalThis.fetch = fetchStub;

beforeEach(() => {
  fetchStub.mockReset();
  fetchStub.mockImplementation(async (input) => {
    throw new Error(`Unexpected request: ${input instanceof Request ? input.url : String(input)}`);
  });
  localStorage.clear();
});

afterEach(() => {
  act(() => notifications.clean());
});
