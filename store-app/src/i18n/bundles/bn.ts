// Every Bengali namespace in one chunk, fetched when a shopper chooses Bengali (i18n.ts).
export default import.meta.glob<Record<string, unknown>>('../locales/bn/*.json', {
  eager: true,
  import: 'default',
});
