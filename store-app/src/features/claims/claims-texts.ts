import { registerEnglish } from '../../i18n/i18n';
import texts from '../../i18n/locales/en/claims.json';

// The claim form's English texts come with its code, not with every page's first download.
registerEnglish('claims', texts);
