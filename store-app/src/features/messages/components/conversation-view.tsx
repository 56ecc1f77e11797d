import { ConversationThread } from '@shop/conversations/conversation-thread';
import { ReplyBox } from '@shop/conversations/reply-box';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/router-links';
import { useLocaleFormat } from '../../../i18n/i18n';
import { useReplyToSeller } from '../api/messages.mutations';

type ConversationDetail = Schemas['ConversationDetail'];

/** One conversation with a seller: what it is about, the thread (the shopper's own on the right), the reply box. */
export function ConversationView({ conversation }: { conversation: ConversationDetail }) {
  const { t } = useTranslation('messages');
  const { locale } = useLocaleFormat();
  const reply = useReplyToSeller();
  return (
    <ConversationThread
      title={conversation.store.name}
      subtitle={
        conversation.product ? (
          <AnchorLink to="/products/$id" params={{ id: conversation.product._id }} size="sm">
            {t('thread.about', { product: conversation.product.title })}
          </AnchorLink>
        ) : (
          conversation.subject
        )
      }
      messages={conversation.messages}
      listLabel={t('thread.messages')}
      me="customer"
      senderLabel={(message) => (message.sender === 'customer' ? t('thread.you') : message.senderName)}
      locale={locale}
    >
      <ReplyBox
        layout="inline"
        busy={reply.isPending}
        onSend={(message) => reply.mutateAsync({ id: conversation._id, message })}
        texts={{ label: t('reply.label'), placeholder: t('reply.placeholder'), send: t('reply.send') }}
        error={reply.isError ? errorMessage(reply.error, t('reply.failed')) : null}
      />
    </ConversationThread>
  );
}
