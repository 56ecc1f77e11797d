import { registerEnglish } from '../../i18n/i18n';
import texts from '../../i18n/locales/en/profile.json';

// The account area's English texts come with its code, not with every page's first download.
registerEnglish('profile', texts);
