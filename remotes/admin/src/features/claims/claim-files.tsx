// The photos and documents of a claim or of a message: name, size and «Скачать», fetched through
// the one client (the files are behind the bearer token); a failed download is said in words.
import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { useTranslation, type ClaimFile } from '@portal/shared';
import { FileSize } from '@portal/shared/ui/format';
import { MutedText, PlainText } from '@portal/shared/ui/text';
import { downloadClaimFile } from './api';

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
      <ul style={{ margin: 0, padding: 0, listStyle: 'none' }}>
        {files.map((file) => (
          <li key={file.id}>
            <Flex gap={8} align="center" wrap>
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
