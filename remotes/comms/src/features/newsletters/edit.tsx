import { useParams } from 'react-router-dom';
import { useTranslation } from '@portal/shared';
import { ShowFrame } from '@portal/shared/ui/show-frame';
import { StatusTag } from '@portal/shared/ui/status-tag';
import { useItem } from '@portal/shared/ui/use-item';
import { StaffOnly } from '@portal/shared/ui/staff-only';
import { NewsletterForm } from './newsletter-form';
import { newslettersArea } from './newsletters-slice';
import './translations';

export default function NewsletterEdit() {
  const { t } = useTranslation('comms');
  const { id } = useParams();
  const { item, status, error, reload } = useItem(newslettersArea, id);
  return (
    <StaffOnly>
      <ShowFrame back=".." backLabel={t('newsletters.back')} status={status} error={error} onRetry={reload}
        title={item && t('newsletters.editTitle', { title: item.title })}
        meta={item && <StatusTag status={item.published ? 'published' : 'draft'} />}>
        {item && <NewsletterForm item={item} />}
      </ShowFrame>
    </StaffOnly>
  );
}
