import {
  Button,
  Pagination,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { type ReactNode, useId } from 'react';

export type ThreadListTexts = {
  /** The list's accessible name. */
  list: string;
  /** The accessible name of the placeholder shown while the list loads. */
  loading: string;
  /** Said in place of the list when it is empty; without it the list is just empty. */
  empty?: string;
  /** The accessible names of the page arrows. */
  previousPage: string;
  nextPage: string;
};

/** The list could not be read: what stands in place of an empty list, with a Retry. */
export type ThreadListFailure = {
  text: string;
  retry: string;
  retrying: boolean;
  onRetry: () => void;
};

export type ThreadListProps<T extends { _id: string }> = {
  threads: readonly T[];
  loading: boolean;
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  /** What one thread's button shows. */
  renderThread: (thread: T) => ReactNode;
  texts: ThreadListTexts;
  /** A heading over the list, which then names the section it stands in. */
  heading?: string;
  /** The list scrolls at this height beside the thread on view. */
  height?: number | string;
  /** Set while the list could not be read; shown only when no earlier page is still on screen. */
  failure?: ThreadListFailure | null;
};

/** Threads (conversations, disputes), each a button that opens it, the chosen one marked; paged. */
export function ThreadList<T extends { _id: string }>({
  threads,
  loading,
  selectedId,
  onSelect,
  page,
  pages,
  onPageChange,
  renderThread,
  texts,
  heading,
  height = 480,
  failure = null,
}: ThreadListProps<T>) {
  const headingId = useId();
  return (
    <Paper
      component={heading ? 'section' : 'div'}
      aria-labelledby={heading ? headingId : undefined}
      withBorder
      p={heading ? 'md' : 'sm'}
      radius="md"
    >
      <Stack gap="sm">
        {heading ? (
          <Title order={3} size="h5" id={headingId}>
            {heading}
          </Title>
        ) : null}
        <ScrollArea h={height} type="auto" offsetScrollbars>
          {loading ? (
            <Stack gap="sm" aria-label={texts.loading}>
              {[0, 1, 2, 3].map((line) => (
                <Skeleton key={line} height={72} radius="sm" />
              ))}
            </Stack>
          ) : failure && threads.length === 0 ? (
            <Stack align="center" gap="xs" py="xl">
              <Text c="dimmed" ta="center">
                {failure.text}
              </Text>
              <Button size="xs" variant="light" loading={failure.retrying} onClick={failure.onRetry}>
                {failure.retry}
              </Button>
            </Stack>
          ) : threads.length === 0 && texts.empty ? (
            <Text c="dimmed" ta="center" py="xl">
              {texts.empty}
            </Text>
          ) : (
            <Stack
              gap="xs"
              component="ul"
              aria-label={texts.list}
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {threads.map((thread) => (
                <li key={thread._id}>
                  <ThreadButton selected={thread._id === selectedId} onSelect={() => onSelect(thread._id)}>
                    {renderThread(thread)}
                  </ThreadButton>
                </li>
              ))}
            </Stack>
          )}
        </ScrollArea>
        {pages > 1 ? (
          <Pagination
            total={pages}
            value={page}
            onChange={onPageChange}
            size="sm"
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? texts.previousPage : texts.nextPage,
            })}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}

type ThreadButtonProps = { selected: boolean; onSelect: () => void; children: ReactNode };

function ThreadButton({ selected, onSelect, children }: ThreadButtonProps) {
  return (
    <UnstyledButton
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      w="100%"
      p="sm"
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        border: `1px solid ${selected ? 'var(--mantine-color-blue-5)' : 'var(--mantine-color-gray-3)'}`,
        background: selected ? 'var(--mantine-color-blue-light)' : undefined,
      }}
    >
      {children}
    </UnstyledButton>
  );
}
