import { registerEnglish } from '../../i18n/i18n';
import texts from '../../i18n/locales/en/sell.json';

// The apply-to-sell page's English texts come with its code, not with every page's first download.
registerEnglish('sell', texts);
