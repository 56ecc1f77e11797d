import { registerEnglish } from '../../i18n/i18n';
import texts from '../../i18n/locales/en/payments.json';

// The payment screens' English texts come with their code.
registerEnglish('payments', texts);
