// Picks one file to go with a form (a waybill, a cancellation's document): the file is held, not
// sent, until the form is saved; its size is checked at once against the API's limit, so a file
// that would be refused is never sent.
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import Upload from 'antd/es/upload';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import PaperClipOutlined from '@ant-design/icons/PaperClipOutlined';
import { useTranslation } from '@portal/shared';
import { DEFAULT_UPLOAD_LIMIT_MB } from '@portal/shared/ui/file-upload';
import { formatFileSize } from '@portal/shared/ui/format';

export const UPLOAD_LIMIT_BYTES = DEFAULT_UPLOAD_LIMIT_MB * 1024 * 1024;

export interface FilePickerProps {
  file: File | null;
  onChange(file: File | null): void;
  /** Says why a chosen file was not taken (too big); null once a file is taken. */
  onRefused(message: string | null): void;
  chooseLabel: string;
  /** The id of the text that names the field (the button says what it does, the field's name describes it). */
  describedBy?: string;
  disabled?: boolean;
}

export function FilePicker({ file, onChange, onRefused, chooseLabel, describedBy, disabled }: FilePickerProps) {
  const { t, language } = useTranslation('orders');
  const limit = formatFileSize(UPLOAD_LIMIT_BYTES, language);
  return (
    <Flex gap={8} align="center" wrap>
      <Upload
        showUploadList={false}
        disabled={disabled}
        // Held for the form: returning false keeps antd from sending it.
        beforeUpload={(chosen) => {
          if (chosen.size > UPLOAD_LIMIT_BYTES) {
            onRefused(t('orders.file.tooBig', { name: chosen.name, size: formatFileSize(chosen.size, language), limit }));
            onChange(null);
          } else {
            onRefused(null);
            onChange(chosen);
          }
          return false;
        }}
      >
        <Button icon={<PaperClipOutlined aria-hidden />} disabled={disabled} aria-describedby={describedBy}>{chooseLabel}</Button>
      </Upload>
      {file ? (
        <Flex gap={4} align="center">
          <Typography.Text>{t('orders.file.chosen', { name: file.name, size: formatFileSize(file.size, language) })}</Typography.Text>
          <Button size="small" type="text" icon={<CloseOutlined aria-hidden />} aria-label={t('orders.file.remove', { name: file.name })}
            title={t('orders.file.remove', { name: file.name })} disabled={disabled} onClick={() => onChange(null)} />
        </Flex>
      ) : (
        <Typography.Text type="secondary">{t('orders.file.limit', { limit })}</Typography.Text>
      )}
    </Flex>
  );
}
