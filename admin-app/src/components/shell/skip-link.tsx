import { Box } from '@mantine/core';
import { useFocusWithin } from '@mantine/hooks';

export const MAIN_CONTENT_ID = 'main-content';

/** The first stop of the keyboard on every screen: jumps past the header and the sidebar to the screen itself. */
export function SkipLink() {
  const { ref, focused } = useFocusWithin<HTMLDivElement>();
  return (
    <Box
      ref={ref}
      pos="fixed"
      top={8}
      left={8}
      style={{ zIndex: 1000, transform: focused ? undefined : 'translateY(-200%)' }}
    >
      <Box
        component="a"
        href={`#${MAIN_CONTENT_ID}`}
        onClick={(event) => {
          // Focus moves without touching the router's address.
          event.preventDefault();
          document.getElementById(MAIN_CONTENT_ID)?.focus();
        }}
        px="md"
        py="xs"
        bg="var(--mantine-primary-color-filled)"
        c="var(--mantine-primary-color-contrast)"
        style={{ borderRadius: 'var(--mantine-radius-sm)', fontWeight: 600 }}
      >
        Skip to main content
      </Box>
    </Box>
  );
}
