import { registerEnglish } from '../../i18n/i18n';
import texts from '../../i18n/locales/en/product.json';

// The product page's English texts come with its code, not with the home page's first download.
registerEnglish('product', texts);
