import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { answered, apiClient, contractSigned, errorMessage, selectCurrentUser, useAppDispatch, useAppSelector, useTranslation } from '@portal/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { token } from '@portal/shared/ui/tokens';
import { MarkdownDocument } from '@portal/shared/ui/markdown-document';
import { AgreementChanges } from './agreement-changes';
import '../layout/cabinet-translations';
import './translations';
import { ScreenTitle } from '@portal/shared/ui/text';
import { formatDate } from '@portal/shared/ui/format';
import type { Contract } from '@portal/shared';


/**
 * The dealer agreement: a dealer who has not signed it sees only this and the news (design §4). One
 * who signed an earlier version sees what changed: the admin's summary, and the version signed
 * beside the new one (agreement-changes.tsx).
 * Its own chunk (the cabinet loads it lazily), so the Markdown renderer weighs on no other screen.
 */
export default function ContractScreen() {
  const { t, i18n } = useTranslation('host');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector(selectCurrentUser);
  const [contract, setContract] = useState<Contract | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [signing, setSigning] = useState(false);

  useEffect(() => {
    apiClient.get<Contract>('/api/contract/').then(({ data }) => setContract(data), (err) => setError(errorMessage(err)));
  }, []);

  const sign = async () => {
    setSigning(true);
    setError(null);
    const result = await dispatch(contractSigned());
    setSigning(false);
    if (contractSigned.rejected.match(result)) setError(String(result.payload ?? result.error.message));
    // Signed from the gate: the cabinet replaces this screen at once, so it is said as every action's
    // answer is, in the host's one live region, which outlives the move.
    else {
      setContract((current) => current && { ...current, signed: true, earlier_signed_version: null });
      dispatch(answered({ text: t('contract.signedAt') }));
    }
  };

  // The agreement's own answer wins over the token's claim, which may predate a new version.
  const signed = contract ? contract.signed : user?.contract_signed;
  const changedSince = contract && !contract.signed ? contract.earlier_signed_version : null;
  // Staff read the agreement as dealers see it; only a dealer signs.
  const dealer = user?.role === 'dealer';
  return (
    <Card style={{ maxWidth: 860, margin: '0 auto' }}>
      <ScreenTitle style={{ marginTop: 0 }}>{t('contract.title')}</ScreenTitle>
      {contract?.version && (
        <Typography.Paragraph type="secondary" data-testid="contract-version">
          {t('contract.version', { number: contract.version.number, date: formatDate(contract.version.created_at, i18n.language) })}
        </Typography.Paragraph>
      )}
      {changedSince !== null && changedSince !== undefined ? (
        <Alert type="warning" showIcon title={t('contract.changed')} description={t('contract.changedText', { number: changedSince })} style={{ marginBottom: 16 }} />
      ) : !signed && <Typography.Paragraph type="secondary">{dealer ? t('contract.lead') : t('contract.staff')}</Typography.Paragraph>}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {!contract && !error ? <Skeleton active paragraph={{ rows: 8 }} /> : contract && changedSince && contract.version && contract.earlier_signed_text !== null ? (
        <AgreementChanges summary={contract.summary} before={contract.earlier_signed_text} after={contract.text}
          signedVersion={changedSince} version={contract.version.number} />
      ) : contract && (
        <div data-testid="contract-text" style={{ maxHeight: 420, overflow: 'auto', padding: '16px 20px', border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, marginBottom: 16 }}>
          <MarkdownDocument text={contract.text} />
        </div>
      )}
      {!dealer ? null : signed ? (
        <Result status="success" title={t('contract.signedAt')} extra={<Button type="primary" onClick={() => navigate('/')}>{t('contract.toCabinet')}</Button>} />
      ) : contract && (
        <Space orientation="vertical">
          <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)}>{t('contract.agree')}</Checkbox>
          <Button type="primary" disabled={!agreed} loading={signing} onClick={sign}>{t('contract.sign')}</Button>
        </Space>
      )}
    </Card>
  );
}
