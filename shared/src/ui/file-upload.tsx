// A file upload (design §3, §5): the size is checked in the browser before anything is sent (the
// API refuses more than its limit with 413 anyway, but only after the whole file has travelled),
// the file goes as multipart through its area's create (so the area's flags and rows follow it),
// and a progress bar follows the upload
// (axios onUploadProgress). What was sent, what was refused and why is said in words.
import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Progress from 'antd/es/progress';
import Upload from 'antd/es/upload';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { apiClient, errorMessage, useAppDispatch, type CrudArea } from '@portal/shared';
import { formatFileSize } from './format';
import { MutedText, PlainText } from './text';
import { useUiTranslation } from './translations';

/** The API's default upload limit (design §5: 20 MB, UPLOAD_LIMIT_MB). */
export const DEFAULT_UPLOAD_LIMIT_MB = 20;

export type UploadFields = Record<string, string | number | null | undefined>;

/** `file` with the other `fields` as a multipart form (empty fields left out), for an area's create or postFile. */
export function uploadForm(file: File, fields: UploadFields = {}, fileField = 'file'): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== null && value !== undefined && value !== '') form.append(name, String(value));
  form.append(fileField, file, file.name);
  return form;
}

/** POSTs `file` (and `fields`) as multipart to `path`, reporting progress in per cent: for a file that is not an area's new item (a claim's photo). */
export async function postFile<Item>(path: string, file: File, fields: UploadFields, onProgress: (percent: number) => void, fileField = 'file'): Promise<Item> {
  const form = uploadForm(file, fields, fileField);
  const { data } = await apiClient.post<Item>(path, form, {
    onUploadProgress: (event) => { if (event.total) onProgress(Math.round((event.loaded / event.total) * 100)); },
  });
  return data;
}

export interface FileUploadProps<Item extends { id: number }> {
  /** The area whose new item the file is (its create, multipart): the documents' area, say. */
  area: CrudArea<Item>;
  /** Other form fields sent with it (e.g. { dealer: 3 }). */
  fields?: UploadFields;
  fileField?: string;
  /** The largest file accepted, in MB. */
  maxSizeMb?: number;
  /** The button's words; «Выбрать файл» by default. */
  label?: string;
  accept?: string;
  disabled?: boolean;
  onUploaded?(item: Item): void;
}

type Progressing = { name: string; percent: number; state: 'sending' | 'done' | 'failed'; message?: string };

export function FileUpload<Item extends { id: number }>({ area, fields = {}, fileField, maxSizeMb = DEFAULT_UPLOAD_LIMIT_MB, label, accept, disabled, onUploaded }: FileUploadProps<Item>) {
  const { t, language } = useUiTranslation();
  const dispatch = useAppDispatch();
  const [current, setCurrent] = useState<Progressing | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const limit = formatFileSize(maxSizeMb * 1024 * 1024, language);
  const busy = current?.state === 'sending';

  const send = async (file: File) => {
    setRefused(null);
    if (file.size > maxSizeMb * 1024 * 1024) {
      setCurrent(null);
      setRefused(t('upload.tooBig', { name: file.name, size: formatFileSize(file.size, language), limit }));
      return;
    }
    setCurrent({ name: file.name, percent: 0, state: 'sending' });
    try {
      const onProgress = (percent: number) => setCurrent({ name: file.name, percent, state: 'sending' });
      const item = await dispatch(area.create({ form: uploadForm(file, fields, fileField), onProgress })).unwrap();
      setCurrent({ name: file.name, percent: 100, state: 'done' });
      onUploaded?.(item);
    } catch (err) {
      setCurrent({ name: file.name, percent: 0, state: 'failed', message: errorMessage(err) });
    }
  };

  return (
    <Flex vertical gap={8} style={{ minWidth: 260 }}>
      <Flex gap={8} align="center" wrap>
        <Upload
          accept={accept}
          showUploadList={false}
          disabled={disabled || busy}
          // The file is sent by `send`, not by antd: returning false keeps antd from uploading it.
          beforeUpload={(file) => { void send(file); return false; }}
        >
          <Button icon={<UploadOutlined aria-hidden />} disabled={disabled || busy} loading={busy}>{label ?? t('upload.choose')}</Button>
        </Upload>
        <MutedText>{t('upload.hint', { limit })}</MutedText>
      </Flex>
      {refused && <Alert type="error" showIcon title={refused} />}
      {current?.state === 'sending' && (
        <div>
          <PlainText>{t('upload.sending', { name: current.name })}</PlainText>
          <Progress percent={current.percent} size="small" aria-label={t('upload.sending', { name: current.name })} />
        </div>
      )}
      {current?.state === 'done' && <Alert type="success" showIcon title={t('upload.done', { name: current.name })} />}
      {current?.state === 'failed' && <Alert type="error" showIcon title={t('upload.failed', { name: current.name, message: current.message })} />}
    </Flex>
  );
}
