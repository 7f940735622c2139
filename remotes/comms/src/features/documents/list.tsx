// «Документы»: the files the user may download, with search and filters; «Скачать» on each. Staff
// upload for all dealers or for one and may delete; a dealer uploads for its own company.
import { useState } from 'react';
import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { selectIsStaff, useAppDispatch, useAppSelector, useTranslation, type Attachment } from '@portal/shared';
import { ConfirmButton } from '@portal/shared/ui/confirm-button';
import { PlainButton } from '@portal/shared/ui/plain-button';
import { FileUpload } from '@portal/shared/ui/file-upload';
import { DateText, FileSize } from '@portal/shared/ui/format';
import { ResourceList, type ListControls, type ResourceColumn } from '@portal/shared/ui/resource-list';
import { useChoices } from '@portal/shared/ui/use-choices';
import { downloadDocument } from './api';
import { DOCUMENTS_PATH, documentsArea } from './documents-slice';
import './translations';

const FOR_ALL = 'all';

export default function DocumentsList() {
  const { t } = useTranslation('comms');
  const dispatch = useAppDispatch();
  const isStaff = useAppSelector(selectIsStaff);
  // Only staff address a document to one dealer; a dealer's list asks for no dealers.
  const dealers = useChoices(isStaff ? '/api/dealers/' : undefined);
  const [target, setTarget] = useState<number | typeof FOR_ALL>(FOR_ALL);
  const [failure, setFailure] = useState<string | null>(null);

  const forWhom = (dealer: number | null) => {
    if (dealer === null) return t('documents.forAll');
    if (!isStaff) return t('documents.forYou');
    const found = dealers.items.find((d) => d.id === dealer);
    return found ? t('documents.dealer', { name: found.name }) : t('documents.unknownDealer', { id: dealer });
  };

  const download = async (item: Attachment) => {
    setFailure(null);
    try {
      await downloadDocument(item);
    } catch (err) {
      setFailure(t('documents.downloadFailed', { name: item.name, message: err instanceof Error ? err.message : String(err) }));
    }
  };

  const columns = ({ reload }: ListControls): ResourceColumn<Attachment>[] => [
    { title: t('documents.columns.name'), dataIndex: 'name', sortable: true },
    { title: t('documents.columns.description'), dataIndex: 'description' },
    { title: t('documents.columns.for'), dataIndex: 'dealer', render: (dealer: number | null) => forWhom(dealer) },
    { title: t('documents.columns.size'), dataIndex: 'size', sortable: true, align: 'end', render: (size: number) => <FileSize bytes={size} /> },
    { title: t('documents.columns.createdAt'), dataIndex: 'created_at', sortable: true, render: (value: string) => <DateText value={value} /> },
    {
      title: t('documents.columns.actions'), key: 'actions',
      render: (_: unknown, item) => (
        <span style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
          <PlainButton size="small" icon={<DownloadOutlined />} onClick={() => download(item)}>{t('documents.download')}</PlainButton>
          {isStaff && (
            <ConfirmButton size="small" danger title={t('documents.deleteConfirm', { name: item.name })} content={t('documents.deleteText')}
              okText={t('documents.delete')} onConfirm={async () => { await dispatch(documentsArea.remove(item.id)).unwrap(); reload(); }}>
              {t('documents.delete')}
            </ConfirmButton>
          )}
        </span>
      ),
    },
  ];

  const dealerOptions = dealers.items.map((d) => ({ value: d.id, label: d.name }));

  return (
    <ResourceList
      area={documentsArea}
      title={t('documents.title')}
      columns={columns}
      defaultOrdering="-created_at"
      exportPath={DOCUMENTS_PATH}
      exportName="documents"
      emptyText={t('documents.empty')}
      filters={[
        { name: 'for_all', label: t('documents.filters.for'), options: [{ value: 'true', label: t('documents.filters.forAll') }, { value: 'false', label: isStaff ? t('documents.filters.forOne') : t('documents.filters.forYou') }] },
        ...(isStaff ? [{ name: 'dealer', label: t('documents.filters.dealer'), options: dealerOptions.map((o) => ({ value: String(o.value), label: o.label })) }] : []),
      ]}
    >
      {({ reload }) => (
        <>
          {failure && <Alert type="error" showIcon closable title={failure} onClose={() => setFailure(null)} style={{ marginBottom: 16 }} />}
          <Card size="small" title={t('documents.uploadTitle')} style={{ marginBottom: 16 }}>
            <Flex gap={16} wrap align={isStaff ? 'end' : 'start'}>
              {isStaff ? (
                <Flex vertical gap={4}>
                  <Typography.Text id="document-target">{t('documents.uploadFor')}</Typography.Text>
                  <Select aria-labelledby="document-target" style={{ minWidth: 240 }} value={target} onChange={setTarget}
                    showSearch={{ optionFilterProp: 'label' }}
                    options={[{ value: FOR_ALL, label: t('documents.uploadForAll') }, ...dealerOptions]} />
                </Flex>
              ) : (
                <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>{t('documents.uploadOwn')}</Typography.Text>
              )}
              <FileUpload<Attachment> area={documentsArea} label={t('documents.upload')}
                fields={isStaff && target !== FOR_ALL ? { dealer: target } : {}} onUploaded={() => reload()} />
            </Flex>
          </Card>
        </>
      )}
    </ResourceList>
  );
}
