import {
  Alert,
  Badge,
  Button,
  Card,
  CloseButton,
  FileButton,
  Group,
  Radio,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import type { SuccessBody } from '@shop/sdk/types';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../claims-texts';
import { useLocaleFormat } from '../../../i18n/i18n';
import {
  type ClaimDraft,
  orderClaimsQueryOptions,
  orderParcelsQueryOptions,
  useReportProblem,
} from '../api/claims.api';

type Claim = SuccessBody<'listOrderClaims'>['data'][number];
type Parcel = SuccessBody<'listMyOrderParcels'>['data'][number];

export const DESCRIPTION_MAX = 2000;
export const MAX_PHOTOS = 5;
const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

const STATUS_COLORS: Record<Claim['status'], string> = {
  open: 'yellow',
  refunded: 'teal',
  reshipped: 'blue',
  rejected: 'red',
};

/** On the order page: each parcel with "Report a problem", or the claim made on it and how it stands. */
export function OrderParcelClaims({ id }: { id: string }) {
  const { t } = useTranslation('claims');
  const parcels = useQuery(orderParcelsQueryOptions(id));
  const claims = useQuery(orderClaimsQueryOptions(id));
  const list = parcels.data?.data ?? [];
  if (list.length === 0) return null;
  return (
    <Card component="section" aria-labelledby="parcel-claims">
      <Stack gap="md">
        <Title order={2} fz="h4" id="parcel-claims">
          {t('title')}
        </Title>
        {claims.isError && <Alert color="red">{t('loadFailed')}</Alert>}
        {list.map((parcel) => (
          <ParcelClaim
            key={parcel._id}
            orderId={id}
            parcel={parcel}
            claims={(claims.data?.data ?? []).filter((claim) => claim.parcelId === parcel._id)}
          />
        ))}
      </Stack>
    </Card>
  );
}

/** One parcel's claim state and its "Report a problem" form; usable inside any parcel list of the order page. */
export function ParcelClaim({
  orderId,
  parcel,
  claims,
}: {
  orderId: string;
  parcel: Parcel;
  claims: Claim[];
}) {
  const { t } = useTranslation('claims');
  const [reporting, setReporting] = useState(false);
  const open = claims.some((claim) => claim.status === 'open');
  const canReport = parcel.status !== 'Cancelled' && !open;
  return (
    <Stack gap={6} aria-label={t('parcel', { number: parcel.number })}>
      <Group justify="space-between">
        <Text fw={600}>{t('parcel', { number: parcel.number })}</Text>
        {canReport && !reporting && (
          <Button size="compact-sm" variant="light" onClick={() => setReporting(true)}>
            {t('report')}
          </Button>
        )}
      </Group>
      {claims.map((claim) => (
        <ClaimRow key={claim._id} claim={claim} />
      ))}
      {reporting && <ReportForm orderId={orderId} parcel={parcel} onDone={() => setReporting(false)} />}
    </Stack>
  );
}

function ClaimRow({ claim }: { claim: Claim }) {
  const { t } = useTranslation('claims');
  const { date } = useLocaleFormat();
  return (
    <Stack gap={2}>
      <Group gap="xs">
        <Text size="sm">{t(`kind.${claim.kind}`)}</Text>
        <Badge color={STATUS_COLORS[claim.status]} variant="light">
          {t(`status.${claim.status}`)}
        </Badge>
        <Text size="sm" c="dimmed">
          {t('reported', { date: date(claim.createdAt) })}
        </Text>
      </Group>
      {claim.status === 'reshipped' && <Text size="sm">{t('reshippedAs')}</Text>}
      {claim.staffNote && (
        <Text size="sm" c="dimmed">
          {t('storeAnswer', { note: claim.staffNote })}
        </Text>
      )}
    </Stack>
  );
}

function ReportForm({ orderId, parcel, onDone }: { orderId: string; parcel: Parcel; onDone: () => void }) {
  const { t } = useTranslation('claims');
  const delivered = parcel.status === 'Delivered';
  const [draft, setDraft] = useState<ClaimDraft>({
    kind: delivered ? 'damaged' : 'never_arrived',
    description: '',
    photos: [],
  });
  const [tried, setTried] = useState(false);
  const report = useReportProblem(orderId, parcel._id, {
    sent: t('sent'),
    failed: t('failed'),
    photoFailed: (message) => t('photoFailed', { message }),
  });
  const description = draft.description.trim();
  const error = !tried
    ? undefined
    : description === ''
      ? t('descriptionRequired')
      : description.length > DESCRIPTION_MAX
        ? t('descriptionTooLong', { max: DESCRIPTION_MAX })
        : undefined;
  const room = MAX_PHOTOS - draft.photos.length;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (description === '' || description.length > DESCRIPTION_MAX) return;
    report.mutate({ ...draft, description }, { onSuccess: onDone });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('formTitle', { number: parcel.number })}>
      <Stack gap="sm">
        <Radio.Group
          label={t('kindLabel')}
          value={draft.kind}
          onChange={(kind) => setDraft((current) => ({ ...current, kind: kind as ClaimDraft['kind'] }))}
        >
          <Stack mt={4} gap={4}>
            <Radio value="never_arrived" label={t('kind.never_arrived')} disabled={delivered} />
            <Radio value="damaged" label={t('kind.damaged')} disabled={!delivered} />
          </Stack>
        </Radio.Group>
        <Text size="xs" c="dimmed">
          {delivered ? t('neverArrivedHint') : t('damagedHint')}
        </Text>
        <Textarea
          label={t('description')}
          withAsterisk
          rows={3}
          value={draft.description}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setDraft((current) => ({ ...current, description: value }));
          }}
          error={error}
        />
        {draft.kind === 'damaged' && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('photos', { max: MAX_PHOTOS })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('photosHint')}
            </Text>
            {draft.photos.map((photo, index) => (
              <Group key={`${photo.name}-${photo.size}-${photo.lastModified}`} gap="xs">
                <Text size="sm">{photo.name}</Text>
                <CloseButton
                  size="sm"
                  aria-label={t('removePhoto', { name: photo.name })}
                  onClick={() =>
                    setDraft((current) => ({
                      ...current,
                      photos: current.photos.filter((_, i) => i !== index),
                    }))
                  }
                />
              </Group>
            ))}
            <FileButton
              multiple
              accept={PHOTO_TYPES.join(',')}
              disabled={room <= 0}
              onChange={(files) =>
                setDraft((current) => ({
                  ...current,
                  photos: [...current.photos, ...files].slice(0, MAX_PHOTOS),
                }))
              }
            >
              {(props) => (
                <Button {...props} size="compact-sm" variant="default" w="fit-content" disabled={room <= 0}>
                  {t('choosePhotos')}
                </Button>
              )}
            </FileButton>
          </Stack>
        )}
        <Group>
          <Button type="submit" loading={report.isPending}>
            {t('submit')}
          </Button>
          <Button variant="default" onClick={onDone}>
            {t('cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
