import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { formatDateTime as when } from '@shop/ui/format';
import { toast } from '@shop/ui/notifications';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useDeleteBanner, useMoveBanner, useUpdateBanner } from '../api/marketing.mutations';
import { marketingQueries } from '../api/marketing.queries';
import { bannerBody } from '../schemas/banner-form.schema';
import { LANGUAGES, languagesOf } from '../schemas/localized';
import { BannerFormModal } from './banner-form-modal';
import { BannerPreview } from './banner-preview';

type Banner = Schemas['Banner'];

const STATUS: Record<Banner['status'], { label: string; color: string }> = {
  live: { label: 'Live', color: 'green' },
  scheduled: { label: 'Scheduled', color: 'blue' },
  ended: { label: 'Ended', color: 'gray' },
  disabled: { label: 'Disabled', color: 'gray' },
};

const SECTIONS = [
  {
    placement: 'hero',
    title: 'Hero slides',
    add: 'Add hero slide',
    hint: 'The home page’s rotating banner: one slide every 5 seconds, in this order.',
  },
  {
    placement: 'promo',
    title: 'Promo tiles',
    add: 'Add promo tile',
    hint: 'The tiles beside the hero, top to bottom in this order.',
  },
] as const;

function schedule(banner: Banner): string {
  if (banner.startsAt && banner.endsAt) return `${when(banner.startsAt)} to ${when(banner.endsAt)}`;
  if (banner.startsAt) return `From ${when(banner.startsAt)}`;
  if (banner.endsAt) return `Until ${when(banner.endsAt)}`;
  return 'Always';
}

/** Banners: the storefront home page's hero slides and promo tiles, in order, with their schedule and switch. */
export function BannersPanel() {
  const banners = useQuery(marketingQueries.banners());
  const [editing, setEditing] = useState<Banner | Banner['placement'] | null>(null);
  const [previewing, setPreviewing] = useState<Banner | null>(null);
  const [deleting, setDeleting] = useState<Banner | null>(null);
  const remove = useDeleteBanner();

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const answer = await remove.mutateAsync({ params: { path: { id: deleting.id } } });
      toast.success(answer.message);
      setDeleting(null);
    } catch (error) {
      toast.error(errorMessage(error, 'The banner could not be deleted.'));
    }
  };

  if (banners.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(banners.error, 'The banners could not be loaded.')}
      </Alert>
    );
  }
  const all = banners.data?.data ?? [];

  return (
    <Stack gap="lg">
      {SECTIONS.map((section) => (
        <Paper
          key={section.placement}
          withBorder
          p="md"
          radius="md"
          component="section"
          aria-label={section.title}
        >
          <Group justify="space-between" mb="xs">
            <Stack gap={2}>
              <Title order={3} fz="h4">
                {section.title}
              </Title>
              <Text size="sm" c="dimmed">
                {section.hint}
              </Text>
            </Stack>
            <Button onClick={() => setEditing(section.placement)}>{section.add}</Button>
          </Group>
          <BannerTable
            loading={banners.isPending}
            banners={all.filter((banner) => banner.placement === section.placement)}
            onEdit={setEditing}
            onPreview={setPreviewing}
            onDelete={setDeleting}
          />
        </Paper>
      ))}
      <BannerFormModal editing={editing} onClose={() => setEditing(null)} />
      <Modal
        opened={previewing !== null}
        onClose={() => setPreviewing(null)}
        title={previewing ? `Preview: ${previewing.title.en}` : ''}
        size="xl"
      >
        {previewing ? (
          <Stack gap="md">
            {LANGUAGES.map(({ code, label }) => (
              <Stack key={code} gap={4}>
                <Text size="sm" fw={600}>
                  {label}
                </Text>
                <BannerPreview banner={previewing} language={code} />
              </Stack>
            ))}
          </Stack>
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete banner"
        message={deleting ? `Delete “${deleting.title.en}”? The storefront stops showing it.` : ''}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Stack>
  );
}

type BannerTableProps = {
  loading: boolean;
  banners: Banner[];
  onEdit: (banner: Banner) => void;
  onPreview: (banner: Banner) => void;
  onDelete: (banner: Banner) => void;
};

function BannerTable({ loading, banners, onEdit, onPreview, onDelete }: BannerTableProps) {
  const move = useMoveBanner();
  const update = useUpdateBanner();

  const moveOne = async (banner: Banner, direction: 'up' | 'down') => {
    try {
      await move.mutateAsync({ params: { path: { id: banner.id } }, body: { direction } });
    } catch (error) {
      toast.error(errorMessage(error, 'The banner could not be moved.'));
    }
  };
  const toggle = async (banner: Banner, enabled: boolean) => {
    try {
      await update.mutateAsync({
        params: { path: { id: banner.id } },
        body: bannerBody(banner, { enabled }),
      });
      toast.success(enabled ? `${banner.title.en} is switched on.` : `${banner.title.en} is switched off.`);
    } catch (error) {
      toast.error(errorMessage(error, 'The banner could not be changed.'));
    }
  };

  if (loading) return <Text c="dimmed">Loading banners…</Text>;
  if (banners.length === 0) return <Text c="dimmed">None yet: the storefront shows none here.</Text>;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Order</Table.Th>
            <Table.Th>Banner</Table.Th>
            <Table.Th>Languages</Table.Th>
            <Table.Th>Schedule</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>On</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {banners.map((banner, index) => (
            <Table.Tr key={banner.id}>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Move ${banner.title.en} up`}
                    disabled={index === 0 || move.isPending}
                    onClick={() => void moveOne(banner, 'up')}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Move ${banner.title.en} down`}
                    disabled={index === banners.length - 1 || move.isPending}
                    onClick={() => void moveOne(banner, 'down')}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                </Group>
              </Table.Td>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <span
                    aria-hidden
                    style={{
                      width: 40,
                      height: 24,
                      flex: 'none',
                      borderRadius: 4,
                      background: banner.imageUrl
                        ? `center / cover no-repeat url(${JSON.stringify(banner.imageUrl)})`
                        : (banner.background ?? 'var(--mantine-color-gray-3)'),
                    }}
                  />
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>
                      {banner.title.en}
                    </Text>
                    {banner.text.en ? (
                      <Text size="xs" c="dimmed" lineClamp={1}>
                        {banner.text.en}
                      </Text>
                    ) : null}
                  </Stack>
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="xs">{languagesOf(banner.title).join(' · ')}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="xs">{schedule(banner)}</Text>
              </Table.Td>
              <Table.Td>
                <Badge color={STATUS[banner.status].color} variant="light">
                  {STATUS[banner.status].label}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Switch
                  aria-label={`Show ${banner.title.en} on the storefront`}
                  checked={banner.enabled}
                  disabled={update.isPending}
                  onChange={(event) => void toggle(banner, event.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="xs"
                    variant="subtle"
                    onClick={() => onPreview(banner)}
                    aria-label={`Preview ${banner.title.en}`}
                  >
                    Preview
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    onClick={() => onEdit(banner)}
                    aria-label={`Edit ${banner.title.en}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => onDelete(banner)}
                    aria-label={`Delete ${banner.title.en}`}
                  >
                    Delete
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
