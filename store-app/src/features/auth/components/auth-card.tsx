import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { SocialSignIn } from './social-sign-in';

type AuthCardProps = { title: string; subtitle: string; children: ReactNode; footer: ReactNode };

/** The frame the login and register screens share: title, social buttons, the form, a link to the other. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <Paper withBorder shadow="sm" p="xl" maw={440} mx="auto" my="xl">
      <Stack>
        <div>
          <Title order={1} ta="center">
            {title}
          </Title>
          <Text c="dimmed" ta="center" size="sm" mt={4}>
            {subtitle}
          </Text>
        </div>
        <SocialSignIn />
        {children}
        <Text size="sm" ta="center">
          {footer}
        </Text>
      </Stack>
    </Paper>
  );
}
