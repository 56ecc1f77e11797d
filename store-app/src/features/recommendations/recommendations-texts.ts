import { registerEnglish } from '../../i18n/i18n';
import texts from '../../i18n/locales/en/recommendations.json';

// The recommendation rows' English texts come with their code (product and cart pages), not with the home page.
registerEnglish('recommendations', texts);
