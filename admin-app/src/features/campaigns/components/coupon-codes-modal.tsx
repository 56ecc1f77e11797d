import { Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { formatDate } from '@shop/ui/format';
import { toast } from '@shop/ui/notifications';
import { useState } from 'react';
import { useAddCoupon, useDeleteCoupon } from '../api/campaigns.mutations';

type Campaign = Schemas['Campaign'];

/** What the server accepts, checked before sending: 3 to 32 letters A-Z, digits and dashes, any case. */
const CODE = /^[A-Z0-9-]{3,32}$/;
export const CODE_FORMAT = 'A code is 3 to 32 letters A-Z, digits and dashes.';

type CouponCodesModalProps = {
  /** The campaign whose codes are shown (the list's fresh copy); null closes the dialog. */
  campaign: Campaign | null;
  onClose: () => void;
};

/** A campaign's coupon codes: each with its uses, a typed code or a generated one added, an unused one removed. */
export function CouponCodesModal({ campaign, onClose }: CouponCodesModalProps) {
  return (
    <Modal
      opened={campaign !== null}
      onClose={onClose}
      title={campaign ? `Coupon codes of ${campaign.name}` : 'Coupon codes'}
      centered
      size="lg"
    >
      {campaign ? <CouponCodes key={campaign._id} campaign={campaign} /> : null}
    </Modal>
  );
}

function CouponCodes({ campaign }: { campaign: Campaign }) {
  const add = useAddCoupon();
  const remove = useDeleteCoupon();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const path = { id: campaign._id };

  const addCode = async (typed: string | null) => {
    const wanted = typed?.trim().toUpperCase() ?? null;
    if (wanted !== null && !CODE.test(wanted)) {
      setError(CODE_FORMAT);
      return;
    }
    setError(null);
    try {
      const answer = await add.mutateAsync({
        params: { path },
        body: wanted === null ? {} : { code: wanted },
      });
      toast.success(answer.message ?? 'Code added.');
      setCode('');
    } catch (failure) {
      setError(errorMessage(failure, 'The code could not be added.'));
    }
  };
  const removeCode = async (coupon: Campaign['coupons'][number]) => {
    try {
      const answer = await remove.mutateAsync({ params: { path: { ...path, couponId: coupon._id } } });
      toast.success(answer.message ?? `Code ${coupon.code} removed.`);
    } catch (failure) {
      toast.error(errorMessage(failure, 'The code could not be removed.'));
    }
  };

  return (
    <Stack gap="md">
      {campaign.coupons.length === 0 ? (
        <Text c="dimmed">No codes yet: shoppers need a code to get this discount at checkout.</Text>
      ) : (
        <Table aria-label="Coupon codes" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Code</Table.Th>
              <Table.Th>Orders</Table.Th>
              <Table.Th>Added</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {campaign.coupons.map((coupon) => (
              <Table.Tr key={coupon._id}>
                <Table.Td ff="monospace">{coupon.code}</Table.Td>
                <Table.Td>{coupon.redemptions.toLocaleString('en-US')}</Table.Td>
                <Table.Td>{formatDate(coupon.createdAt)}</Table.Td>
                <Table.Td>
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    aria-label={`Remove ${coupon.code}`}
                    loading={remove.isPending && remove.variables?.params.path.couponId === coupon._id}
                    onClick={() => void removeCode(coupon)}
                  >
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group align="flex-end" gap="sm">
        <TextInput
          label="New code"
          placeholder="e.g. WINTER10"
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void addCode(code);
          }}
          error={error}
          flex={1}
        />
        <Button onClick={() => void addCode(code)} loading={add.isPending} mb={error ? 22 : 0}>
          Add Code
        </Button>
        <Button
          variant="light"
          onClick={() => void addCode(null)}
          disabled={add.isPending}
          mb={error ? 22 : 0}
        >
          Generate Code
        </Button>
      </Group>
    </Stack>
  );
}
