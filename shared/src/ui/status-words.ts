// The words of the lifecycles' statuses (design §5), namespace `ui` key `status`: in a module of their
// own so that a screen that shows only status tags (the home's widgets) does not load every block's
// words. translations.tsx includes them in the blocks' words.
import { addTranslations } from '@portal/shared';

export const STATUS_WORDS = {
  ru: {
    new: 'Новый', confirmed: 'Подтверждён', shipped: 'Отгружен', completed: 'Выполнен', cancelled: 'Отменён',
    pending: 'На рассмотрении', approved: 'Одобрен', rejected: 'Отклонён',
    preparing: 'Готовится', in_transit: 'В пути', delivered: 'Доставлена',
    in_review: 'На рассмотрении', accepted: 'Принята', closed: 'Закрыта',
    published: 'Опубликована', draft: 'Черновик',
    // The word agrees with its noun: a claim («претензия») and a registration request («заявка»)
    // are feminine, an order and a cancellation request («заказ», «запрос») masculine.
    claim: { new: 'Новая', rejected: 'Отклонена' },
    registration: { new: 'Новая', approved: 'Одобрена', rejected: 'Отклонена' },
  },
  en: {
    new: 'New', confirmed: 'Confirmed', shipped: 'Shipped', completed: 'Completed', cancelled: 'Cancelled',
    pending: 'Pending', approved: 'Approved', rejected: 'Rejected',
    preparing: 'Preparing', in_transit: 'In transit', delivered: 'Delivered',
    in_review: 'In review', accepted: 'Accepted', closed: 'Closed',
    published: 'Published', draft: 'Draft',
    // English has one word for all (kept, or the Russian fallback would answer for these keys).
    claim: { new: 'New', rejected: 'Rejected' },
    registration: { new: 'New', approved: 'Approved', rejected: 'Rejected' },
  },
};

let added = false;

/** Adds the status words to the page's i18n instance once (namespace `ui`, key `status`). */
export function addStatusWords(): void {
  if (added) return;
  added = true;
  addTranslations('ui', { ru: { status: STATUS_WORDS.ru }, en: { status: STATUS_WORDS.en } });
}
