// A file upload (design §3, §5): the size is checked in the browser before anything is sent (the
// API refuses more than its limit with 413 anyway, but only after the whole file has travelled),
// the file goes as multipart through its area's create (so the area's flags and rows follow it),
// and a progress bar follows the upload
// (axios onUploadProgress). What was sent, what was refused and why is said in words.
// Plain markup (the browser's file input behind a button in antd's look, notice.tsx's messages):
// a list that offers an upload («Документы») draws no antd component on its first draw.
import { useRef, useState } from 'react';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { apiClient, errorMessage, useAppDispatch, type CrudArea } from '@portal/shared';
import { formatFileSize } from './format';
import { Notice, ProgressBar } from './notice';
import { PlainButton } from './plain-button';
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

  const input = useRef<HTMLInputElement>(null);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8, minWidth: 260 }}>
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
        <input ref={input} type="file" accept={accept} hidden tabIndex={-1} aria-hidden disabled={disabled || busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = ''; // the same file chosen again is sent again
            if (file) void send(file);
          }} />
        <PlainButton icon={<UploadOutlined />} disabled={disabled || busy} loading={busy} onClick={() => input.current?.click()}>
          {label ?? t('upload.choose')}
        </PlainButton>
        <MutedText>{t('upload.hint', { limit })}</MutedText>
      </div>
      {refused && <Notice tone="error">{refused}</Notice>}
      {current?.state === 'sending' && (
        <div>
          <PlainText>{t('upload.sending', { name: current.name })}</PlainText>
          <ProgressBar percent={current.percent} label={t('upload.sending', { name: current.name })} />
        </div>
      )}
      {current?.state === 'done' && <Notice tone="success">{t('upload.done', { name: current.name })}</Notice>}
      {current?.state === 'failed' && <Notice tone="error">{t('upload.failed', { name: current.name, message: current.message })}</Notice>}
    </div>
  );
}
