import { registerEnglish } from '../../i18n/i18n';
import texts from '../../i18n/locales/en/messages.json';

// The Messages page's and the 'Ask the seller' form's English texts come with their code.
registerEnglish('messages', texts);
