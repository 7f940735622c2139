// The agreement's versions, newest first, each with what changed in it and who signed it and when (design §5).
// On a phone (below 768 px) a signature's dealer goes under the signer's name, not in a column of its own.
import { useTranslation, type ContractVersion } from '@portal/shared';
import { formatDate } from '@portal/shared/ui/format';
import { useIsNarrow } from '@portal/shared/ui/narrow';
import { MutedText } from '@portal/shared/ui/text';
import Collapse from 'antd/es/collapse';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';

type Signature = ContractVersion['signatures'][number];

export function AgreementVersions({ versions }: { versions: ContractVersion[] }) {
  const { t, i18n } = useTranslation('admin');
  const narrow = useIsNarrow();
  if (versions.length === 0) return <MutedText block>{t('settings.noVersions')}</MutedText>;
  return (
    <Collapse
      // Opened on the version in force: a new version opens anew.
      key={versions[0].number}
      defaultActiveKey={[versions[0].number]}
      items={versions.map((version, index) => ({
        key: version.number,
        label: (
          <Space wrap size={8}>
            <span>{t('settings.version', { number: version.number, date: formatDate(version.created_at, i18n.language, { time: true }) })}</span>
            {index === 0 && <Tag>{t('settings.current')}</Tag>}
            {version.created_by && <MutedText>{t('settings.versionBy', { name: version.created_by })}</MutedText>}
            <MutedText>{t('settings.signedCount', { count: version.signatures.length })}</MutedText>
          </Space>
        ),
        children: (
          <>
            {version.summary && <Typography.Paragraph>{t('settings.summary')}: {version.summary}</Typography.Paragraph>}
            {version.signatures.length === 0 ? <MutedText block>{t('settings.noSignatures')}</MutedText> : (
          <Table<Signature>
            size="small"
            rowKey="user_id"
            pagination={version.signatures.length > 20 ? { pageSize: 20 } : false}
            dataSource={version.signatures}
            columns={[
              {
                title: t('settings.signer'), key: 'name',
                render: (_v, s) => (
                  <>
                    {s.name} <MutedText style={{ overflowWrap: 'anywhere' }}>{s.email}</MutedText>
                    {narrow && s.dealer && <div>{s.dealer}</div>}
                  </>
                ),
              },
              { hidden: narrow, title: t('settings.dealer'), dataIndex: 'dealer', render: (dealer: string | null) => dealer ?? '—' },
              { title: t('settings.signedAt'), dataIndex: 'signed_at', render: (at: string) => formatDate(at, i18n.language, { time: true }) },
            ]}
          />
            )}
          </>
        ),
      }))}
    />
  );
}
