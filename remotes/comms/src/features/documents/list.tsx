// «Документы»: the files the user may download, with search and filters; «Скачать» on each. Staff
// upload for all dealers or for one and may delete; a dealer uploads for its own company and may
// delete what it uploaded itself (the API refuses, 409, a file a news item, order or claim links
// to, and the dialog says so). The upload
// card is plain markup (list.css, the browser's select), so the list's first draw has no antd.
import { useState } from 'react';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { selectCurrentUser, selectIsStaff, useAppDispatch, useAppSelector, useTranslation, type Attachment } from '@portal/shared';
import { ConfirmButton } from '@portal/shared/ui/confirm-button';
import { PlainButton } from '@portal/shared/ui/plain-button';
import { FileUpload } from '@portal/shared/ui/file-upload';
import { DateText, FileSize } from '@portal/shared/ui/format';
import { Notice } from '@portal/shared/ui/notice';
import { ResourceList, type ListControls, type ResourceColumn } from '@portal/shared/ui/resource-list';
import { MutedText } from '@portal/shared/ui/text';
import { useChoices } from '@portal/shared/ui/use-choices';
import { downloadDocument } from './api';
import { DOCUMENTS_PATH, documentsArea } from './documents-slice';
import './translations';
import './list.css';

const FOR_ALL = 'all';

export default function DocumentsList() {
  const { t } = useTranslation('comms');
  const dispatch = useAppDispatch();
  const isStaff = useAppSelector(selectIsStaff);
  const me = useAppSelector(selectCurrentUser)?.id;
  const mayDelete = (item: Attachment) => isStaff || (me !== undefined && item.uploaded_by === me);
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
          {mayDelete(item) && (
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
          {failure && <Notice tone="error" onClose={() => setFailure(null)} style={{ marginBottom: 16 }}>{failure}</Notice>}
          <section className="doc-upload" aria-labelledby="document-upload-title">
            <h2 className="doc-upload-title" id="document-upload-title">{t('documents.uploadTitle')}</h2>
            <div className="doc-upload-body" style={{ alignItems: isStaff ? 'flex-end' : 'flex-start' }}>
              {isStaff ? (
                <label className="doc-upload-target">
                  <span id="document-target">{t('documents.uploadFor')}</span>
                  <span className="pf-select">
                    <select className="pf" aria-labelledby="document-target" value={String(target)}
                      onChange={(event) => setTarget(event.target.value === FOR_ALL ? FOR_ALL : Number(event.target.value))}>
                      {[{ value: FOR_ALL, label: t('documents.uploadForAll') }, ...dealerOptions].map((option) => (
                        <option key={option.value} value={String(option.value)}>{option.label}</option>
                      ))}
                    </select>
                  </span>
                </label>
              ) : (
                <MutedText style={{ alignSelf: 'center' }}>{t('documents.uploadOwn')}</MutedText>
              )}
              <FileUpload<Attachment> area={documentsArea} label={t('documents.upload')}
                fields={isStaff && target !== FOR_ALL ? { dealer: target } : {}} onUploaded={() => reload()} />
            </div>
          </section>
        </>
      )}
    </ResourceList>
  );
}
