import { Box, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import loginIllustration from '../assets/login-illustration.svg';
import { LoginForm } from './login-form';

type LoginPageProps = {
  onToken: (token: string) => boolean;
  onDone: (next: 'dashboard' | 'enrolTwoFactor') => void;
};

/** Spec 1 §2.3: the sign-in form beside an image. */
export function LoginPage({ onToken, onDone }: LoginPageProps) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing={0} mih="100vh">
      <Stack justify="center" align="center" p="xl" bg="var(--mantine-color-body)">
        <Paper w="100%" maw={420} p="xl" withBorder shadow="sm">
          <Stack gap={4} mb="lg">
            <Title order={1} size="h2">
              Admin Login
            </Title>
            <Text c="dimmed" size="sm">
              Sign in to manage your store.
            </Text>
          </Stack>
          <LoginForm onToken={onToken} onDone={onDone} />
        </Paper>
      </Stack>
      <Box visibleFrom="md" bg="var(--mantine-primary-color-light)" p="xl">
        <Stack justify="center" h="100%">
          <Image src={loginIllustration} alt="Store dashboard illustration" maw={560} mx="auto" />
        </Stack>
      </Box>
    </SimpleGrid>
  );
}
