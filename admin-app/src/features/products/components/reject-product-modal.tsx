import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { TextareaField } from '@shop/ui/form-fields';
import { toast } from '@shop/ui/notifications';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerFieldErrors } from '../../../lib/server-field-errors';
import { useRejectProduct } from '../api/products.mutations';
import {
  type RejectProductBody,
  type RejectProductValues,
  rejectProductSchema,
} from '../schemas/reject-product.schema';

export type RejectTarget = { id: string; title: string };

type RejectProductModalProps = {
  /** The product being rejected; null closes the dialog. */
  product: RejectTarget | null;
  onClose: () => void;
};

/** Reject a vendor's product with the reason its vendor reads in the vendor panel. */
export function RejectProductModal({ product, onClose }: RejectProductModalProps) {
  return (
    <Modal opened={product !== null} onClose={onClose} title="Reject product" centered>
      {product ? <RejectForm key={product.id} product={product} onDone={onClose} /> : null}
    </Modal>
  );
}

function RejectForm({ product, onDone }: { product: RejectTarget; onDone: () => void }) {
  const reject = useRejectProduct();
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<RejectProductValues, unknown, RejectProductBody>({
    resolver: zodResolver(rejectProductSchema),
    defaultValues: { reason: '' },
  });

  const submit = handleSubmit(async (body) => {
    setServerError(null);
    try {
      const answer = await reject.mutateAsync({ params: { path: { id: product.id } }, body });
      toast.success(answer.message ?? 'Product rejected.');
      onDone();
    } catch (error) {
      if (!applyServerFieldErrors(error, ['reason'], setError)) {
        setServerError(errorMessage(error, 'The product could not be rejected.'));
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Reject product">
      <Stack gap="sm">
        <Text size="sm">
          Reject <strong>{product.title}</strong>? Its vendor reads the reason and can change the product.
        </Text>
        {serverError ? (
          <Alert color="red" role="alert">
            {serverError}
          </Alert>
        ) : null}
        <TextareaField control={control} name="reason" label="Reason" required rows={3} maxLength={1000} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={reject.isPending}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={reject.isPending}>
            Reject
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
