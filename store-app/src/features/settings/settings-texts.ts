import { registerEnglish } from '../../i18n/i18n';
import texts from '../../i18n/locales/en/settings.json';

// The settings modal's English texts come with its code (loaded when first opened), not with every page's first download.
registerEnglish('settings', texts);
