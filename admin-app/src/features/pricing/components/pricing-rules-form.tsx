import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { toast } from '@shop/ui/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { $api } from '../../../lib/api';
import { pricingKeys, pricingQueries } from '../api/pricing.queries';
import { B2bModeSection } from './b2b-mode-section';
import { CompareAtSection } from './compare-at-section';
import { MarkupRulesSection } from './markup-rules-section';
import type { Rules } from './rules-draft';

/** The saved pricing rules as one draft: markup, compare-at and B2B cards, saved together. */
export function RulesForm({ rules }: { rules: Rules }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Rules>(rules);
  useEffect(() => setDraft(rules), [rules]);
  const set = <K extends keyof Rules>(key: K, value: Rules[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const save = $api.useMutation('put', '/pricing', {
    onSuccess: (answer) => queryClient.setQueryData(pricingQueries.settings().queryKey, answer),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: pricingKeys.preview });
      return queryClient.invalidateQueries({ queryKey: ['get', '/product/'] });
    },
  });
  const invalid =
    !(draft.markupValue >= 0) || !(draft.minMarginPercent >= 0) || !(draft.b2bDiscountPercent >= 0);
  const submit = async () => {
    if (invalid) {
      toast.error('Markups, margins and discounts cannot be below 0.');
      return;
    }
    try {
      const answer = await save.mutateAsync({ body: draft });
      toast.success(
        `Pricing rules saved. ${answer.data.repriced.toLocaleString('en-US')} imported SKU prices updated.`,
      );
    } catch (error) {
      toast.error(errorMessage(error, 'The pricing rules could not be saved.'));
    }
  };

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, lg: 3 }}>
        <MarkupRulesSection draft={draft} set={set} />
        <CompareAtSection draft={draft} set={set} />
        <B2bModeSection draft={draft} set={set} />
      </SimpleGrid>
      <Group>
        <Button onClick={() => void submit()} loading={save.isPending}>
          Save Pricing Rules
        </Button>
        <Text size="sm" c="dimmed">
          Saving reprices every imported product from its cost; prices set by hand stay.
        </Text>
      </Group>
    </Stack>
  );
}
