// A claim's page (`/admin/claims/:id`): what is claimed (order line, quantity, reason,
// description), its photos and documents, the resolution, the status timeline and the
// conversation; staff move it one step at a time and write internal notes. Another dealer's
// claim is 404: «Претензия не найдена».
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import Alert from 'antd/es/alert';
import Descriptions from 'antd/es/descriptions';
import { Col, Row } from 'antd/es/grid';
import { selectIsStaff, useAppSelector, useTranslation } from '@portal/shared';
import { DateText } from '@portal/shared/ui/format';
import { ShowFrame } from '@portal/shared/ui/show-frame';
import { StatusTag } from '@portal/shared/ui/status-tag';
import { StatusTimeline } from '@portal/shared/ui/status-timeline';
import { MutedText, NotFoundPanel, PlainText, SectionTitle } from '@portal/shared/ui/text';
import { useItem } from '@portal/shared/ui/use-item';
import { claimsArea } from './claims-slice';
import { ClaimFiles } from './claim-files';
import { Conversation } from './conversation';
import { StatusActions } from './status-actions';

export default function ClaimShow() {
  const { t } = useTranslation('admin');
  const { id } = useParams();
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
  const isStaff = useAppSelector(selectIsStaff);
  const { item, status: itemStatus, error, reload } = useItem(claimsArea, id);
  // The area's claim once this page has read it: read again after a change, it stays on screen
  // until the answer comes.
  const { current } = useAppSelector(claimsArea.selectArea);
  const [read, setRead] = useState(false);
  if (item && !read) setRead(true);
  const claim = read && current && String(current.id) === id && itemStatus !== 'notFound' ? current : null;
  const status = itemStatus === 'loading' && claim ? 'ready' : itemStatus;

  if (status === 'notFound') {
    return (
      <ShowFrame back="../claims" backLabel={t('claims.back')} status="ready" title={t('claims.notFound')}>
        <NotFoundPanel text={t('claims.notFoundText')} />
      </ShowFrame>
    );
  }

  return (
    <ShowFrame
      back="../claims"
      backLabel={t('claims.back')}
      status={status}
      error={error}
      onRetry={reload}
      title={claim && t('claims.heading', { id: claim.id })}
      actions={claim && isStaff && <StatusActions claim={claim} onChanged={reload} />}
      meta={claim && (
        <>
          <StatusTag status={claim.status} of="claim" />
          <MutedText>{t('claims.createdAt')} <DateText value={claim.created_at} /></MutedText>
          <Link to={`/orders/${claim.order}`}>{t('claims.order', { number: claim.order_number })}</Link>
          {isStaff && <PlainText>{t('claims.dealer', { name: claim.dealer_name })}</PlainText>}
        </>
      )}
    >
      {claim && (
        <>
          {typeof notice === 'string' && <Alert type="warning" showIcon title={notice} style={{ marginBottom: 16 }} />}
          <Row gutter={[24, 24]}>
            <Col xs={24} xxl={16}>
              <section aria-labelledby="claim-details">
                <SectionTitle style={{ marginTop: 0 }}><span id="claim-details">{t('claims.details')}</span></SectionTitle>
                <Descriptions size="small" column={1} bordered items={[
                  { key: 'product', label: t('claims.product'), children: claim.product_name },
                  { key: 'quantity', label: t('claims.quantity'), children: claim.quantity },
                  { key: 'reason', label: t('claims.reason'), children: t(`claims.reasons.${claim.reason}`) },
                  { key: 'description', label: t('claims.description'), children: <span style={{ whiteSpace: 'pre-wrap' }}>{claim.description}</span> },
                  { key: 'files', label: t('claims.files'), children: <ClaimFiles files={claim.files} /> },
                  { key: 'resolution', label: t('claims.resolution'), children: claim.resolution
                    ? <span data-testid="claim-resolution" style={{ whiteSpace: 'pre-wrap' }}>{claim.resolution}</span>
                    : <MutedText>{t('claims.noResolution')}</MutedText> },
                ]} />
              </section>
              <Conversation claimId={claim.id} />
            </Col>
            <Col xs={24} xxl={8}>
              <section aria-labelledby="claim-history">
                <SectionTitle style={{ marginTop: 0 }}><span id="claim-history">{t('claims.history')}</span></SectionTitle>
                <div style={{ maxWidth: 640 }}><StatusTimeline history={claim.history} of="claim" /></div>
              </section>
            </Col>
          </Row>
        </>
      )}
    </ShowFrame>
  );
}
