import { SimpleGrid, Stack, Text } from '@mantine/core';
import { AnchorLink } from '../../../components/router-links';
import { useStaffMember } from '../../../components/shell/staff-member';
import type { DashboardData } from '../api/use-dashboard-data';
import { DashboardSection } from './dashboard-section';
import { formatCount } from './overview-cards';

/** Spec 1 §2.5 Pending Actions Overview. */
export function PendingActions({ data }: { data: DashboardData }) {
  // The applications screen is for staff who manage accounts; others see the count only.
  const staff = useStaffMember();
  const canReviewVendors = staff?.can(['admins']) ?? false;
  // Products Pending Approval leads to Product Management filtered to them, for staff who decide.
  const canReviewProducts = staff?.can(['products']) ?? false;
  return (
    <DashboardSection title="Pending Actions Overview" data={data} skeletonLines={4}>
      {({ pendingActions }) => {
        const items = [
          { label: 'Products Pending Approval', value: pendingActions.products },
          { label: 'Orders Awaiting Fulfillment', value: pendingActions.orders },
          { label: 'Factory/Vendor Applications', value: pendingActions.vendors },
          { label: 'Unread Support Messages', value: pendingActions.support },
        ];
        return (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
            {items.map((item) => (
              <Stack key={item.label} gap={2}>
                {item.label === 'Products Pending Approval' && canReviewProducts ? (
                  <AnchorLink to="/manage-admin/products" search={{ approval: 'pending' }} size="sm">
                    {item.label}
                  </AnchorLink>
                ) : item.label === 'Factory/Vendor Applications' && canReviewVendors ? (
                  <AnchorLink to="/manage-admin/vendors" search={{ status: 'pending' }} size="sm">
                    {item.label}
                  </AnchorLink>
                ) : (
                  <Text size="sm" c="dimmed">
                    {item.label}
                  </Text>
                )}
                <Text size="xl" fw={700}>
                  {formatCount(item.value)}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        );
      }}
    </DashboardSection>
  );
}
