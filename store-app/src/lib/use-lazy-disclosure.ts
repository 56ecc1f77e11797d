import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';

/**
 * Mantine's useDisclosure that also remembers whether the panel was ever opened: a drawer or dialog loaded with
 * `lazy()` is then rendered (and its code fetched) on first open only, and stays mounted for its close animation.
 */
export function useLazyDisclosure() {
  const [opened, { open: show, close }] = useDisclosure(false);
  const [everOpened, setEverOpened] = useState(false);
  const open = () => {
    setEverOpened(true);
    show();
  };
  return { opened, everOpened, open, close, toggle: () => (opened ? close() : open()) };
}
