import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { SHIP_TO_COUNTRIES } from '@shop/sdk/choices';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AnchorLink } from '../../../components/router-links';
import { $api, readKey } from '../../../lib/api';

type ImportResult = Schemas['MarketplaceImportResult'];

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const OUTCOME_COLORS: Record<ImportResult['outcome'], string> = {
  created: 'green',
  updated: 'blue',
  failed: 'red',
};
export const MAX_IDS = 50;

/** Ids separated by commas, spaces or new lines, each once; or why they cannot be imported. */
export function parseIds(text: string): { ids: string[] } | { error: string } {
  const ids = [...new Set(text.split(/[\s,]+/).filter(Boolean))];
  if (ids.length === 0) return { error: 'Enter at least one product id.' };
  const bad = ids.find((id) => !/^\d{1,20}$/.test(id));
  if (bad) return { error: `“${bad}” is not an AliExpress product id (digits only).` };
  if (ids.length > MAX_IDS) return { error: `Import at most ${MAX_IDS} ids at a time.` };
  return { ids };
}

/** Single or bulk import: one id after another, with progress and a result per id. */
export function ProductImport() {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [country, setCountry] = useState('BD');
  const [status, setStatus] = useState<'draft' | 'published'>('draft');
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [results, setResults] = useState<ImportResult[]>([]);
  const importIds = $api.useMutation('post', '/marketplace/import');

  const run = async () => {
    const parsed = parseIds(text);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(null);
    setResults([]);
    setProgress({ done: 0, total: parsed.ids.length });
    const collected: ImportResult[] = [];
    for (const [index, id] of parsed.ids.entries()) {
      try {
        const answer = await importIds.mutateAsync({ body: { ids: [id], country, status } });
        collected.push(...answer.data);
      } catch (failure) {
        collected.push({
          id,
          outcome: 'failed',
          message: errorMessage(failure, 'The import failed.'),
          productId: null,
          title: null,
        });
      }
      setResults([...collected]);
      setProgress({ done: index + 1, total: parsed.ids.length });
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: readKey('/marketplace/log') }),
      queryClient.invalidateQueries({ queryKey: readKey('/product/') }),
    ]);
  };

  const running = progress !== null && progress.done < progress.total;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="import-title">
      <Title order={2} fz="h4" id="import-title" mb="sm">
        Product Import
      </Title>
      <Stack>
        <Textarea
          label="AliExpress Product IDs"
          description="One id, or many separated by commas or new lines (at most 50)."
          placeholder={'1005006841234567\n1005006218437795'}
          rows={4}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={error}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label="Ship to"
            value={country}
            onChange={(event) => setCountry(event.currentTarget.value)}
            data={SHIP_TO_COUNTRIES.map((code) => ({ value: code, label: regionNames.of(code) ?? code }))}
          />
          <NativeSelect
            label="Save as"
            value={status}
            onChange={(event) => setStatus(event.currentTarget.value as 'draft' | 'published')}
            data={[
              { value: 'draft', label: 'Draft (review before selling)' },
              { value: 'published', label: 'Published' },
            ]}
          />
        </SimpleGrid>
        <Group>
          <Button onClick={() => void run()} loading={running}>
            Import
          </Button>
        </Group>
        {progress && (
          <Stack gap={4}>
            <Progress value={(100 * progress.done) / progress.total} aria-label="Import progress" />
            <Text size="sm" c="dimmed">
              {progress.done} of {progress.total} imported or refused
            </Text>
          </Stack>
        )}
        {results.length > 0 && (
          <Table aria-label="Import results" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product ID</Table.Th>
                <Table.Th>Result</Table.Th>
                <Table.Th>Product</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {results.map((result) => (
                <Table.Tr key={result.id}>
                  <Table.Td>{result.id}</Table.Td>
                  <Table.Td>
                    <Badge color={OUTCOME_COLORS[result.outcome]} variant="light">
                      {result.outcome}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {result.productId ? (
                      <AnchorLink
                        to="/manage-admin/products/edit-product/$id"
                        params={{ id: result.productId }}
                        size="sm"
                      >
                        {result.title}
                      </AnchorLink>
                    ) : (
                      <Text size="sm" c="red">
                        {result.message}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {results.length > 0 && !running && (
          <Alert color="gray" variant="light">
            {results.filter((result) => result.outcome !== 'failed').length} of {results.length} imported.
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
