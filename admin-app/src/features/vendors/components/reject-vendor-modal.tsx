import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { TextareaField } from '@shop/ui/form-fields';
import { toast } from '@shop/ui/notifications';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerFieldErrors } from '../../../lib/server-field-errors';
import { useRejectVendor } from '../api/vendors.mutations';
import {
  type RejectVendorBody,
  type RejectVendorValues,
  rejectVendorSchema,
} from '../schemas/reject-vendor.schema';

type Vendor = Schemas['VendorProfile'];

type RejectVendorModalProps = {
  /** The application being rejected; null closes the dialog. */
  vendor: Vendor | null;
  onClose: () => void;
};

/** Reject an application with the reason the applicant will read when signing in and by email. */
export function RejectVendorModal({ vendor, onClose }: RejectVendorModalProps) {
  return (
    <Modal opened={vendor !== null} onClose={onClose} title="Reject application" centered>
      {vendor ? <RejectForm key={vendor._id} vendor={vendor} onDone={onClose} /> : null}
    </Modal>
  );
}

function RejectForm({ vendor, onDone }: { vendor: Vendor; onDone: () => void }) {
  const reject = useRejectVendor();
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<RejectVendorValues, unknown, RejectVendorBody>({
    resolver: zodResolver(rejectVendorSchema),
    defaultValues: { reason: '' },
  });

  const submit = handleSubmit(async (body) => {
    setServerError(null);
    try {
      const answer = await reject.mutateAsync({ params: { path: { id: vendor._id } }, body });
      toast.success(answer.message ?? `The application of ${vendor.name} was rejected.`);
      onDone();
    } catch (error) {
      if (!applyServerFieldErrors(error, ['reason'], setError)) {
        setServerError(errorMessage(error, 'The application could not be rejected.'));
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Reject application">
      <Stack gap="sm">
        <Text size="sm">
          Reject the application of <strong>{vendor.name}</strong>? They read the reason when signing in and
          by email.
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
