import { Modal, Radio, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../../i18n/i18n';
import { type DeliveryOption, deliveryWhen, feeText } from '../lib/delivery';
import { digitsIn } from '../lib/digits';
import '../product-texts';

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
  const { t } = useTranslation('product');
  const { locale, money } = useLocaleFormat();
  const digits = digitsIn(locale);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('delivery.title')}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Radio.Group label={t('delivery.choose')} value={chosen.code} onChange={onChoose}>
        <Stack gap="xs" mt="xs">
          {options.map((option) => (
            <Radio
              key={option.code}
              value={option.code}
              label={`${option.company} · ${feeText(option, t, money)}`}
              description={deliveryWhen(option, t, digits)}
            />
          ))}
        </Stack>
      </Radio.Group>
    </Modal>
  );
}
