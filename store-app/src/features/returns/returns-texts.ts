import { registerEnglish } from '../../i18n/i18n';
import texts from '../../i18n/locales/en/returns.json';

// The return screens' English texts come with their code, not with every page's first download.
registerEnglish('returns', texts);
