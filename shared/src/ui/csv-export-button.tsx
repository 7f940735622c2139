// «Экспорт CSV» (design §3, §6): every row the list matches, not just the page on screen. The API
// streams it for `?format=csv` (or `xlsx`, as the catalogue's «Скачать прайс-лист») with the list's
// own filters, search and ordering and the visible columns (`fields=`); paging is left out, so there
// is no row cap. Fetched through the one client (the bearer token rides along) and saved as a file.
import { useState, type ReactNode } from 'react';
import { PlainButton } from './plain-button';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { type ListParams } from '@portal/shared';
import { downloadFile } from './download-file';
import { useUiTranslation } from './translations';

export interface CsvExportButtonProps {
  /** The list's path, e.g. '/api/newsletters/'. */
  path: string;
  /** The list's query as sent for the page on screen; its paging is dropped. */
  query: ListParams;
  /** The API names of the visible columns, in their order. */
  fields: string[];
  /** The file's name when the API names none, without its extension. */
  fileName: string;
  /** The file's format: `csv` (default) or `xlsx`. */
  format?: ExportFormat;
  /** The button's text; «Экспорт CSV» by default. */
  label?: ReactNode;
  onError(message: string): void;
}

export type ExportFormat = 'csv' | 'xlsx';

/** The CSV's query: the list's filters, search and ordering, the columns, no paging. */
export function csvQuery(query: ListParams, fields: string[], format: ExportFormat = 'csv'): Record<string, string | number | boolean> {
  const params: Record<string, string | number | boolean> = {};
  for (const [name, value] of Object.entries(query)) {
    if (name === 'page' || name === 'page_size' || value === null || value === undefined || value === '') continue;
    params[name] = value;
  }
  params.format = format;
  if (fields.length) params.fields = fields.join(',');
  return params;
}

export function CsvExportButton({ path, query, fields, fileName, format = 'csv', label, onError }: CsvExportButtonProps) {
  const { t } = useUiTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadFile(path, csvQuery(query, fields, format), `${fileName}.${format}`);
    } catch (err) {
      // Said of what was asked for: a price list's download is not «CSV».
      onError(t(format === 'xlsx' ? 'list.priceListFailed' : 'list.exportFailed', { message: err instanceof Error ? err.message : String(err) }));
    } finally {
      setBusy(false);
    }
  };
  return <PlainButton icon={<DownloadOutlined />} loading={busy} onClick={run}>{label ?? t('list.export')}</PlainButton>;
}
