const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A timestamp as the Security screen shows it (local time). */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
