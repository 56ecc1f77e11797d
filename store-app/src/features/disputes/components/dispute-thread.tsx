import { Paper, ScrollArea, Stack, Text } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../../i18n/i18n';

/** Spec §3: the sender `user` is the shopper; any other sender is the support side. */
function isShopper(message: Schemas['DisputeMessage']): boolean {
  return message.sender === 'user';
}

/** Spec §9: the thread scrolls at 16rem, newest message at the bottom and in view. */
export function DisputeThread({ messages }: { messages: Schemas['DisputeMessage'][] }) {
  const { t } = useTranslation('disputes');
  const { locale } = useLocaleFormat();
  const timestamp = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    [locale],
  );
  const viewport = useRef<HTMLDivElement>(null);
  const count = messages.length;

  useEffect(() => {
    const element = viewport.current;
    if (element && count > 0) element.scrollTop = element.scrollHeight;
  }, [count]);

  return (
    <section aria-labelledby="dispute-thread-title">
      <Text fw={600} id="dispute-thread-title" mb="xs">
        {t('thread.title')}
      </Text>
      <Paper withBorder p={0}>
        <ScrollArea h="16rem" type="auto" viewportRef={viewport}>
          <Stack component="ol" gap="sm" p="sm" m={0} style={{ listStyle: 'none' }}>
            {messages.map((message) => {
              const mine = isShopper(message);
              return (
                <Paper
                  component="li"
                  key={message._id}
                  data-sender={message.sender}
                  p="xs"
                  radius="md"
                  maw="80%"
                  ml={mine ? 'auto' : undefined}
                  bg={mine ? 'var(--mantine-color-blue-filled)' : 'var(--mantine-color-gray-light)'}
                  c={mine ? 'white' : undefined}
                >
                  <Text size="xs" fw={600}>
                    {t(mine ? 'thread.you' : 'thread.support')}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {message.message}
                  </Text>
                  <Text size="xs">{timestamp.format(new Date(message.timestamp))}</Text>
                </Paper>
              );
            })}
          </Stack>
        </ScrollArea>
      </Paper>
    </section>
  );
}
