import { formatDate } from '@shop/ui/format';

/** 'Nov 22, 2026, 10:20 AM': a conversation needs the time as well as the day. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${formatDate(iso)}, ${date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`;
}
