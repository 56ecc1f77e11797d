import { registerEnglish } from '../../i18n/i18n';
import texts from '../../i18n/locales/en/cart.json';

// The cart's English texts come with the cart's code, not with every page's first download.
registerEnglish('cart', texts);
