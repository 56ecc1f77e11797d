import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { FilterSelect } from '@shop/ui/list-kit/filter-select';
import { ListTable } from '@shop/ui/list-kit/list-table';
import { useListState } from '@shop/ui/list-kit/use-list-state';
import { toast } from '@shop/ui/notifications';
import { IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SearchField } from '../../../components/search-field';
import { useDeleteCampaign, useEndCampaign } from '../api/campaigns.mutations';
import { CAMPAIGN_PAGE_SIZE, campaignQueries } from '../api/campaigns.queries';
import { CAMPAIGN_STATUSES, type CampaignListSearch, campaignFilters } from '../schemas/campaign-list-search';
import { campaignColumns, campaignTableFeatures } from './campaign-columns';
import { CampaignFormModal } from './campaign-form-modal';
import { CampaignLog } from './campaign-log';
import { CouponCodesModal } from './coupon-codes-modal';

type Campaign = Schemas['Campaign'];

const STATUS_OPTIONS = [{ value: 'all', label: 'All' } as const, ...CAMPAIGN_STATUSES];

type CampaignListProps = {
  search: CampaignListSearch;
  /** Writes to the URL. */
  onSearchChange: (change: Partial<CampaignListSearch>) => void;
};

/** Campaigns & Discounts: the campaigns with their rules, codes and results, and the campaign log. */
export function CampaignList({ search, onSearchChange }: CampaignListProps) {
  const list = useQuery({
    ...campaignQueries.list({ ...campaignFilters(search), page: search.page, limit: CAMPAIGN_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data ?? [];
  const end = useEndCampaign();
  const remove = useDeleteCampaign();
  const [editing, setEditing] = useState<Campaign | 'new' | null>(null);
  const [codesOf, setCodesOf] = useState<string | null>(null);
  const [ending, setEnding] = useState<Campaign | null>(null);
  const [deleting, setDeleting] = useState<Campaign | null>(null);
  const { filter, setPage } = useListState(search, onSearchChange);

  const endNow = async (campaign: Campaign) => {
    try {
      const answer = await end.mutateAsync({ params: { path: { id: campaign._id } } });
      toast.success(answer.message ?? `${campaign.name} has ended.`);
    } catch (error) {
      toast.error(errorMessage(error, 'The campaign could not be ended.'));
    }
    setEnding(null);
  };
  const deleteNow = async (campaign: Campaign) => {
    try {
      const answer = await remove.mutateAsync({ params: { path: { id: campaign._id } } });
      toast.success(answer.message);
    } catch (error) {
      toast.error(errorMessage(error, 'The campaign could not be deleted.'));
    }
    setDeleting(null);
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end" gap="md" wrap="wrap" justify="space-between">
          <Group align="flex-end" gap="md" wrap="wrap">
            <SearchField
              label="Search"
              placeholder="Name or code"
              value={search.q}
              onSearch={(q) => filter({ q })}
            />
            <FilterSelect
              label="Status"
              options={STATUS_OPTIONS}
              value={search.status}
              onChange={(status) => filter({ status })}
            />
          </Group>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            New Campaign
          </Button>
        </Group>
      </Paper>
      <ListTable
        label="Campaigns"
        query={list}
        features={campaignTableFeatures}
        columns={campaignColumns({
          onEdit: setEditing,
          onCodes: (campaign) => setCodesOf(campaign._id),
          onEnd: setEnding,
          onDelete: setDeleting,
        })}
        data={rows}
        getRowId={(row) => row._id}
        total={list.data?.meta.total ?? 0}
        page={search.page}
        pageSize={CAMPAIGN_PAGE_SIZE}
        onPageChange={setPage}
        loadingText="Loading campaigns..."
        emptyState={<Text c="dimmed">No campaigns found.</Text>}
        errorFallback="Failed to load campaigns."
      />
      <CampaignLog page={search.logPage} onPageChange={(logPage) => onSearchChange({ logPage })} />
      <CampaignFormModal editing={editing} onClose={() => setEditing(null)} />
      <CouponCodesModal
        campaign={rows.find((row) => row._id === codesOf) ?? null}
        onClose={() => setCodesOf(null)}
      />
      <ConfirmDialog
        opened={ending !== null}
        title="End this campaign now?"
        message={ending ? `End ${ending.name} now? Its codes stop working at once.` : ''}
        confirmLabel="End Now"
        danger
        busy={end.isPending}
        onCancel={() => setEnding(null)}
        onConfirm={() => {
          if (ending) void endNow(ending);
        }}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete this campaign?"
        message={
          deleting
            ? `Delete ${deleting.name} and its codes? A campaign whose codes were used cannot be deleted: end it instead.`
            : ''
        }
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void deleteNow(deleting);
        }}
      />
    </Stack>
  );
}
