// The photos and documents of a claim or of a message. A photo shows as a thumbnail that opens
// large; every file has its name, size and «Скачать». The files are behind the bearer token, so a
// photo is fetched through the one client as a Blob and drawn from its object URL (the page's
// policy allows blob: images); a failed download is said in words.
import { useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Modal from 'antd/es/modal';
import { token } from '@portal/shared/ui/tokens';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { useTranslation, type ClaimFile } from '@portal/shared';
import { FileSize } from '@portal/shared/ui/format';
import { MutedText, PlainText } from '@portal/shared/ui/text';
import { claimPhoto, downloadClaimFile } from './api';

/** Photos a browser draws safely in an <img> (never SVG, which is a document). */
const PHOTO_TYPES = /^image\/(jpeg|png|webp|gif)$/;
export const isPhoto = (file: ClaimFile) => PHOTO_TYPES.test(file.content_type);

/** The photo's object URL once fetched (null before, or when it could not be fetched); revoked on unmount. */
function usePhotoUrl(file: ClaimFile): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    claimPhoto(file).then((data) => {
      if (!live) return;
      objectUrl = URL.createObjectURL(data);
      setUrl(objectUrl);
    }).catch(() => { /* the thumbnail stays a placeholder; «Скачать» says what went wrong */ });
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [file.url]);
  return url;
}

function Photo({ file }: { file: ClaimFile }) {
  const { t } = useTranslation('admin');
  const url = usePhotoUrl(file);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} disabled={!url} aria-label={t('claims.openPhoto', { name: file.name })}
        style={{ width: 96, height: 96, padding: 0, overflow: 'hidden', cursor: url ? 'zoom-in' : 'progress', flex: 'none',
          border: `1px solid ${token.colorBorder}`, borderRadius: token.borderRadius, background: token.colorFillQuaternary }}>
        {url && <img src={url} alt="" width={96} height={96} style={{ display: 'block', objectFit: 'cover' }} />}
      </button>
      <Modal open={open} onCancel={() => setOpen(false)} footer={null} title={file.name} width="min(960px, 100vw - 32px)" centered>
        {url && <img src={url} alt={file.name} style={{ display: 'block', maxWidth: '100%', maxHeight: '75vh', margin: '0 auto' }} />}
      </Modal>
    </>
  );
}

export function ClaimFiles({ files }: { files: ClaimFile[] }) {
  const { t } = useTranslation('admin');
  const [failure, setFailure] = useState<string | null>(null);
  const download = async (file: ClaimFile) => {
    setFailure(null);
    try {
      await downloadClaimFile(file);
    } catch (err) {
      setFailure(t('claims.downloadFailed', { name: file.name, message: err instanceof Error ? err.message : String(err) }));
    }
  };
  if (!files.length) return <MutedText>{t('claims.noFiles')}</MutedText>;
  return (
    <Flex vertical gap={4}>
      <ul style={{ margin: 0, padding: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 8 }}>
        {files.map((file) => (
          <li key={file.id}>
            <Flex gap={8} align="center" wrap>
              {isPhoto(file) && <Photo file={file} />}
              <PlainText>{file.name}</PlainText>
              <MutedText><FileSize bytes={file.size} /></MutedText>
              <Button size="small" icon={<DownloadOutlined aria-hidden />} onClick={() => void download(file)}
                aria-label={t('claims.downloadOf', { name: file.name })}>{t('claims.download')}</Button>
            </Flex>
          </li>
        ))}
      </ul>
      {failure && <Alert type="error" showIcon closable title={failure} onClose={() => setFailure(null)} />}
    </Flex>
  );
}
