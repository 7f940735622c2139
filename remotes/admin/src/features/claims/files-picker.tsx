// Photos and documents held for a form until it is sent: several may be chosen, each removable;
// a file over the API's limit is refused at once and named, so it is never sent.
import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Upload from 'antd/es/upload';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import PaperClipOutlined from '@ant-design/icons/PaperClipOutlined';
import { useTranslation } from '@portal/shared';
import { DEFAULT_UPLOAD_LIMIT_MB } from '@portal/shared/ui/file-upload';
import { FileSize, formatFileSize } from '@portal/shared/ui/format';
import { MutedText, PlainText } from '@portal/shared/ui/text';
import { useUiTranslation } from '@portal/shared/ui/translations';

const LIMIT_BYTES = DEFAULT_UPLOAD_LIMIT_MB * 1024 * 1024;

export const isPhoto = (file: File) => file.type.startsWith('image/');

export interface FilesPickerProps {
  files: File[];
  onChange(files: File[]): void;
  disabled?: boolean;
  /** One file only (a message's attachment). */
  single?: boolean;
  label?: string;
}

export function FilesPicker({ files, onChange, disabled, single, label }: FilesPickerProps) {
  const { t, language } = useTranslation('admin');
  const { t: ui } = useUiTranslation();
  const [refused, setRefused] = useState<string | null>(null);
  const limit = formatFileSize(LIMIT_BYTES, language);
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} align="center" wrap>
        <Upload
          multiple={!single}
          showUploadList={false}
          disabled={disabled}
          accept="image/*,.pdf,.doc,.docx,.xls,.xlsx,.zip,.txt,.csv"
          // Held for the form: returning false keeps antd from sending it.
          beforeUpload={(chosen, batch) => {
            // antd calls this once per file of a multiple choice: the whole batch is taken on the first.
            if (chosen !== batch[0]) return false;
            const tooBig = batch.filter((file) => file.size > LIMIT_BYTES);
            setRefused(tooBig.length ? tooBig.map((file) => t('claims.create.tooBig', { name: file.name, limit })).join(' ') : null);
            const taken = batch.filter((file) => file.size <= LIMIT_BYTES);
            onChange(single ? taken.slice(0, 1) : [...files, ...taken]);
            return false;
          }}
        >
          <Button icon={<PaperClipOutlined aria-hidden />} disabled={disabled}>{label ?? t('claims.create.choose')}</Button>
        </Upload>
        <MutedText>{ui('upload.hint', { limit })}</MutedText>
      </Flex>
      {refused && <Alert type="error" showIcon title={refused} />}
      {files.length > 0 && (
        <ul style={{ margin: 0, paddingInlineStart: 0, listStyle: 'none' }}>
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              <Flex gap={8} align="center">
                <PlainText>{file.name}</PlainText>
                <MutedText><FileSize bytes={file.size} /></MutedText>
                <Button size="small" type="text" icon={<CloseOutlined aria-hidden />} disabled={disabled}
                  aria-label={t('claims.create.removeFile', { name: file.name })} onClick={() => onChange(files.filter((_, i) => i !== index))} />
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </Flex>
  );
}
