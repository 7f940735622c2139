import { useTranslation } from '@portal/shared';
import { ShowFrame } from '@portal/shared/ui/show-frame';
import { StaffOnly } from '@portal/shared/ui/staff-only';
import { NewsletterForm } from './newsletter-form';
import './translations';

export default function NewsletterCreate() {
  const { t } = useTranslation('comms');
  return (
    <StaffOnly>
      <ShowFrame back=".." backLabel={t('newsletters.back')} status="ready" title={t('newsletters.newTitle')}>
        <NewsletterForm />
      </ShowFrame>
    </StaffOnly>
  );
}
