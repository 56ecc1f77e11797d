import { registerEnglish } from '../../i18n/i18n';
import texts from '../../i18n/locales/en/auth.json';

// The sign-in screens' English texts come with their code, not with every page's first download.
registerEnglish('auth', texts);
