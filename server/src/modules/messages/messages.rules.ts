import { type FieldError, validationError } from '../../http/errors.ts';

export const MAX_MESSAGE = 2000;
export const MAX_SUBJECT = 200;

export const MESSAGE_BLANK = 'Please write a message.';
export const MESSAGE_TOO_LONG = `A message can be at most ${MAX_MESSAGE} characters.`;
export const SUBJECT_BLANK = 'Please enter a subject.';
export const SUBJECT_TOO_LONG = `A subject can be at most ${MAX_SUBJECT} characters.`;

/** Characters as people count them (an emoji is one), as the contract's maxLength counts them. */
const length = (text: string) => [...text].length;

/** The start of a text, at most `max` characters, with an ellipsis when it was longer. */
export function cutText(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}

function trimmed(
  errors: FieldError[],
  path: string,
  value: string,
  rule: { max: number; blank: string; tooLong: string },
): string {
  const text = value.trim();
  if (text === '') errors.push({ path, message: rule.blank });
  else if (length(text) > rule.max) errors.push({ path, message: rule.tooLong });
  return text;
}

/** The fields of a message (and of a new conversation's subject) trimmed, or a 400 naming each field refused. */
export function checkedText<Fields extends { message: string; subject?: string }>(
  fields: Fields,
): { message: string; subject: string } {
  const errors: FieldError[] = [];
  const subject =
    fields.subject === undefined
      ? ''
      : trimmed(errors, '/subject', fields.subject, {
          max: MAX_SUBJECT,
          blank: SUBJECT_BLANK,
          tooLong: SUBJECT_TOO_LONG,
        });
  const message = trimmed(errors, '/message', fields.message, {
    max: MAX_MESSAGE,
    blank: MESSAGE_BLANK,
    tooLong: MESSAGE_TOO_LONG,
  });
  if (errors.length > 0) throw validationError(errors, errors[0]?.message);
  return { message, subject };
}
