import { Stepper } from '@mantine/core';

/** Spec 1 §2.11: '1 Enter Product ID', '2 Preview & Import'. The steps are moved by the screen, not clicked. */
export function ImportStepper({ active }: { active: 0 | 1 }) {
  return (
    <Stepper active={active} allowNextStepsSelect={false} size="sm" aria-label="Import steps">
      <Stepper.Step label="Enter Product ID" />
      <Stepper.Step label="Preview & Import" />
    </Stepper>
  );
}
