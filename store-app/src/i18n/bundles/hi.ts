// Every Hindi namespace in one chunk, fetched when a shopper chooses Hindi (i18n.ts).
export default import.meta.glob<Record<string, unknown>>('../locales/hi/*.json', {
  eager: true,
  import: 'default',
});
