const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

export const countryName = (code: string) => regionNames.of(code) ?? code;
