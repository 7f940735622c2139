import type { Id, Timestamp } from './columns';

export interface StoredFilesTable {
  id: Id;
  /** The client's file name, cleaned (lib/files.ts); only ever sent back in Content-Disposition. */
  name: string;
  content_type: string;
  size: number;
  sha256: string;
  data: Buffer;
  created_at: Timestamp;
}
