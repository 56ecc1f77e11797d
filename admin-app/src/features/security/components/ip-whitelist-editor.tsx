import { ActionIcon, Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { addToWhitelist } from '../schemas/security-settings.schema';

type IpWhitelistEditorProps = {
  value: readonly string[];
  onChange: (list: string[]) => void;
  /** The server's message per entry (by position), after a refused save. */
  errors: ReadonlyMap<number, string>;
};

/** Spec 2 §2: the IP whitelist; Add ignores blank and duplicate entries. Empty means any address may sign in. */
export function IpWhitelistEditor({ value, onChange, errors }: IpWhitelistEditorProps) {
  const [entry, setEntry] = useState('');
  const add = () => {
    onChange(addToWhitelist(value, entry));
    setEntry('');
  };
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="xs">
        <TextInput
          label="IP address or range"
          placeholder="203.0.113.7 or 203.0.113.0/24"
          value={entry}
          onChange={(event) => setEntry(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          style={{ flex: 1 }}
        />
        <Button variant="light" onClick={add}>
          Add
        </Button>
      </Group>
      {value.length === 0 ? (
        <Text size="sm" c="dimmed">
          No addresses listed: staff may sign in from any address.
        </Text>
      ) : (
        <List listStyleType="none" spacing={4} aria-label="IP whitelist">
          {value.map((ip, index) => (
            <List.Item key={ip}>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" ff="monospace">
                  {ip}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="sm"
                  aria-label={`Remove ${ip}`}
                  onClick={() => onChange(value.filter((_, at) => at !== index))}
                >
                  <IconX size={14} />
                </ActionIcon>
                {errors.has(index) && (
                  <Text size="xs" c="red">
                    {errors.get(index)}
                  </Text>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
