import { Modal, Radio, Stack } from '@mantine/core';
import { type DeliveryOption, deliveryWhen, feeText } from '../lib/delivery';

type DeliveryOptionsModalProps = {
  opened: boolean;
  onClose: () => void;
  options: DeliveryOption[];
  chosen: DeliveryOption;
  onChoose: (code: string) => void;
};

/** The shopper's pick among the quoted delivery options; delivery-options.tsx fetches it on first open. */
export function DeliveryOptionsModal({
  opened,
  onClose,
  options,
  chosen,
  onChoose,
}: DeliveryOptionsModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Delivery Options"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Radio.Group label="Choose a delivery option" value={chosen.code} onChange={onChoose}>
        <Stack gap="xs" mt="xs">
          {options.map((option) => (
            <Radio
              key={option.code}
              value={option.code}
              label={`${option.company} · ${feeText(option)}`}
              description={deliveryWhen(option)}
            />
          ))}
        </Stack>
      </Radio.Group>
    </Modal>
  );
}
