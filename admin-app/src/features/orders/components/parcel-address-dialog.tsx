import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { errorMessage, isApiError } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { toast } from '@shop/ui/notifications';
import { useState } from 'react';
import { useFixParcelAddress } from '../api/orders.mutations';

type ParcelAddress = Schemas['ParcelAddress'];

const FIELDS: Array<{ name: keyof ParcelAddress; label: string; description?: string }> = [
  { name: 'fullName', label: 'Full name' },
  { name: 'address', label: 'Address' },
  { name: 'city', label: 'City' },
  { name: 'province', label: 'Province / state' },
  { name: 'postalCode', label: 'Postal code' },
  { name: 'mobileNo', label: 'Mobile number' },
  { name: 'taxNumber', label: 'Tax number', description: "Brazil: the receiver's CPF (11 digits)." },
];

type ParcelAddressDialogProps = {
  orderId: string;
  parcel: Schemas['SupplierParcel'];
  opened: boolean;
  onClose: () => void;
};

/** The fix of an address the supplier rejected: saves the corrected address, then places the parcel again. */
export function ParcelAddressDialog({ orderId, parcel, opened, onClose }: ParcelAddressDialogProps) {
  const fix = useFixParcelAddress();
  const [values, setValues] = useState<ParcelAddress>({
    fullName: '',
    address: '',
    city: '',
    province: '',
    postalCode: '',
    mobileNo: '',
    taxNumber: '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof ParcelAddress, string>>>({});

  const submit = async () => {
    setErrors({});
    try {
      await fix.mutateAsync({ params: { path: { id: orderId, parcelId: parcel.id } }, body: values });
      toast.success(`Address saved; parcel ${parcel.number} placed again.`);
      onClose();
    } catch (error) {
      const fieldErrors = isApiError(error) ? (error.errors ?? []) : [];
      setErrors(Object.fromEntries(fieldErrors.map((e) => [e.path, e.message])));
      toast.error(errorMessage(error, `Failed to fix the address of parcel ${parcel.number}.`));
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={`Edit address: parcel ${parcel.number}`}>
      <Stack gap="sm">
        {FIELDS.map((field) => (
          <TextInput
            key={field.name}
            label={field.label}
            description={field.description}
            value={values[field.name]}
            error={errors[field.name]}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setValues((current) => ({ ...current, [field.name]: value }));
            }}
          />
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={fix.isPending} onClick={() => void submit()}>
            Save and retry
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
