// A release upload is a gzip tar of the built folder (design §3 "Releases"). It comes from outside,
// so it is read entry by entry and refused before anything leaves the folder it is unpacked into:
// only regular files and folders, no absolute path, no `..`, no links or devices; and within a
// number of files and of expanded bytes (a small archive may expand to gigabytes), counted from each
// entry's header before its bytes are read.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Parser, type ReadEntry } from 'tar';

export interface ArchiveLimits {
  maxFiles: number;
  maxBytes: number;
}

export class ArchiveError extends Error {
  constructor(readonly kind: 'bad_archive' | 'too_large', message: string) {
    super(message);
    this.name = 'ArchiveError';
  }
}

const FILE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile']);

/** The entry's path inside the folder (`./` prefixes dropped), '' for the folder itself; throws on anything that could leave it. */
export function safeEntryPath(raw: string): string {
  if (raw.includes('\0') || raw.includes('\\')) throw new ArchiveError('bad_archive', `the entry "${raw}" has a character a path may not hold`);
  if (raw.startsWith('/') || /^[a-zA-Z]:/.test(raw)) throw new ArchiveError('bad_archive', `the entry "${raw}" is an absolute path: put the folder's contents at the archive's root`);
  const parts = raw.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.includes('..')) throw new ArchiveError('bad_archive', `the entry "${raw}" goes up out of the folder ("..")`);
  return parts.join('/');
}

/** Unpacks `bytes` (a gzip tar) into `folder`, files owner-only; throws an ArchiveError when it must be refused. */
export async function extractRelease(bytes: Buffer, folder: string, limits: ArchiveLimits): Promise<void> {
  if (bytes.length < 2 || bytes[0] !== 0x1f || bytes[1] !== 0x8b) throw new ArchiveError('bad_archive', 'the upload is not a gzip file: send the built folder as a .tar.gz');
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  let files = 0;
  let expanded = 0;
  let entries = 0;
  await new Promise<void>((resolve, reject) => {
    let failed = false;
    const parser = new Parser({ strict: true });
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      reject(error instanceof ArchiveError ? error : new ArchiveError('bad_archive', `the archive cannot be read: ${error instanceof Error ? error.message : String(error)}`));
      parser.abort(error instanceof Error ? error : new Error(String(error)));
    };
    parser.on('entry', (entry: ReadEntry) => {
      if (failed) return entry.resume();
      try {
        entries += 1;
        const inner = safeEntryPath(entry.path);
        if (entry.type === 'Directory') {
          if (inner) mkdirSync(path.join(folder, inner), { recursive: true, mode: 0o700 });
          return entry.resume();
        }
        if (!FILE_TYPES.has(entry.type)) throw new ArchiveError('bad_archive', `the entry "${entry.path}" is a ${entry.type}: only files and folders are taken`);
        if (!inner) throw new ArchiveError('bad_archive', `the entry "${entry.path}" has no file name`);
        files += 1;
        expanded += entry.size ?? 0;
        if (files > limits.maxFiles) throw new ArchiveError('too_large', `the archive holds more than ${limits.maxFiles} files`);
        if (expanded > limits.maxBytes) throw new ArchiveError('too_large', `the archive expands to more than ${Math.floor(limits.maxBytes / 1024 / 1024)} MB`);
        const chunks: Buffer[] = [];
        let received = 0;
        entry.on('data', (chunk: Buffer) => {
          received += chunk.length;
          // The header's size is what the parser reads; more would be a broken archive, never a bigger file.
          if (received <= (entry.size ?? 0)) chunks.push(chunk);
        });
        entry.on('end', () => {
          if (failed) return;
          try {
            const target = path.join(folder, inner);
            mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
            writeFileSync(target, Buffer.concat(chunks), { mode: 0o600, flag: 'wx' });
          } catch (error) {
            fail(new ArchiveError('bad_archive', `the entry "${entry.path}" cannot be written: ${(error as NodeJS.ErrnoException).code === 'EEXIST' ? 'it appears twice' : 'its path is not a file'}`));
          }
        });
      } catch (error) {
        entry.resume();
        fail(error);
      }
    });
    parser.on('error', fail);
    parser.on('abort', fail);
    parser.on('warn', (_code: string, message: string) => fail(new ArchiveError('bad_archive', `the archive cannot be read: ${message}`)));
    parser.on('end', () => {
      if (failed) return;
      if (entries === 0) fail(new ArchiveError('bad_archive', 'the archive is empty'));
      else resolve();
    });
    parser.end(bytes);
  });
}
