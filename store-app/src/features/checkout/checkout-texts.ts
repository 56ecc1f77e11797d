import { registerEnglish } from '../../i18n/i18n';
import texts from '../../i18n/locales/en/checkout.json';

// The checkout's English texts (its form's messages too) come with the checkout's code.
registerEnglish('checkout', texts);
