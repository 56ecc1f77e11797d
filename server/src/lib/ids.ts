const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The text is a UUID, so it can be compared with a uuid column without a database error. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
