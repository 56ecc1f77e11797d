import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { toast } from '@shop/ui/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useConfirmTwoFactor, useDisableTwoFactor, useStartTwoFactorSetup } from '../api/security.mutations';
import { securityQueries } from '../api/security.queries';

const SIX_DIGITS = /^\d{6}$/;

/** A six-digit code field with its own message; the server's refusal shows under it. */
function CodeForm({
  label,
  action,
  busy,
  serverError,
  onSubmit,
}: {
  label: string;
  action: string;
  busy: boolean;
  serverError: string | null;
  onSubmit: (code: string) => void;
}) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const value = code.trim();
        if (!SIX_DIGITS.test(value)) {
          setProblem('Enter the 6-digit code from your authenticator app');
          return;
        }
        setProblem(null);
        onSubmit(value);
      }}
    >
      <Group align="flex-start" gap="xs">
        <TextInput
          label={label}
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setProblem(null);
          }}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={problem ?? serverError}
          w={220}
        />
        <Button type="submit" loading={busy} mt={25}>
          {action}
        </Button>
      </Group>
    </form>
  );
}

/** The recovery codes, shown once after enrolment. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Alert color="yellow" title="Save your recovery codes" role="status">
      <Stack gap="sm">
        <Text size="sm">
          Each code signs you in once if you lose your authenticator app. Save them somewhere safe now: they
          will not be shown again.
        </Text>
        <SimpleGrid
          cols={{ base: 1, xs: 2 }}
          spacing={4}
          aria-label="Recovery codes"
          component="ul"
          p={0}
          m={0}
        >
          {codes.map((code) => (
            <Code key={code} component="li" style={{ listStyle: 'none' }}>
              {code}
            </Code>
          ))}
        </SimpleGrid>
        <Group>
          <Button
            variant="default"
            size="xs"
            onClick={() => void navigator.clipboard?.writeText(codes.join('\n'))}
          >
            Copy codes
          </Button>
          <Button size="xs" onClick={onDone}>
            I have saved them
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** The signed-in staff member's own two-factor sign-in: set up with a QR code, or turn off with a code. */
export function TwoFactorCard() {
  const status = useQuery(securityQueries.twoFactor());
  const start = useStartTwoFactorSetup();
  const confirm = useConfirmTwoFactor();
  const disable = useDisableTwoFactor();
  const [setup, setSetup] = useState<Schemas['TwoFactorSetup'] | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);

  const begin = async () => {
    try {
      setSetup((await start.mutateAsync({})).data);
      setCodeError(null);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to start the set-up.'));
    }
  };

  const confirmCode = async (code: string) => {
    try {
      const answer = await confirm.mutateAsync({ body: { code } });
      setSetup(null);
      setRecoveryCodes(answer.data.recoveryCodes);
      toast.success(answer.message ?? 'Two-factor authentication is on.');
    } catch (error) {
      setCodeError(errorMessage(error, 'The code is not valid.'));
    }
  };

  const turnOff = async (code: string) => {
    try {
      const answer = await disable.mutateAsync({ body: { code } });
      setCodeError(null);
      toast.success(answer.message ?? 'Two-factor authentication is off.');
    } catch (error) {
      setCodeError(errorMessage(error, 'The code is not valid.'));
    }
  };

  const state = status.data?.data;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="two-factor-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4" id="two-factor-title">
            Your Two-Factor Authentication
          </Title>
          {state && (
            <Badge color={state.enabled ? 'green' : 'gray'} variant="light">
              {state.enabled ? 'On' : 'Off'}
            </Badge>
          )}
        </Group>
        {status.isError && (
          <Text c="red" role="alert">
            {errorMessage(status.error, 'Failed to load your two-factor state.')}
          </Text>
        )}
        {recoveryCodes && <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />}
        {state && !state.enabled && state.required && !setup && (
          <Alert color="orange" role="alert" title="Two-factor authentication is required">
            The store requires two-factor authentication for all staff. Set it up now to keep using the back
            office.
          </Alert>
        )}
        {state?.enabled && (
          <Stack gap="xs">
            <Text size="sm">
              Sign-in asks for a code from your authenticator app. Recovery codes left:{' '}
              {state.recoveryCodesLeft}.
            </Text>
            <CodeForm
              label="Code to turn it off"
              action="Turn off"
              busy={disable.isPending}
              serverError={codeError}
              onSubmit={turnOff}
            />
          </Stack>
        )}
        {state && !state.enabled && !setup && (
          <Group>
            <Button onClick={begin} loading={start.isPending}>
              Set up two-factor authentication
            </Button>
          </Group>
        )}
        {setup && (
          <Stack gap="sm">
            <Text size="sm">
              Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator,
              1Password, ...), then enter the 6-digit code it shows.
            </Text>
            <Image src={setup.qrCode} alt="QR code for your authenticator app" w={200} h={200} />
            <Text size="sm">
              Cannot scan? Enter this key instead: <Code>{setup.secret}</Code>
            </Text>
            <CodeForm
              label="Authentication code"
              action="Confirm"
              busy={confirm.isPending}
              serverError={codeError}
              onSubmit={confirmCode}
            />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
