import { registerEnglish } from '../../i18n/i18n';
import texts from '../../i18n/locales/en/orders.json';

// The order screens' English texts come with their code, not with every page's first download.
registerEnglish('orders', texts);
