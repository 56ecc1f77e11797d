import { registerEnglish } from '../../i18n/i18n';
import texts from '../../i18n/locales/en/disputes.json';

// The Dispute Center's English texts (its form's messages too) come with its code.
registerEnglish('disputes', texts);
