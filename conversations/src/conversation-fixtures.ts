import type { Schemas } from '@shop/sdk/types';

type ConversationDetail = Schemas['ConversationDetail'];
type ConversationMessage = Schemas['ConversationMessage'];
type Summary = 'lastMessage' | 'lastMessageAt';

/** Tests' message as the API sends it, written at 09:00 UTC on 22 November 2026 unless told otherwise. */
export function makeMessage(
  _id: string,
  sender: Schemas['ConversationSender'],
  body: string,
  senderName: string,
  createdAt = '2026-11-22T09:00:00.000Z',
): ConversationMessage {
  return { _id, sender, senderName, body, createdAt };
}

/** Tests' conversation with its messages; its last message and time follow the messages unless given. */
export function makeConversation(
  fields: Omit<ConversationDetail, Summary> & Partial<Pick<ConversationDetail, Summary>>,
): ConversationDetail {
  const last = fields.messages.at(-1);
  return {
    lastMessage: last
      ? { sender: last.sender, senderName: last.senderName, preview: last.body, createdAt: last.createdAt }
      : null,
    lastMessageAt: last?.createdAt ?? fields.createdAt,
    ...fields,
  };
}

/** The conversation as a list answers it: without its messages. */
export function conversationSummary({
  messages: _messages,
  ...summary
}: ConversationDetail): Schemas['Conversation'] {
  return summary;
}

/** The first page of a conversation list as the API answers it, with the reader's unread count(s). */
export function conversationPage<TUnread>(
  items: ConversationDetail[],
  unread: TUnread,
  total = items.length,
) {
  return {
    success: true as const,
    data: items.map(conversationSummary),
    meta: { page: 1, limit: 20, total },
    unread,
  };
}
