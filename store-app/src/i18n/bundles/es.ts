// Every Spanish namespace in one chunk, fetched when a shopper chooses Spanish (i18n.ts).
export default import.meta.glob<Record<string, unknown>>('../locales/es/*.json', {
  eager: true,
  import: 'default',
});
