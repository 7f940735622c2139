// A registration request's page (staff): the company's data, the INN check (its check digits, and
// the dealers and other requests that already have it, each a link), the applicant's comment and
// the status timeline; «Одобрить» and «Отклонить» while it is new. A decision waits for the server,
// then the page reads the request again.
import { Link, useParams } from 'react-router-dom';
import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import { Col, Row } from 'antd/es/grid';
import { isValidTaxId, useTranslation, type RegistrationRequest } from '@portal/shared';
import { DateText } from '@portal/shared/ui/format';
import { ShowFrame } from '@portal/shared/ui/show-frame';
import { StaffOnly } from '@portal/shared/ui/staff-only';
import { StatusTag } from '@portal/shared/ui/status-tag';
import { StatusTimeline } from '@portal/shared/ui/status-timeline';
import { MutedText, NotFoundPanel, PlainText, SectionTitle } from '@portal/shared/ui/text';
import { useItem } from '@portal/shared/ui/use-item';
import { ApproveButton, RejectButton } from './decision';
import { registrationsArea } from './registrations-slice';

// The list is the page's parent address, whichever base path the host gives the remote.
const LIST = '../registrations';

function TaxIdCheck({ request }: { request: RegistrationRequest }) {
  const { t } = useTranslation('dealers');
  const valid = isValidTaxId(request.tax_id);
  const same = request.same_tax_id ?? [];
  return (
    <section aria-labelledby="registration-tax-id">
      <SectionTitle><span id="registration-tax-id">{t('registrations.taxId.title')}</span></SectionTitle>
      <Flex vertical gap={8}>
        <Alert showIcon type={valid ? 'success' : 'error'} title={`${request.tax_id}: ${t(valid ? 'registrations.taxId.valid' : 'registrations.taxId.invalid')}`} />
        {same.length ? (
          <Alert showIcon type="warning" title={t('registrations.taxId.same')} description={(
            <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="same-tax-id">
              {same.map((other) => (
                <li key={`${other.kind}-${other.id}`}>
                  {other.kind === 'dealer'
                    ? <Link to={`../../${other.id}`} relative="path">{t('registrations.taxId.dealer', { name: other.name })}</Link>
                    : <><Link to={`../${other.id}`} relative="path">{t('registrations.taxId.request', { name: other.name })}</Link> {other.status && <StatusTag status={other.status} of="registration" />}</>}
                </li>
              ))}
            </ul>
          )} />
        ) : <MutedText>{t('registrations.taxId.unique')}</MutedText>}
      </Flex>
    </section>
  );
}

export default function RegistrationShow() {
  const { t } = useTranslation('dealers');
  const { id } = useParams();
  const { item: request, status, error, reload } = useItem(registrationsArea, id);

  if (status === 'notFound') {
    return (
      <StaffOnly>
        <ShowFrame back={LIST} backLabel={t('registrations.back')} status="ready" title={t('registrations.notFound')}>
          <NotFoundPanel text={t('registrations.notFoundText')} />
        </ShowFrame>
      </StaffOnly>
    );
  }

  return (
    <StaffOnly>
      <ShowFrame
        back={LIST}
        backLabel={t('registrations.back')}
        status={status}
        error={error}
        onRetry={reload}
        title={request && t('registrations.heading', { company: request.company_name })}
        actions={request?.status === 'new' && (
          <>
            <ApproveButton request={request} onDecided={reload} />
            <RejectButton request={request} onDecided={reload} />
          </>
        )}
        meta={request && (
          <>
            <StatusTag status={request.status} of="registration" />
            <MutedText>{t('registrations.createdAt')} <DateText value={request.created_at} time /></MutedText>
          </>
        )}
      >
        {request && (
          <Row gutter={[24, 24]}>
            <Col xs={24} xl={15}>
              <Flex vertical gap={24}>
                <Card size="small" title={<h2 style={{ margin: 0, fontSize: 'inherit' }}>{t('registrations.company')}</h2>}>
                  <Descriptions column={{ xs: 1, md: 2 }} size="small" items={[
                    { key: 'company', label: t('registrations.fields.company'), children: request.company_name },
                    { key: 'taxId', label: t('registrations.fields.taxId'), children: request.tax_id },
                    { key: 'contact', label: t('registrations.fields.contact'), children: request.contact_name },
                    { key: 'email', label: t('registrations.fields.email'), children: <a href={`mailto:${request.email}`}>{request.email}</a> },
                    { key: 'phone', label: t('registrations.fields.phone'), children: <a href={`tel:${request.phone.replace(/[^\d+]/g, '')}`}>{request.phone}</a> },
                    ...(request.decided_at ? [{ key: 'decided', label: t('registrations.fields.decidedAt'), children: <DateText value={request.decided_at} time /> }] : []),
                    ...(request.status === 'rejected' && request.decision_reason ? [{ key: 'reason', label: t('registrations.fields.reason'), children: request.decision_reason }] : []),
                    ...(request.dealer !== null ? [{
                      key: 'dealer', label: t('registrations.fields.dealer'),
                      children: <Link to={`../../${request.dealer}`} relative="path">{t('registrations.openDealer', { name: request.company_name })}</Link>,
                    }] : []),
                  ]} />
                </Card>
                <TaxIdCheck request={request} />
                <section aria-labelledby="registration-comment">
                  <SectionTitle><span id="registration-comment">{t('registrations.comment')}</span></SectionTitle>
                  {request.comment
                    ? <p style={{ whiteSpace: 'pre-wrap', margin: 0 }}><PlainText>{request.comment}</PlainText></p>
                    : <MutedText>{t('registrations.noComment')}</MutedText>}
                </section>
              </Flex>
            </Col>
            <Col xs={24} xl={9}>
              <section aria-labelledby="registration-history">
                <SectionTitle><span id="registration-history">{t('registrations.history')}</span></SectionTitle>
                <StatusTimeline history={request.history} of="registration" />
              </section>
            </Col>
          </Row>
        )}
      </ShowFrame>
    </StaffOnly>
  );
}
