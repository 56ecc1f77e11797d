import { createFileRoute } from '@tanstack/react-router';
import { ApplyForm } from '../features/sell/components/apply-form';

export const Route = createFileRoute('/sell')({
  component: ApplyForm,
});
