import { Text } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { formatDateTime } from '@shop/ui/format';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';
import { LogSection } from '../../../components/log-section';
import { CAMPAIGN_LOG_PAGE_SIZE, campaignQueries } from '../api/campaigns.queries';

type Entry = Schemas['ActivityLog'];

/** The activity log's actions about campaigns, as the log names them. */
const ACTIONS: Record<string, string> = {
  'campaign.create': 'Created',
  'campaign.update': 'Edited',
  'campaign.end': 'Ended',
  'campaign.delete': 'Deleted',
  'campaign.coupon.add': 'Code added',
  'campaign.coupon.delete': 'Code removed',
};

const features = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper<typeof features, Entry>();
const columns = column.columns([
  column.accessor('action', { header: 'Action', cell: ({ getValue }) => ACTIONS[getValue()] ?? getValue() }),
  column.accessor('details', {
    header: 'Details',
    cell: ({ getValue }) => (
      <Text size="sm" maw={480}>
        {getValue()}
      </Text>
    ),
  }),
  column.accessor('admin', {
    header: 'By',
    cell: ({ getValue, row }) => getValue() ?? row.original.email ?? '—',
  }),
  column.accessor('timestamp', { header: 'Time', cell: ({ getValue }) => formatDateTime(getValue()) }),
]);

type CampaignLogProps = {
  /** The log's page, from the URL. */
  page: number;
  onPageChange: (page: number) => void;
};

/** The campaign log (spec 2 §9: 3 per page): every staff change to campaigns and their codes, newest first. */
export function CampaignLog({ page, onPageChange }: CampaignLogProps) {
  const log = useQuery({
    ...campaignQueries.log({ page, limit: CAMPAIGN_LOG_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  return (
    <LogSection
      title="Campaign Log"
      label="Campaign log"
      query={log}
      features={features}
      columns={columns}
      page={page}
      pageSize={CAMPAIGN_LOG_PAGE_SIZE}
      onPageChange={onPageChange}
      loadingText="Loading the campaign log..."
      empty="No campaign changes yet."
      errorFallback="Failed to load the campaign log."
    />
  );
}
